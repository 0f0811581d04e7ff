/**
 * A strict multipart/form-data reader (RFC 7578) for a body already in memory and bounded in
 * size. Written here because the platform's streaming parser waits forever on a body that ends
 * before its closing boundary. Anything not well formed is `undefined`: the caller answers 400.
 */

export interface FormPart {
  readonly name: string
  /** Present for file parts; only tells a file from a field, never used as a path. */
  readonly filename: string | undefined
  readonly data: Uint8Array
}

const CRLF = Buffer.from("\r\n")
const HEADERS_END = Buffer.from("\r\n\r\n")
const MAX_HEADER_BYTES = 8 * 1024

/** `name` and `filename` of a Content-Disposition `form-data` header; undefined if it is not one. */
const disposition = (value: string): { name: string; filename: string | undefined } | undefined => {
  const [kind, ...rest] = value.split(";")
  if (kind?.trim().toLowerCase() !== "form-data") return undefined
  const params = new Map<string, string>()
  const param = /\s*([^=\s]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)\s*(?:;|$)/y
  const text = rest.join(";")
  let match: RegExpExecArray | null
  param.lastIndex = 0
  while (param.lastIndex < text.length && (match = param.exec(text)) !== null) {
    const raw = match[2]!.trim()
    params.set(match[1]!.toLowerCase(), raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, "$1") : raw)
  }
  const name = params.get("name")
  return name === undefined ? undefined : { name, filename: params.get("filename*") ?? params.get("filename") }
}

/** Header lines of one part (already split off its body), by lower-case name. */
const headersOf = (block: Buffer): Map<string, string> | undefined => {
  const headers = new Map<string, string>()
  for (const line of block.toString("utf8").split("\r\n")) {
    const colon = line.indexOf(":")
    if (colon <= 0) return undefined
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  return headers
}

export const parseFormData = (body: Uint8Array, boundary: string, maxParts: number): ReadonlyArray<FormPart> | undefined => {
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength)
  const delimiter = Buffer.from(`--${boundary}`)
  const nextDelimiter = Buffer.from(`\r\n--${boundary}`)
  // The first delimiter opens the body, or ends a preamble on its own line.
  let at = bytes.subarray(0, delimiter.length).equals(delimiter) ? 0 : bytes.indexOf(nextDelimiter)
  if (at < 0) return undefined
  if (at > 0) at += CRLF.length
  const parts: Array<FormPart> = []
  for (;;) {
    at += delimiter.length
    // The close delimiter: done (an epilogue after it is ignored).
    if (bytes[at] === 0x2d && bytes[at + 1] === 0x2d) return parts
    while (bytes[at] === 0x20 || bytes[at] === 0x09) at++
    if (!bytes.subarray(at, at + 2).equals(CRLF)) return undefined
    at += CRLF.length
    if (parts.length === maxParts) return undefined

    const headersEnd = bytes.indexOf(HEADERS_END, at)
    if (headersEnd < 0 || headersEnd - at > MAX_HEADER_BYTES) return undefined
    const headers = headersOf(bytes.subarray(at, headersEnd))
    const field = disposition(headers?.get("content-disposition") ?? "")
    if (field === undefined) return undefined

    const start = headersEnd + HEADERS_END.length
    const end = bytes.indexOf(nextDelimiter, start)
    if (end < 0) return undefined
    parts.push({ ...field, data: new Uint8Array(bytes.subarray(start, end)) })
    at = end + CRLF.length
  }
}
