import { Readable, type Writable } from "node:stream"
import { CommanderError } from "commander"
import { configDir } from "./config/configDir.js"
import { ExitCode, toCliError } from "./errors.js"
import type { Env, Io } from "./io.js"
import { buildProgram } from "./program.js"

/** One run of `palma`: its arguments and the world it sees. */
export interface CliRun {
  /** The arguments after `palma`. */
  readonly argv: ReadonlyArray<string>
  readonly env: Env
  readonly stdout: Writable
  readonly stderr: Writable
  /** Where prompts read; without one there is nothing to read. */
  readonly stdin?: Readable
  /** Whether stdin is a terminal a person answers prompts at; otherwise a missing answer is a usage error. */
  readonly isTTY?: boolean
  /** Where credentials.json lives; by default the one the environment names (see configDir). */
  readonly configDir?: string
}

/** Help and version end well (0); any other commander error is a usage error (2). */
const commanderExitCode = (error: CommanderError): ExitCode => (error.exitCode === 0 ? ExitCode.ok : ExitCode.usage)

/**
 * Runs the program once and says how it ended; every failure is printed on the run's stderr and
 * becomes an exit code, nothing is thrown. Whether and how to exit is the caller's choice.
 */
export const runCli = async (run: CliRun): Promise<ExitCode> => {
  try {
    const io: Io = {
      env: run.env,
      stdout: run.stdout,
      stderr: run.stderr,
      stdin: run.stdin ?? Readable.from([]),
      // Prompts need someone at a terminal and a stream to read the answers from.
      interactive: run.stdin !== undefined && run.isTTY === true,
      configDir: run.configDir ?? configDir(run.env)
    }
    await buildProgram(io).parseAsync(run.argv, { from: "user" })
    return ExitCode.ok
  } catch (error) {
    // commander has already printed its own message.
    if (error instanceof CommanderError) return commanderExitCode(error)
    const failure = toCliError(error)
    run.stderr.write(`${failure.message}\n`)
    return failure.exitCode
  }
}
