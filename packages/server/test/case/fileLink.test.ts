import { randomBytes } from "node:crypto"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { FILE_LINK_SECONDS, opensFile, readFileLink, signFileLink } from "../../src/case/fileLink.js"

const key = new Uint8Array(randomBytes(32))
const claim = { caseId: "b9a8fae5-1cdd-444c-89c1-b7f72b8e9e82", documentId: "8c8107ec-c286-4c69-9359-b59c0433a9c0", hash: "a".repeat(64) }
const now = new Date("2026-11-23T12:00:00Z")

describe("signed file links", () => {
  it("open their file until they expire, under 100 characters, and name the case and document they were made for", () => {
    const token = signFileLink(key, claim, now)
    expect(token.length).toBeLessThanOrEqual(100)
    const read = readFileLink(token)!
    expect(read).toMatchObject({ caseId: claim.caseId, documentId: claim.documentId })
    expect(opensFile(key, read, claim.hash, new Date(now.getTime() + FILE_LINK_SECONDS * 1000))).toBe(true)
    expect(opensFile(key, read, claim.hash, new Date(now.getTime() + (FILE_LINK_SECONDS + 1) * 1000))).toBe(false)
  })

  it("stop opening once the document's file is replaced, or under another key", () => {
    const read = readFileLink(signFileLink(key, claim, now))!
    expect(opensFile(key, read, "b".repeat(64), now)).toBe(false)
    expect(opensFile(new Uint8Array(randomBytes(32)), read, claim.hash, now)).toBe(false)
  })

  it("never open when any character of the token changes", () => {
    const token = signFileLink(key, claim, now)
    fc.assert(
      fc.property(fc.nat(token.length - 1), fc.constantFrom(..."ABCabc019-_"), (at, ch) => {
        fc.pre(token[at] !== ch && token[at] !== ".")
        const changed = `${token.slice(0, at)}${ch}${token.slice(at + 1)}`
        const read = readFileLink(changed)
        return read === undefined || !opensFile(key, read, claim.hash, now)
      })
    )
  })
})
