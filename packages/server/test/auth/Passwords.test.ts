import { randomBytes, scryptSync } from "node:crypto"
import { Effect, Exit } from "effect"
import { describe, expect, it } from "vitest"
import * as Passwords from "../../src/auth/Passwords.js"

const run = <A>(effect: Effect.Effect<A>) => Effect.runPromise(effect)

describe("Passwords", () => {
  it("hashes as scrypt$N$r$p$salt$hash with a random salt", async () => {
    const a = await run(Passwords.hash("correcto-caballo"))
    const b = await run(Passwords.hash("correcto-caballo"))
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{86}==$/)
    expect(a).not.toBe(b)
  })

  it("verifies the right password and rejects others", async () => {
    const stored = await run(Passwords.hash("correcto-caballo"))
    expect(await run(Passwords.verify("correcto-caballo", stored))).toBe(true)
    expect(await run(Passwords.verify("Correcto-caballo", stored))).toBe(false)
    expect(await run(Passwords.verify("", stored))).toBe(false)
  })

  it("matches composed and decomposed accents alike", async () => {
    const stored = await run(Passwords.hash("contrase\u00f1a-\u00e9"))
    expect(await run(Passwords.verify("contrasen\u0303a-e\u0301", stored))).toBe(true)
  })

  it("reads the cost from the stored hash", async () => {
    const salt = randomBytes(16)
    const key = scryptSync("pw", salt, 32, { N: 1024, r: 8, p: 1 })
    const stored = `scrypt$1024$8$1$${salt.toString("base64")}$${key.toString("base64")}`
    expect(await run(Passwords.verify("pw", stored))).toBe(true)
  })

  it("dummyVerify always answers false", async () => {
    expect(await run(Passwords.dummyVerify("anything"))).toBe(false)
  })

  it("treats a corrupt or abusive stored hash as a defect, not a wrong password", async () => {
    for (const stored of ["", "bcrypt$x", "scrypt$16384$8$1$c2FsdA==", "scrypt$1000$8$1$c2FsdA==$aGFzaA==", "scrypt$2097152$8$1$c2FsdA==$aGFzaA=="]) {
      const exit = await Effect.runPromiseExit(Passwords.verify("pw", stored))
      expect(Exit.isFailure(exit) && exit.cause._tag === "Die").toBe(true)
    }
  })
})
