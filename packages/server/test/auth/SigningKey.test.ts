import { createHash, createPublicKey, generateKeyPairSync } from "node:crypto"
import { chmod, mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect } from "effect"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { keyPath, SigningKey } from "../../src/auth/SigningKey.js"

let dataDir: string
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "palma-signing-key-"))
})
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

const load = (dir: string) => Effect.runPromise(Effect.provide(SigningKey, SigningKey.layerFile(dir)))
const mode = async (path: string) => (await stat(path)).mode & 0o777

describe("SigningKey", () => {
  it("creates a PKCS8 key file (0600, directory 0700) and reloads the same key", async () => {
    const created = await load(dataDir)
    const path = keyPath(dataDir)
    expect(path).toBe(join(dataDir, "auth", "signing-key.pem"))
    expect(await readFile(path, "utf8")).toMatch(/^-----BEGIN PRIVATE KEY-----\n/)
    expect(await mode(path)).toBe(0o600)
    expect(await mode(join(dataDir, "auth"))).toBe(0o700)
    expect(await readdir(join(dataDir, "auth"))).toEqual(["signing-key.pem"])

    const reloaded = await load(dataDir)
    expect(reloaded.kid).toBe(created.kid)
    expect(reloaded.publicKeyPem).toBe(created.publicKeyPem)
  })

  it("exposes the SPKI PEM public key and its SHA-256 DER thumbprint as kid", async () => {
    const key = await load(dataDir)
    expect(key.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----\n/)
    const der = createPublicKey(key.publicKeyPem).export({ type: "spki", format: "der" })
    expect(key.kid).toBe(createHash("sha256").update(der).digest("base64url"))
    expect(key.privateKey.asymmetricKeyDetails?.modulusLength).toBe(2048)
  })

  it("gives concurrent first starts the same key", async () => {
    const [a, b, c] = await Promise.all([load(dataDir), load(dataDir), load(dataDir)])
    expect(new Set([a.kid, b.kid, c.kid]).size).toBe(1)
    expect(await readdir(join(dataDir, "auth"))).toEqual(["signing-key.pem"])
  })

  it("tightens modes loosened since the key was created", async () => {
    await load(dataDir)
    await chmod(keyPath(dataDir), 0o644)
    await chmod(join(dataDir, "auth"), 0o755)
    await load(dataDir)
    expect(await mode(keyPath(dataDir))).toBe(0o600)
    expect(await mode(join(dataDir, "auth"))).toBe(0o700)
  })

  it("refuses a corrupt key file or a key Clerk's PEM loader cannot use", async () => {
    await mkdir(join(dataDir, "auth"), { recursive: true })
    await writeFile(keyPath(dataDir), "not a key")
    await expect(load(dataDir)).rejects.toThrow(/not a valid PEM private key/)

    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 3072 })
    await writeFile(keyPath(dataDir), privateKey.export({ type: "pkcs8", format: "pem" }))
    await expect(load(dataDir)).rejects.toThrow(/RSA-2048/)
  })

  it("makes a fresh key per in-memory layer build, touching no disk", async () => {
    const build = () => Effect.runPromise(Effect.provide(SigningKey, SigningKey.layerMemory))
    const [a, b] = await Promise.all([build(), build()])
    expect(a.kid).not.toBe(b.kid)
  })
})
