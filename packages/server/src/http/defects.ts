import { Cause } from "effect"

/** Quoted literals in database messages may hold personal data (a RUT, an email). */
const maskLiterals = (text: string) =>
  text
    .replace(/"[^"]*"/g, '"…"')
    .replace(/'[^']*'/g, "'…'")
    .replace(/\([^)]*\)=\([^)]*\)/g, "(…)=(…)")

/** A one-line, redacted description of why a request failed unexpectedly (a 500). */
export const describeDefect = (cause: Cause.Cause<unknown>): string => {
  const error = Cause.squash(cause)
  if (typeof error !== "object" || error === null) return maskLiterals(String(error))
  const e = error as { _tag?: unknown; name?: unknown; message?: unknown; cause?: { code?: unknown; message?: unknown } }
  const head = `${String(e._tag ?? e.name ?? "Error")}: ${maskLiterals(String(e.message ?? ""))}`
  const inner =
    e.cause && typeof e.cause === "object" ? ` (${e.cause.code ? `${String(e.cause.code)} ` : ""}${maskLiterals(String(e.cause.message ?? ""))})` : ""
  return head + inner
}
