/**
 * Schema migrations with `@effect/sql`'s Migrator, portable across PGlite and PostgreSQL (no
 * PgMigrator: its schema dump shells out to pg_dump). Pending migrations run in one transaction, in
 * id order, and are recorded in `effect_sql_migrations`; a failing migration rolls all of them back
 * and fails with `MigrationError` (reason "failed", the SQL error as its cause).
 */
import { Migrator, SqlClient, type SqlError } from "@effect/sql"
import { Effect, Option } from "effect"

/** A migration: plain tagged-template SQL against the `SqlClient`. */
export type Migration = Effect.Effect<void, SqlError.SqlError, SqlClient.SqlClient>

/** Keys are `<id>_<name>`, e.g. `0001_create_insured`; ids must be unique. */
const migrationKey = /^\d+_.+$/

/** Runs the pending migrations; returns the `[id, name]` of each one applied. */
export const runMigrations = (
  migrations: Record<string, Migration>
): Effect.Effect<ReadonlyArray<readonly [id: number, name: string]>, Migrator.MigrationError | SqlError.SqlError, SqlClient.SqlClient> => {
  // Migrator.fromRecord silently skips keys it cannot parse; a misnamed migration must not vanish.
  const misnamed = Object.keys(migrations).filter((key) => !migrationKey.test(key))
  if (misnamed.length > 0) {
    return Effect.fail(
      new Migrator.MigrationError({
        reason: "import-error",
        message: `Migration keys must look like 0001_name: ${misnamed.join(", ")}`
      })
    )
  }
  return Migrator.make({})({ loader: Migrator.fromRecord(migrations) }).pipe(
    // The Migrator turns a failed migration into a defect; give it back to callers as a typed failure.
    Effect.catchSomeDefect((defect) => (defect instanceof Migrator.MigrationError ? Option.some(Effect.fail(defect)) : Option.none()))
  )
}

/** How many migrations the database records as applied: it fails on a database that is not Palma's (no such table). */
export const appliedMigrations = Effect.flatMap(SqlClient.SqlClient, (sql) =>
  Effect.map(sql<{ applied: number }>`SELECT count(*)::int AS applied FROM effect_sql_migrations`, (rows) => rows[0]?.applied ?? 0)
)
