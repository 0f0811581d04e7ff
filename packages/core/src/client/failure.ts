import { Data, ParseResult } from "effect"
import { spanishIssues } from "../domain/issues.js"
import type { FieldIssue } from "../api/errors.js"
import { REJECTED_MESSAGE, SERVER_FAULT_MESSAGE, TRANSPORT_MESSAGE, UNEXPECTED_ANSWER_MESSAGE } from "./failureMessages.js"

/** A failed call as clients show it: a Spanish message, the status and field issues. */
export class ApiFailure extends Data.TaggedError("ApiFailure")<{
  readonly tag: string
  readonly status: number
  readonly message: string
  readonly issues: ReadonlyArray<FieldIssue>
}> {}

const statusOf: Record<string, number> = {
  BadRequest: 400,
  HttpApiDecodeError: 400,
  Unauthorized: 401,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 409,
  PreconditionFailed: 412,
  PayloadTooLarge: 413,
  TooManyRequests: 429,
  Unavailable: 503
}

/** Turns any error from the client (typed API error, transport, decoding) into an ApiFailure. */
export const toApiFailure = (error: unknown): ApiFailure => {
  if (error instanceof ApiFailure) return error
  const tag = typeof error === "object" && error !== null && "_tag" in error ? String(error._tag) : "Unknown"
  const status = statusOf[tag]
  if (status !== undefined) {
    const e = error as { message?: unknown; issues?: ReadonlyArray<FieldIssue> }
    return new ApiFailure({
      tag,
      status,
      message: typeof e.message === "string" && e.message !== "" ? e.message : REJECTED_MESSAGE,
      issues: Array.isArray(e.issues) ? e.issues : []
    })
  }
  // The client validates payloads before sending: same Spanish issues as the server's 400.
  if (ParseResult.isParseError(error)) {
    const issues = spanishIssues(error)
    const first = issues[0]
    return new ApiFailure({
      tag: "BadRequest",
      status: 400,
      message: first ? `${first.path.length > 0 ? `${first.path.join(".")}: ` : ""}${first.message}` : "Datos inválidos",
      issues
    })
  }
  if (tag === "ResponseError") {
    const code = (error as { response?: { status?: number } }).response?.status ?? 0
    return new ApiFailure({
      tag,
      status: code,
      message: code >= 500 ? SERVER_FAULT_MESSAGE : UNEXPECTED_ANSWER_MESSAGE,
      issues: []
    })
  }
  return new ApiFailure({ tag, status: 0, message: TRANSPORT_MESSAGE, issues: [] })
}
