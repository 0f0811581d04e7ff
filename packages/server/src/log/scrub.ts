import { uuidPattern, uuidWithin } from "@palma/core"
/**
 * Personal data and secrets never reach a log line (issue 10 §4): RUTs in any spelling
 * (12.345.678-5, 12345678-5, 123456785, 12.345.678-K), emails (also URL-encoded) and tokens
 * (JWTs, bearer values, long opaque strings). Ids (UUIDs) stay: they name records, not people.
 */
const email = /[^\s"'<>/?#&=]+(?:@|%40)[^\s"'<>/?#&=]+/gi
const jwt = /\beyJ[\w-]*\.[\w-]*\.[\w-]*/g
const bearer = /\b(Bearer|Basic)\s+[^\s"']+/gi
// A run of digits with optional dots or dashes between them and an optional check letter: 5+ digits is a RUT or a phone.
const digitRun = /\d(?:[\d.-]*\d)?(?:-?[kK]\b)?/g
const opaque = /\b[\w-]{32,}\b/g
// A session refresh credential, `prt_<session uuid>.<secret>`: hidden whole, before UUIDs are set aside.
const refresh = /\bprt_[\w-]+\.[\w-]+/g

const scrubDigits = (text: string) => text.replace(digitRun, (run) => (run.replace(/\D/g, "").length >= 5 ? "[oculto]" : run))

const scrubPart = (text: string) =>
  scrubDigits(text.replace(bearer, "$1 [oculto]").replace(jwt, "[oculto]").replace(email, "[oculto]").replace(opaque, "[oculto]"))

/** The text with every RUT, email, token and long digit run replaced; UUIDs (which hold digit runs) kept. */
export const scrub = (text: string): string =>
  text
    .replace(refresh, "[oculto]")
    .split(uuidWithin) // captured, so the UUIDs sit at the odd positions
    .map((part, index) => (index % 2 === 1 ? part : scrubPart(part)))
    .join("")

/** Routes whose next path segment is a person's name (`/specialist/getByName/:name`): never logged. */
const nameLookups = new Set(["getByName"])

/** A request path as logs show it: each segment scrubbed (ids kept), never the query, at most `max` characters. */
export const loggablePath = (url: string, max = 200): string => {
  const path = url.split(/[?#]/, 1)[0] ?? ""
  const parts = path.split("/")
  const segments = parts.map((segment, index) => {
    if (index > 0 && nameLookups.has(parts[index - 1]!)) return ":oculto"
    let decoded = segment
    try {
      decoded = decodeURIComponent(segment)
    } catch {
      // A malformed escape is logged as sent, still scrubbed.
    }
    return uuidPattern.test(decoded) ? decoded : scrub(decoded) === decoded ? segment : ":oculto"
  })
  const joined = segments.join("/")
  return joined.length > max ? `${joined.slice(0, max)}…` : joined
}
