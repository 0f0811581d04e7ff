import { createHmac, timingSafeEqual } from "node:crypto"

/** What a file link opens: one case's file for one document, as it was when the link was made. */
export interface FileLinkClaim {
  readonly caseId: string
  readonly documentId: string
  readonly hash: string
}

/** A link token read but not yet checked: the file's hash is in the database, not in the link. */
export interface FileLinkToken {
  readonly caseId: string
  readonly documentId: string
  readonly expires: number
  readonly mac: Buffer
}

/** How long a `viewLink` opens its file, as the original's presigned links (300 s). */
export const FILE_LINK_SECONDS = 300

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ""), "hex")
const uuidOf = (bytes: Buffer) => {
  const h = bytes.toString("hex")
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

const macOf = (key: Uint8Array, claim: FileLinkClaim, expires: number) =>
  createHmac("sha256", key).update(`${claim.caseId}|${claim.documentId}|${claim.hash}|${expires}`).digest().subarray(0, 16)

/**
 * A link token: case, document and expiry, with a MAC that also covers the file's hash, so a
 * link stops opening once the document is replaced. Short (the router takes path segments of at
 * most 100 characters) and with nothing personal in it.
 */
export const signFileLink = (key: Uint8Array, claim: FileLinkClaim, now: Date): string => {
  const expires = Math.floor(now.getTime() / 1000) + FILE_LINK_SECONDS
  const stamp = Buffer.alloc(4)
  stamp.writeUInt32BE(expires)
  const body = Buffer.concat([uuidBytes(claim.caseId), uuidBytes(claim.documentId), stamp])
  return `${body.toString("base64url")}.${macOf(key, claim, expires).toString("base64url")}`
}

/** The parts of a well-formed token; undefined for anything else. */
export const readFileLink = (token: string): FileLinkToken | undefined => {
  const match = /^([\w-]{48})\.([\w-]{22})$/.exec(token)
  if (match === null) return undefined
  const body = Buffer.from(match[1]!, "base64url")
  const mac = Buffer.from(match[2]!, "base64url")
  // Only the canonical spelling: the last character of the MAC has spare bits, so two spellings could decode alike.
  if (body.length !== 36 || mac.length !== 16 || mac.toString("base64url") !== match[2]) return undefined
  return { caseId: uuidOf(body.subarray(0, 16)), documentId: uuidOf(body.subarray(16, 32)), expires: body.readUInt32BE(32), mac }
}

/** Whether this key signed the token for this very file, and it has not expired. */
export const opensFile = (key: Uint8Array, token: FileLinkToken, hash: string, now: Date): boolean =>
  token.expires * 1000 >= now.getTime() && timingSafeEqual(token.mac, macOf(key, { caseId: token.caseId, documentId: token.documentId, hash }, token.expires))
