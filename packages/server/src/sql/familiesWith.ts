import { type SqlClient, SqlSchema } from "@effect/sql"
import { Effect, Schema } from "effect"
import { Family } from "@palma/core/domain"

/** The active families with at least one active row of `table`: the seed's `getFamilies` of products and of assistances. */
export const familiesWith = (sql: SqlClient.SqlClient, table: "product" | "assistance"): Effect.Effect<ReadonlyArray<Family>> =>
  SqlSchema.findAll({
    Request: Schema.Void,
    Result: Family,
    execute: () => sql`SELECT f.id, f.name, f.is_active AS "isActive" FROM family f
      WHERE f.is_active AND EXISTS (SELECT 1 FROM ${sql(table)} t WHERE t.family_id = f.id AND t.is_active)
      ORDER BY f.name, f.id`
  })().pipe(Effect.orDie)
