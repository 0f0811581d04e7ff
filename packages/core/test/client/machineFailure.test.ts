import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { ApiFailure, failureOf, messageOf } from "../../src/index.js"

/** A field path as the server names it: "file", "fields.0.header". */
const path = fc.array(fc.oneof(fc.stringMatching(/^[a-z][A-Za-z_]{0,11}$/), fc.nat(20)), { minLength: 1, maxLength: 3 })
/** A Spanish message for people. */
const message = fc.stringMatching(/^[A-ZÁÉÍÓÚÑ][a-záéíóúñ ,]{0,30}$/)
const issue = fc.record({ path, message })

/** What the server sends: each issue as "path: message", joined by "; " (logo uploads) or the first one alone. */
const refusal = (issues: ReadonlyArray<{ path: ReadonlyArray<string | number>; message: string }>) =>
  new ApiFailure({ tag: "BadRequest", status: 400, message: issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "), issues })

describe("a refusal's message", () => {
  it("never shows the internal field names its issues carry", () => {
    fc.assert(
      fc.property(fc.array(issue, { minLength: 1, maxLength: 4 }), (issues) => {
        const failure = refusal(issues)
        expect(messageOf(failure)).toBe(issues.map((i) => i.message).join("; "))
        // The issues keep their paths: forms still put each message beside its field.
        expect(failureOf(failure)).toEqual({ message: issues.map((i) => i.message).join("; "), status: 400, issues })
      })
    )
  })

  it("reads the logo's refusal as a person would", () => {
    const failure = refusal([{ path: ["file"], message: "El archivo no es una imagen PNG, JPG, GIF o WEBP" }])
    expect(messageOf(failure)).toBe("El archivo no es una imagen PNG, JPG, GIF o WEBP")
  })

  it("keeps a message without issues as it is", () => {
    expect(messageOf(new ApiFailure({ tag: "Conflict", status: 409, message: "name: se usa en 4 servicios", issues: [] }))).toBe("name: se usa en 4 servicios")
  })
})
