import { SqlClient } from "@effect/sql"
import { Effect, Layer } from "effect"
import { fromPrivateKeyPem, generatePem, SigningKey } from "./SigningKey.js"

/**
 * The signing key kept in the database (PostgreSQL mode). The first process
 * to start creates it; a racing second one keeps the first one's key.
 */
export const signingKeyFromDatabase = Layer.effect(
  SigningKey,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const read = sql<{ pem: string }>`SELECT private_key_pem AS pem FROM auth_signing_key WHERE id = 1`
    const existing = yield* read
    if (existing[0]) return yield* fromPrivateKeyPem(existing[0].pem)
    const pem = yield* generatePem
    yield* sql`INSERT INTO auth_signing_key (id, private_key_pem) VALUES (1, ${pem}) ON CONFLICT (id) DO NOTHING`
    const [stored] = yield* read
    return yield* fromPrivateKeyPem(stored!.pem)
  })
)
