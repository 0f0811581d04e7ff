import { createHash, createPrivateKey, createPublicKey, generateKeyPair, type KeyObject, randomUUID } from "node:crypto"
import { chmod, link, mkdir, readFile, unlink, writeFile } from "node:fs/promises"
import { dirname, join } from "node:path"
import { Context, Data, Effect, Layer } from "effect"

/**
 * The RSA key the local issuer signs with. It lives in `<dataDir>/auth/signing-key.pem`
 * (PKCS8, 0600, directory 0700) so tokens survive restarts.
 *
 * Only RSA-2048 with e=65537 is accepted: `@clerk/backend` turns a PEM `jwtKey` into a JWK by
 * stripping the fixed SPKI prefix of exactly that key shape, so any other key would never verify.
 */
export interface SigningKeyShape {
  readonly privateKey: KeyObject
  /** SPKI PEM, the `jwtKey` the verifier hands to `@clerk/backend`. */
  readonly publicKeyPem: string
  /** base64url SHA-256 of the public key's SPKI DER; goes in the token header. */
  readonly kid: string
}

export class SigningKeyError extends Data.TaggedError("SigningKeyError")<{
  readonly message: string
  readonly cause?: unknown
}> {}

export const keyPath = (dataDir: string): string => join(dataDir, "auth", "signing-key.pem")

export const generatePem: Effect.Effect<string, SigningKeyError> = Effect.async((resume) => {
  generateKeyPair("rsa", { modulusLength: 2048, publicExponent: 0x10001 }, (error, _publicKey, privateKey) =>
    resume(
      error
        ? Effect.fail(new SigningKeyError({ message: "Could not generate the signing key", cause: error }))
        : Effect.succeed(privateKey.export({ type: "pkcs8", format: "pem" }).toString())
    )
  )
})

/** Parses a PKCS8 PEM private key and derives the public half and its kid. */
export const fromPrivateKeyPem = (pem: string): Effect.Effect<SigningKeyShape, SigningKeyError> =>
  Effect.try({
    try: () => createPrivateKey(pem),
    catch: (cause) => new SigningKeyError({ message: "The signing key is not a valid PEM private key", cause })
  }).pipe(
    Effect.filterOrFail(
      (key) => key.asymmetricKeyType === "rsa" && key.asymmetricKeyDetails?.modulusLength === 2048 && key.asymmetricKeyDetails.publicExponent === 0x10001n,
      () => new SigningKeyError({ message: "The signing key must be RSA-2048 with exponent 65537" })
    ),
    Effect.map((privateKey) => {
      const publicKey = createPublicKey(privateKey)
      const der = publicKey.export({ type: "spki", format: "der" })
      return {
        privateKey,
        publicKeyPem: publicKey.export({ type: "spki", format: "pem" }).toString(),
        kid: createHash("sha256").update(der).digest("base64url")
      }
    })
  )

const fsError = (message: string) => (cause: unknown) => new SigningKeyError({ message, cause })

const isCode = (error: unknown, code: string): boolean => typeof error === "object" && error !== null && (error as { code?: unknown }).code === code

const readIfPresent = (path: string): Effect.Effect<string | undefined, SigningKeyError> =>
  Effect.tryPromise({
    try: () => readFile(path, "utf8").catch((error: unknown) => (isCode(error, "ENOENT") ? undefined : Promise.reject(error))),
    catch: fsError(`Could not read the signing key at ${path}`)
  })

/**
 * Writes the new key under a temporary name, then hard-links it into place: `link` fails when
 * the target exists, so two servers starting together never overwrite each other's key and a
 * crash never leaves a half-written key file behind. The loser of such a race adopts the winner's key.
 */
const createKeyFile = (path: string): Effect.Effect<string, SigningKeyError> =>
  Effect.gen(function* () {
    const pem = yield* generatePem
    const temporary = `${path}.${randomUUID()}.tmp`
    const created = yield* Effect.tryPromise({
      try: async () => {
        await writeFile(temporary, pem, { mode: 0o600, flag: "wx" })
        try {
          await link(temporary, path)
          return true
        } catch (error) {
          if (isCode(error, "EEXIST")) return false
          throw error
        } finally {
          await unlink(temporary)
        }
      },
      catch: fsError(`Could not create the signing key at ${path}`)
    })
    if (created) return pem
    const existing = yield* readIfPresent(path)
    return existing ?? (yield* Effect.fail(new SigningKeyError({ message: `The signing key at ${path} vanished while starting` })))
  })

/** Reads the key file, creating it (and its 0700 directory) on first start; re-tightens modes every start. */
const loadOrCreate = (dataDir: string): Effect.Effect<SigningKeyShape, SigningKeyError> =>
  Effect.gen(function* () {
    const path = keyPath(dataDir)
    const directory = dirname(path)
    yield* Effect.tryPromise({
      try: async () => {
        await mkdir(directory, { recursive: true, mode: 0o700 })
        await chmod(directory, 0o700)
      },
      catch: fsError(`Could not prepare the key directory ${directory}`)
    })
    const pem = (yield* readIfPresent(path)) ?? (yield* createKeyFile(path))
    yield* Effect.tryPromise({ try: () => chmod(path, 0o600), catch: fsError(`Could not restrict the mode of ${path}`) })
    return yield* fromPrivateKeyPem(pem).pipe(Effect.mapError((error) => new SigningKeyError({ message: `${error.message} (${path})`, cause: error.cause })))
  })

export class SigningKey extends Context.Tag("@palma/server/auth/SigningKey")<SigningKey, SigningKeyShape>() {
  /** Loads the key from the data dir, creating it on first start. */
  static readonly layerFile = (dataDir: string): Layer.Layer<SigningKey, SigningKeyError> => Layer.effect(SigningKey, loadOrCreate(dataDir))

  /** A fresh key per layer build, never written to disk: tests and throwaway servers. */
  static readonly layerMemory: Layer.Layer<SigningKey, SigningKeyError> = Layer.effect(SigningKey, Effect.flatMap(generatePem, fromPrivateKeyPem))
}
