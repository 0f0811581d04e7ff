import { ExitCode } from "./errors.js"
import { runCli } from "./runCli.js"

// `palma list district | head` closes the pipe early: that is the reader's choice, not a failure.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code !== "EPIPE") throw error
  process.exit(ExitCode.ok)
})

// exitCode rather than exit(): stdout may still be flushing a long listing into a pipe.
process.exitCode = await runCli({
  argv: process.argv.slice(2),
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  isTTY: process.stdin.isTTY === true
})
