import { SqlClient, SqlSchema } from "@effect/sql"
import { Context, Effect, Layer, Schema } from "effect"
import { SavedView, type SavedViewInput } from "@palma/core"

const Row = Schema.Struct({ id: Schema.String, name: Schema.String, criteria: Schema.parseJson(SavedView.fields.criteria) })

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const toView = (row: typeof Row.Type): SavedView => ({ id: row.id, name: row.name, criteria: row.criteria })

  const mine = SqlSchema.findAll({
    Request: Schema.String,
    Result: Row,
    execute: (userId) => sql`SELECT id::text AS id, name, criteria::text AS criteria FROM saved_view WHERE user_id = ${userId} ORDER BY lower(name), id`
  })

  /** A name the user already has (whatever its case) is the same view: saved again, it takes the new name's spelling and criteria. */
  const save = (userId: string, input: SavedViewInput) =>
    SqlSchema.single({
      Request: Schema.Void,
      Result: Row,
      execute: () => sql`INSERT INTO saved_view (user_id, name, criteria) VALUES (${userId}, ${input.name}, ${JSON.stringify(input.criteria)}::jsonb)
        ON CONFLICT (user_id, lower(name)) DO UPDATE SET name = EXCLUDED.name, criteria = EXCLUDED.criteria, updated_at = now()
        RETURNING id::text AS id, name, criteria::text AS criteria`
    })(undefined)

  const remove = (userId: string, id: string) =>
    Effect.map(sql`DELETE FROM saved_view WHERE id = ${id} AND user_id = ${userId} RETURNING id`, (rows) => rows.length > 0)

  return {
    mine: (userId: string) =>
      mine(userId).pipe(
        Effect.map((rows) => rows.map(toView)),
        Effect.orDie
      ),
    save: (userId: string, input: SavedViewInput) => save(userId, input).pipe(Effect.map(toView), Effect.orDie),
    /** False when the user has no view with that id (another user's is not theirs to delete). */
    remove: (userId: string, id: string) => Effect.orDie(remove(userId, id))
  }
})

/** Each user's saved case lists, in SQL. */
export class SavedViewRepo extends Context.Tag("palma/SavedViewRepo")<SavedViewRepo, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(SavedViewRepo, make)
}
