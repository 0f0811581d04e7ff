import type { Readable, Writable } from "node:stream"

/** Environment variables as the CLI reads them. */
export type Env = Readonly<Record<string, string | undefined>>

/**
 * What one run of the CLI may touch of the world around it. Commands take it instead of reaching
 * for `process`, so the same program runs as the `palma` executable and inside a test's process.
 */
export interface Io {
  readonly env: Env
  readonly stdout: Writable
  /** Messages and prompts: stdout stays clean for pipes. */
  readonly stderr: Writable
  /** Where prompts read the answers. */
  readonly stdin: Readable
  /** Whether a person is at a terminal to answer prompts. */
  readonly interactive: boolean
  /** Where credentials.json lives. */
  readonly configDir: string
}

/** A variable's value, or undefined when unset or blank (an empty `PALMA_TOKEN=` means none). */
export const envValue = (env: Env, name: string): string | undefined => env[name]?.trim() || undefined
