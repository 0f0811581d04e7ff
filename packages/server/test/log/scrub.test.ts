import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { Rut } from "@palma/core"
import { loggablePath, scrub } from "../../src/log/scrub.js"

const rutBody = fc.integer({ min: 1_000_000, max: 99_999_999 })
const dotted = (body: number) => body.toLocaleString("de-DE")
/** Every way people write a RUT. */
const spellings = (body: number) => {
  const dv = Rut.checkDigit(String(body))
  return [`${dotted(body)}-${dv}`, `${body}-${dv}`, `${body}${dv}`, `${dotted(body)}-${dv.toLowerCase()}`]
}

describe("scrub", () => {
  it("hides a RUT in any spelling, wherever it sits in a text", () => {
    fc.assert(
      fc.property(rutBody, fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 }), (body, before, after) => {
        for (const rut of spellings(body)) {
          const text = `${before.replace(/[\dkK.-]/g, "")} ${rut} ${after.replace(/[\dkK.-]/g, "")}`
          const out = scrub(text)
          expect(out).not.toContain(String(body))
          expect(out.replace(/\D/g, "")).not.toContain(String(body).slice(0, 5))
        }
      })
    )
  })

  it("hides emails (also URL-encoded), JWTs and bearer values", () => {
    const jwt = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1c2VyXzEifQ.c2lnbmF0dXJlLXZhbHVl"
    const out = scrub(`ana.perez@palma.cl ana%40palma.cl ${jwt} Bearer abc.def authorization=Basic dXNlcjpwYXNz`)
    for (const secret of ["ana.perez", "palma.cl", "eyJ", "abc.def", "dXNlcjpwYXNz"]) expect(out).not.toContain(secret)
  })

  it("hides a session refresh credential whole, its session id included", () => {
    const credential = "prt_3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b.Zm9vYmFyLXNlY3JldA"
    const out = scrub(`refresh with ${credential} failed`)
    expect(out).toBe("refresh with [oculto] failed")
  })

  it("keeps what names records and what says how a request went", () => {
    const id = "5b7b0d4e-1234-4a56-8b90-123456789012"
    expect(scrub(`GET /api/family/get/${id} 404 12ms`)).toBe(`GET /api/family/get/${id} 404 12ms`)
    expect(scrub("POST /api/product/create 201 1500ms")).toBe("POST /api/product/create 201 1500ms")
  })
})

describe("loggablePath", () => {
  it("hides path segments with personal data, keeps ids, drops the query and bounds the length", () => {
    const id = "5b7b0d4e-1234-4a56-8b90-123456789012"
    expect(loggablePath("/api/retail/getByRut/12.345.678-5")).toBe("/api/retail/getByRut/:oculto")
    expect(loggablePath("/api/retail/getByRut/12345678-5?x=ana@palma.cl")).toBe("/api/retail/getByRut/:oculto")
    expect(loggablePath("/api/nope/ana%40palma.cl")).toBe("/api/nope/:oculto")
    // A person's name looked up by name is personal data too.
    expect(loggablePath("/api/specialist/getByName/Rosa%20N%C3%BA%C3%B1ez")).toBe("/api/specialist/getByName/:oculto")
    expect(loggablePath("/api/partner/getByName/Gasfiter%C3%ADa")).toBe("/api/partner/getByName/:oculto")
    expect(loggablePath(`/api/family/get/${id}`)).toBe(`/api/family/get/${id}`)
    const long = loggablePath("/ab".repeat(5_000))
    expect(long.length).toBeLessThanOrEqual(201)
  })
})
