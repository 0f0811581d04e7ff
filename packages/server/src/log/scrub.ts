import { Rut, uuidPattern, uuidWithin } from "@palma/core/domain"
/**
 * Personal data and secrets never reach a log line (issue 10 §4): RUTs in any spelling
 * (12.345.678-5, 12345678-5, 123456785, 12.345.678-K), emails (also URL-encoded) and tokens
 * (JWTs, bearer values, long opaque strings). Ids (UUIDs) stay: they name records, not people.
 * Other numbers stay too (durations, counts, dates, fault ids): only a RUT's shape is hidden.
 */
const email = /[^\s"'<>/?#&=]+(?:@|%40)[^\s"'<>/?#&=]+/gi
const jwt = /\beyJ[\w-]*\.[\w-]*\.[\w-]*/g
const bearer = /\b(Bearer|Basic)\s+[^\s"']+/gi
const opaque = /\b[\w-]{32,}\b/g
// A session refresh credential, `prt_<session uuid>.<secret>`: hidden whole, before UUIDs are set aside.
const refresh = /\bprt_[\w-]+\.[\w-]+/g
/**
 * A RUT as people write it (a body of 6 to 8 digits and its check digit), never part of a longer
 * number nor followed by letters (12345ms): with thousands dots, its check digit optional
 * (12.345.678-5, 12.345.678, 123.456-7); with a dash or a K check digit (12345678-5, 12345678K); or
 * bare (123456785), not glued to a word either (a fault id), and told apart from a plain number by
 * its check digit (`bareRut`).
 */
const rutShaped =
  /(?<!\d)(?:\d{1,2}\.\d{3}\.\d{3}(?:-[\dkK])?|\d{3}\.\d{3}-[\dkK]|\d{6,8}-?[kK]|\d{6,8}-\d)(?![\dA-Za-z])|(?<![\dA-Za-z])\d{7,9}(?![\dA-Za-z])/g
const bareRut = /^\d{7,9}$/

const scrubRuts = (text: string) => text.replace(rutShaped, (run) => (bareRut.test(run) && !Rut.isValid(run) ? run : "[oculto]"))

const scrubPart = (text: string) =>
  scrubRuts(text.replace(bearer, "$1 [oculto]").replace(jwt, "[oculto]").replace(email, "[oculto]").replace(opaque, "[oculto]"))

/** The text with every RUT, email and token replaced; UUIDs (which hold digit runs) kept. */
export const scrub = (text: string): string =>
  text
    .replace(refresh, "[oculto]")
    .split(uuidWithin) // captured, so the UUIDs sit at the odd positions
    .map((part, index) => (index % 2 === 1 ? part : scrubPart(part)))
    .join("")

/**
 * Routes whose next path segment names a person (`/specialist/getByName/:name`,
 * `/retail/getByRut/:rut`): never logged, whatever its spelling (a mistyped RUT too).
 */
const personalLookups = new Set(["getByName", "getByRut", "getByRetailRut", "getApplicantByRut"])

/** A request path as logs show it: each segment scrubbed (ids kept), never the query, at most `max` characters. */
export const loggablePath = (url: string, max = 200): string => {
  const path = url.split(/[?#]/, 1)[0] ?? ""
  const parts = path.split("/")
  const segments = parts.map((segment, index) => {
    if (index > 0 && personalLookups.has(parts[index - 1]!)) return ":oculto"
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
