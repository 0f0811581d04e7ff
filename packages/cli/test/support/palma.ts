import { spawn } from "node:child_process"
import { type Readable, Writable } from "node:stream"
import { fileURLToPath } from "node:url"
import { runCli } from "../../src/runCli.js"

const bin = fileURLToPath(new URL("../../bin/palma.mjs", import.meta.url))

export interface Run {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

/** A stream that keeps everything written to it, as text. */
const capture = () => {
  let text = ""
  const stream = new Writable({
    decodeStrings: false,
    write(chunk: unknown, _encoding, done) {
      text += Buffer.isBuffer(chunk) ? chunk.toString("utf8") : String(chunk)
      done()
    }
  })
  return { stream, text: () => text }
}

/** A person at a terminal: what they type, read by the CLI's prompts. */
export interface Terminal {
  readonly stdin: Readable
}

/**
 * Runs `palma` in this process, through the same entry as the executable: most tests are about
 * what a command does, not about the process around it. The environment is only the one given,
 * so a developer's own PALMA_* variables and session never leak into a test. Without a terminal,
 * stdin is not a TTY, as when spawned by a scheduler.
 */
export const palma = async (args: ReadonlyArray<string>, env: Readonly<Record<string, string>>, terminal?: Terminal): Promise<Run> => {
  const stdout = capture()
  const stderr = capture()
  const code = await runCli({
    argv: args,
    env,
    stdout: stdout.stream,
    stderr: stderr.stream,
    ...(terminal === undefined ? {} : { stdin: terminal.stdin, isTTY: true })
  })
  return { code, stdout: stdout.text(), stderr: stderr.text() }
}

/**
 * Runs the real, built `palma` executable, for what only a process shows: exit statuses, stdin
 * that is a pipe, files written under a real umask, the inherited environment. Asynchronous on
 * purpose: the server under test lives in this process, so a synchronous spawn would block the
 * very server the CLI is calling. The caller's PALMA_* variables are dropped so a developer's own
 * session never leaks into a test. `cwd`: where relative file names land (this process's by default).
 */
export const spawnPalma = (args: ReadonlyArray<string>, env: Readonly<Record<string, string>>, options: { readonly cwd?: string } = {}): Promise<Run> =>
  new Promise((resolve, reject) => {
    const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("PALMA_")))
    // stdin is a pipe nobody writes to, as under a scheduler: the CLI must neither prompt nor wait on it.
    const child = spawn(process.execPath, [bin, ...args], { env: { ...inherited, ...env }, stdio: ["pipe", "pipe", "pipe"], cwd: options.cwd })
    let stdout = ""
    let stderr = ""
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk))
    child.on("error", reject)
    child.on("close", (code) => {
      child.stdin.destroy()
      resolve({ code, stdout, stderr })
    })
  })
