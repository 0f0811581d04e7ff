import { ApiFailure, type Failure } from "@palma/core"

/** Exit codes scripts and schedulers can rely on. */
export const ExitCode = {
  ok: 0,
  failure: 1,
  usage: 2,
  /** Not signed in, session expired, or the role may not do this (401/403). */
  denied: 3,
  /** An export found no cases: nothing was written (`palma cases export`). */
  noCases: 4,
  /** An insured upload ended with rows it could not load, or its check found some (`palma insured upload`). */
  rowsFailed: 5,
  /** The case lifecycle refused the step where the case stands (409); its reason is on stderr (`palma case <n> <paso>`). */
  refused: 6,
  /** The case changed since it was read (412): read it again before deciding (`palma case <n> <paso>`). */
  changed: 7,
  /** `palma cases verify` found stored cases that differ from their events, or numbers that name no case. */
  mismatch: 8,
  /** The person pressed Ctrl+C at a prompt (shell convention 128 + SIGINT). */
  cancelled: 130
} as const
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode]

/** An error already phrased for the person at the terminal, with the exit code it means. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode
  ) {
    super(message)
  }
}

export const usageError = (message: string) => new CliError(message, ExitCode.usage)
export const deniedError = (message: string) => new CliError(message, ExitCode.denied)

export const signInHint = "Ejecute «palma login» para iniciar sesión."

/** No session stored or left: the same refusal whichever step finds it. */
export const notSignedIn = () => deniedError(`No ha iniciado sesión. ${signInHint}`)

/** Server messages may or may not end in a period; a hint after them needs exactly one. */
const sentence = (message: string) => (/[.!?]$/.test(message) ? message : `${message}.`)

const describeIssues = (failure: Failure) =>
  failure.issues.map((issue) => `\n  - ${issue.path.length > 0 ? `${issue.path.join(".")}: ` : ""}${issue.message}`).join("")

/**
 * A failed call (an ApiFailure, or the failure a machine kept in its context): 401/403 mean "you
 * may not" (3), 400 means the command's input was rejected (2), anything else failed (1).
 */
export const fromApiFailure = (failure: Failure): CliError => {
  if (failure.status === 401) return deniedError(`${sentence(failure.message)} ${signInHint}`)
  if (failure.status === 403) return deniedError(failure.message)
  if (failure.status === 400) return usageError(`${failure.message}${describeIssues(failure)}`)
  return new CliError(failure.message, ExitCode.failure)
}

/** Any thrown value as a CliError, so main has one place that prints and exits. */
export const toCliError = (error: unknown): CliError => {
  if (error instanceof CliError) return error
  if (error instanceof ApiFailure) return fromApiFailure(error)
  if (error instanceof Error && error.name === "ExitPromptError") return new CliError("Operación cancelada.", ExitCode.cancelled)
  const detail = error instanceof Error ? error.message : String(error)
  return new CliError(`Error inesperado: ${detail}`, ExitCode.failure)
}
