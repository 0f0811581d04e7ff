import type { CaseDocumentType, LogoContentType } from "@palma/core/domain"

const startsWith = (bytes: Uint8Array, signature: ReadonlyArray<number>, offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte)

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0))

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const JPEG = [0xff, 0xd8, 0xff]
const GIF87 = ascii("GIF87a")
const GIF89 = ascii("GIF89a")
const RIFF = ascii("RIFF")
const WEBP = ascii("WEBP")

/**
 * The image type of a file, from its first bytes (magic numbers), never from its name or the
 * type the client declared. Undefined: not one of the logo formats.
 */
export const detectImageType = (bytes: Uint8Array): LogoContentType | undefined => {
  if (startsWith(bytes, PNG)) return "image/png"
  if (startsWith(bytes, JPEG)) return "image/jpeg"
  if (startsWith(bytes, GIF87) || startsWith(bytes, GIF89)) return "image/gif"
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return "image/webp"
  return undefined
}

const PDF = ascii("%PDF-")

/** A case document's type from its bytes: a PDF or one of the image types; undefined for anything else. */
export const detectDocumentType = (bytes: Uint8Array): CaseDocumentType | undefined => (startsWith(bytes, PDF) ? "application/pdf" : detectImageType(bytes))
