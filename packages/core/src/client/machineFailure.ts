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

const issuesOf = (error: unknown): ReadonlyArray<FieldIssue> =>
  typeof error === "object" && error !== null && "issues" in error && Array.isArray(error.issues) ? error.issues.filter(isIssue) : []

/**
 * A 400's message without the internal field names it starts its parts with ("file: El archivo…",
 * "rut: RUT inválido…; name: …"): people read the message, the issues keep the paths for the form.
 */
const withoutFieldNames = (message: string, issues: ReadonlyArray<FieldIssue>): string =>
  issues.reduce((text, issue) => {
    if (issue.path.length === 0) return text
    const prefix = `${issue.path.join(".")}: `
    return (text.startsWith(prefix) ? text.slice(prefix.length) : text).split(`; ${prefix}`).join("; ")
  }, message)

/** The Spanish message of a failed call (core's ApiFailure carries one), or `fallback`. */
export const messageOf = (error: unknown, fallback: string = generic): string =>
  typeof error === "object" && error !== null && "message" in error && typeof error.message === "string" && error.message !== ""
    ? withoutFieldNames(error.message, issuesOf(error))
    : fallback

/** Whatever an actor rejected with, as a Failure: an ApiFailure keeps its status and issues. */
export const failureOf = (error: unknown, fallback: string = generic): Failure => {
  const status = typeof error === "object" && error !== null && "status" in error && typeof error.status === "number" ? error.status : 0
  return { message: messageOf(error, fallback), status, issues: issuesOf(error) }
}
