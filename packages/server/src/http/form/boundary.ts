/** RFC 2046 §5.1.1: 1 to 70 characters of this set, not ending in a space. */
const BOUNDARY = /^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/

/**
 * The boundary of a `multipart/form-data` content type, or undefined when there is not exactly
 * one well-formed boundary. Checked before any parsing: the parser must never see an empty or
 * malformed boundary (an empty one makes it spin).
 */
export const formBoundary = (contentType: string | undefined): string | undefined => {
  const [type, ...params] = (contentType ?? "").split(";")
  if (type?.trim().toLowerCase() !== "multipart/form-data") return undefined
  const boundaries = params
    .map((param) => param.trim())
    .filter((param) => /^boundary=/i.test(param))
    .map((param) => param.slice("boundary=".length).replace(/^"(.*)"$/, "$1"))
  const [boundary] = boundaries
  return boundaries.length === 1 && boundary !== undefined && BOUNDARY.test(boundary) ? boundary : undefined
}
