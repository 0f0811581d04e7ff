import { schemaResolver } from "@mantine/form"
import { SignInInput } from "@palma/core"
import { Schema } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { validateSignIn } from "../../src/signIn/validateSignIn"

// What the app's forms say for the contract's schema (its first message per field).
const contract = schemaResolver(Schema.standardSchemaV1(SignInInput), { sync: true })

const emails = fc.oneof(
  fc.string(),
  fc.emailAddress(),
  fc.emailAddress().map((email) => ` ${email}\t`),
  fc.string({ unit: "grapheme", minLength: 250, maxLength: 260 }).map((local) => `${local}@palma.cl`),
  fc.constantFrom("ana@palma", "ana@palma.cl\u0000", "\ud800@palma.cl", "a b@palma.cl", "@palma.cl", "")
)
const passwords = fc.oneof(fc.string(), fc.string({ minLength: 195, maxLength: 205 }), fc.constantFrom("", "\u0000", "\ud800"))

describe("the sign-in page's own checks", () => {
  it("say what the contract's schema says, field by field", () => {
    fc.assert(
      fc.property(emails, passwords, (email, password) => {
        expect(validateSignIn(email, password)).toEqual(contract({ email, password }))
      }),
      { numRuns: 2_000 }
    )
  })
})
