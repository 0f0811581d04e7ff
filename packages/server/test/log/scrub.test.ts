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

  it("hides a RUT next to any punctuation, and one written without its check digit but with dots", () => {
    fc.assert(
      fc.property(rutBody, fc.constantFrom("=", "/", "(", ",", ":", '"', "'", "_", "["), (body, mark) => {
        for (const rut of [...spellings(body), dotted(body)]) {
          expect(scrub(`rut${mark}${rut}${mark === "(" ? ")" : mark}`)).not.toMatch(/\d{3}/)
        }
        // Written with a dash or dots it is a RUT even glued to a word.
        expect(scrub(`rut${spellings(body)[0]} rut${spellings(body)[1]}`)).not.toMatch(/\d{3}/)
      })
    )
  })

  it("keeps durations, counts, dates and every number that is not a RUT's shape", () => {
    fc.assert(
      fc.property(fc.nat(), (n) => {
        // A duration or a count carries its unit: never a RUT, whatever its digits.
        for (const line of [`GET /api/retail/uploads 200 ${n}ms`, `${n}ms`, `lote de ${n}filas`]) expect(scrub(line)).toBe(line)
        // A bare number is hidden only when its last digit is the check digit of the others.
        const bare = `procesadas ${n} filas`
        expect(scrub(bare)).toBe(/^\d{7,9}$/.test(String(n)) && Rut.isValid(String(n)) ? "procesadas [oculto] filas" : bare)
      })
    )
    for (const line of [
      "POST /api/case/upsert 500 12345ms código 1f2e3d4c5b6a",
      "GET /api/uf/2026-11-28 200 31ms",
      "29.940 asegurados en 1764367418000",
      "caso 104233 etapa 3",
      "version 1.108.2"
    ]) {
      expect(scrub(line)).toBe(line)
    }
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
    // A RUT lookup hides its segment however it is written, a mistyped RUT too.
    expect(loggablePath("/api/specialist/getByRut/1234567")).toBe("/api/specialist/getByRut/:oculto")
    expect(loggablePath("/api/contractor/getByRut/12345678-0/persona")).toBe("/api/contractor/getByRut/:oculto/persona")
    expect(loggablePath("/api/case/getApplicantByRut/12.345.678")).toBe("/api/case/getApplicantByRut/:oculto")
    expect(loggablePath(`/api/family/get/${id}`)).toBe(`/api/family/get/${id}`)
    const long = loggablePath("/ab".repeat(5_000))
    expect(long.length).toBeLessThanOrEqual(201)
  })
})
