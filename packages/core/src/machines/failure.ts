import type { FieldIssue } from "../api/errors.js"

/** Why a call failed, as machines keep it: the Spanish message, the HTTP status (0: no answer) and field issues. */
export interface Failure {
  readonly message: string
  readonly status: number
  readonly issues: ReadonlyArray<FieldIssue>
}

const generic = "No se pudo completar la operación"

const isIssue = (value: unknown): value is FieldIssue =>
  typeof value === "object" && value !== null && "message" in value && typeof value.message === "string" && "path" in value && Array.isArray(value.path)

/** The Spanish message of a failed call (core's ApiFailure carries one), or `fallback`. */
export const messageOf = (error: unknown, fallback: string = generic): string =>
  typeof error === "object" && error !== null && "message" in error && typeof error.message === "string" && error.message !== "" ? error.message : fallback

/** Whatever an actor rejected with, as a Failure: an ApiFailure keeps its status and issues. */
export const failureOf = (error: unknown, fallback: string = generic): Failure => {
  const status = typeof error === "object" && error !== null && "status" in error && typeof error.status === "number" ? error.status : 0
  const issues = typeof error === "object" && error !== null && "issues" in error && Array.isArray(error.issues) ? error.issues.filter(isIssue) : []
  return { message: messageOf(error, fallback), status, issues }
}
