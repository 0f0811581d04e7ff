import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer, Option } from "effect"
import { isPgLiteClient } from "../sql/PgLiteClient.js"

const make = Effect.map(SqlClient.SqlClient, (sql) => ({
  /** The embedded cluster as a tar's ranges, none on PostgreSQL (pg_dump's job); a failed dump is a defect. */
  dump: isPgLiteClient(sql) ? Option.some(Effect.orDie(sql.dumpDataDir)) : Option.none()
}))

/** The database as a backup reads it: a dump of the embedded (PGlite) cluster, when that is the database. */
export class BackupRepo extends Context.Tag("palma/BackupRepo")<BackupRepo, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(BackupRepo, make)
}
