import { Effect, Layer, Option } from "effect"
import { fromPrivateKeyPem, generatePem, SigningKey } from "./SigningKey.js"
import { readSigningKeyPem, storeSigningKeyPem } from "./SigningKeyRepo.js"

/**
 * The signing key kept in the database (PostgreSQL mode). The first process
 * to start creates it; a racing second one keeps the first one's key.
 */
export const signingKeyFromDatabase = Layer.effect(
  SigningKey,
  Effect.gen(function* () {
    const existing = yield* readSigningKeyPem
    const pem = Option.isSome(existing) ? existing.value : yield* Effect.flatMap(generatePem, storeSigningKeyPem)
    return yield* fromPrivateKeyPem(pem)
  })
)
