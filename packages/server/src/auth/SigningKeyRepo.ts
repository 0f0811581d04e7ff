import { SqlClient } from "@effect/sql"
import { Effect, Option } from "effect"

/**
 * The stored signing key's PEM, if any: the key's one row (PostgreSQL mode). Plain statements rather than a service: the key is
 * read before any service exists (startup).
 */
export const readSigningKeyPem = Effect.map(
  Effect.flatMap(SqlClient.SqlClient, (sql) => sql<{ pem: string }>`SELECT private_key_pem AS pem FROM auth_signing_key WHERE id = 1`),
  (rows) => Option.fromNullable(rows[0]?.pem)
)

/** Stores `pem` unless a key is there already (a racing process's); answers the PEM now stored (the racing process's, if it came first). */
export const storeSigningKeyPem = (pem: string) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) => sql`INSERT INTO auth_signing_key (id, private_key_pem) VALUES (1, ${pem}) ON CONFLICT (id) DO NOTHING`).pipe(
    Effect.zipRight(readSigningKeyPem),
    // The row is there after the insert (ours or a racing process's): none would be a broken database.
    Effect.flatMap(Option.match({ onNone: () => Effect.dieMessage("La clave de firma no quedó guardada"), onSome: Effect.succeed }))
  )
