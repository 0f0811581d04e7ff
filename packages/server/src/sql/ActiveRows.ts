import { SqlClient, SqlSchema } from "@effect/sql"
import { Context, Effect, Layer, Option, Schema } from "effect"

/** Tables whose rows are deactivated, never deleted: a write that refers to one must name an active row. */
export type Deactivatable = "family" | "assistance" | "retail"

const NamedRow = Schema.Struct({ id: Schema.String, name: Schema.String })
export type NamedRow = typeof NamedRow.Type

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  /** The active rows of `table` among `ids`, by name. */
  const named = (table: Deactivatable, ids: ReadonlyArray<string>): Effect.Effect<ReadonlyArray<NamedRow>> =>
    ids.length === 0
      ? Effect.succeed([])
      : SqlSchema.findAll({
          Request: Schema.Array(Schema.String),
          Result: NamedRow,
          execute: (wanted) => sql`SELECT id, name FROM ${sql(table)} WHERE id IN ${sql.in(wanted)} AND is_active ORDER BY name, id`
        })(ids).pipe(Effect.orDie)

  return {
    named,
    /** The row `id` of `table` while it is active. */
    one: (table: Deactivatable, id: string): Effect.Effect<Option.Option<NamedRow>> => Effect.map(named(table, [id]), (rows) => Option.fromNullable(rows[0]))
  }
})

/** Which referenced rows are active: the families, assistances and retails a write names. */
export class ActiveRows extends Context.Tag("palma/ActiveRows")<ActiveRows, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(ActiveRows, make)
}
