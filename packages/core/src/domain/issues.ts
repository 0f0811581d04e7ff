import { ParseResult } from "effect"
import { INVALID_VALUE, REQUIRED } from "./messages.js"

/**
 * A decode failure as Spanish field issues, the shape of `BadRequest.issues`. Effect writes
 * unknown-field, missing-field and plain type mismatches in English whatever the schema says,
 * so they are translated here; union alternatives that did not apply are dropped when a more
 * specific message exists for the same field.
 */
export interface SpanishIssue {
  readonly path: ReadonlyArray<string | number>
  readonly message: string
}

// Effect's own messages; they also echo the input back, which a 400 must not do.
const isEnglishDefault = (message: string): boolean => /^(Expected |is |Expected$|Unable to decode|Unexpected|Missing)/.test(message)

const translate = (issue: ParseResult.ArrayFormatterIssue): string => {
  switch (issue._tag) {
    case "Unexpected":
      return "Campo no permitido"
    case "Missing":
      return REQUIRED
    default:
      return isEnglishDefault(issue.message) ? INVALID_VALUE : issue.message
  }
}

const startsWith = (path: ReadonlyArray<string | number>, prefix: ReadonlyArray<string | number>) => prefix.every((p, i) => path[i] === p)

export const spanishIssues = (error: ParseResult.ParseError): ReadonlyArray<SpanishIssue> => spanishFormatted(ParseResult.ArrayFormatter.formatErrorSync(error))

/** The same, from issues already formatted (what the platform's decode error carries). */
export const spanishFormatted = (issues: ReadonlyArray<ParseResult.ArrayFormatterIssue>): ReadonlyArray<SpanishIssue> => {
  const all = issues.map((issue) => ({
    path: issue.path.map((p) => (typeof p === "number" ? p : String(p))),
    message: translate(issue)
  }))
  const specific = all.filter((i) => i.message !== INVALID_VALUE)
  const kept = all.filter((i) => i.message !== INVALID_VALUE || !specific.some((s) => startsWith(s.path, i.path)))
  const seen = new Set<string>()
  return kept.filter((i) => {
    const key = JSON.stringify(i)
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}
