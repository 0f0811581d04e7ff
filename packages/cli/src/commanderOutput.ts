import type { Writable } from "node:stream"
import { WriteStream } from "node:tty"
import type { OutputConfiguration } from "commander"
import type { Env, Io } from "./io.js"

const terminal = (stream: Writable): WriteStream | undefined => (stream instanceof WriteStream && stream.isTTY ? stream : undefined)

/** Help wraps to the terminal's width; into a pipe or a file, to commander's default of 80. */
const helpWidth = (stream: Writable): number => terminal(stream)?.columns ?? 80

/**
 * commander's own colour rule (NO_COLOR, FORCE_COLOR, CLICOLOR_FORCE, else what the terminal
 * supports), read from the run's environment rather than `process.env`. Without colours commander
 * strips escape codes from what it prints.
 */
const hasColors = (stream: Writable, env: Env): boolean => {
  if (env.NO_COLOR || env.FORCE_COLOR === "0" || env.FORCE_COLOR === "false") return false
  if (env.FORCE_COLOR || env.CLICOLOR_FORCE !== undefined) return true
  return terminal(stream)?.hasColors(env) ?? false
}

/** commander prints help and its errors on `process.stdout`/`stderr` unless told to use the run's own streams. */
export const commanderOutput = (io: Io): OutputConfiguration => ({
  writeOut: (text) => io.stdout.write(text),
  writeErr: (text) => io.stderr.write(text),
  getOutHelpWidth: () => helpWidth(io.stdout),
  getErrHelpWidth: () => helpWidth(io.stderr),
  getOutHasColors: () => hasColors(io.stdout, io.env),
  getErrHasColors: () => hasColors(io.stderr, io.env)
})
