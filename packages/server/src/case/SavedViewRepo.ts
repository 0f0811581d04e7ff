import { SqlClient, SqlSchema } from "@effect/sql"
import { Array as Arr, Context, Effect, Either, Layer, Option, ParseResult, Schema } from "effect"
import { SavedView, type SavedViewInput } from "@palma/core/domain"
import { transactionOf } from "../sql/Transaction.js"

const Row = Schema.Struct({ id: Schema.String, name: Schema.String, criteria: Schema.parseJson(SavedView.fields.criteria) })
/** A stored row before its criteria are read: they were written under the criteria of their day. */
const StoredRow = Schema.Struct({ id: Schema.String, name: Schema.String, criteria: Schema.String })
const decodeCriteria = Schema.decodeEither(Schema.parseJson(SavedView.fields.criteria))

/** Where a stored view's criteria no longer decode: the fields' paths only, never their values (they may be a RUT or a name). */
const failedPaths = (error: ParseResult.ParseError) =>
  Arr.dedupe(ParseResult.ArrayFormatter.formatErrorSync(error).map((issue) => issue.path.join(".") || "(raíz)")).join(", ")

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const transaction = transactionOf(sql)
  const toView = (row: typeof Row.Type): SavedView => ({ id: row.id, name: row.name, criteria: row.criteria })

  const mine = SqlSchema.findAll({
    Request: Schema.String,
    Result: StoredRow,
    execute: (userId) => sql`SELECT id::text AS id, name, criteria::text AS criteria FROM saved_view WHERE user_id = ${userId} ORDER BY lower(name), id`
  })

  /** A stored view whose criteria today's `CaseCriteria` no longer reads is left out of the list (and logged, by id), not a 500. */
  const readable = (row: typeof StoredRow.Type): Effect.Effect<Option.Option<SavedView>> =>
    Either.match(decodeCriteria(row.criteria), {
      onRight: (criteria) => Effect.succeed(Option.some({ id: row.id, name: row.name, criteria })),
      onLeft: (error) =>
        Effect.as(Effect.logWarning(`Vista guardada ${row.id} omitida: sus criterios ya no se pueden leer (${failedPaths(error)})`), Option.none())
    })

  /**
   * A name the user already has (whatever its case) is the same view: saved again, it takes the new
   * name's spelling and criteria. A new name is written only while the user keeps fewer than
   * `limit` views; none is returned when they already keep that many. The user's saves are
   * serialized by a transaction-scoped lock on the user, so two saves cannot both see room for one.
   */
  const saveWithin = (userId: string, input: SavedViewInput, limit: number) =>
    transaction(
      Effect.gen(function* () {
        yield* sql`SELECT pg_advisory_xact_lock(hashtext('saved_view'), hashtext(${userId}::text))`
        return yield* SqlSchema.findOne({
          Request: Schema.Void,
          Result: Row,
          execute: () => sql`INSERT INTO saved_view (user_id, name, criteria)
            SELECT ${userId}::text, ${input.name}::text, ${JSON.stringify(input.criteria)}::jsonb
            WHERE EXISTS (SELECT 1 FROM saved_view WHERE user_id = ${userId}::text AND lower(name) = lower(${input.name}::text))
              OR (SELECT count(*) FROM saved_view WHERE user_id = ${userId}::text) < ${limit}::int
            ON CONFLICT (user_id, lower(name)) DO UPDATE SET name = EXCLUDED.name, criteria = EXCLUDED.criteria, updated_at = now()
            RETURNING id::text AS id, name, criteria::text AS criteria`
        })(undefined)
      })
    )

  const remove = (userId: string, id: string) =>
    Effect.map(sql`DELETE FROM saved_view WHERE id = ${id} AND user_id = ${userId} RETURNING id`, (rows) => rows.length > 0)

  return {
    mine: (userId: string) =>
      mine(userId).pipe(
        Effect.orDie,
        Effect.flatMap((rows) => Effect.forEach(rows, readable)),
        Effect.map(Arr.getSomes)
      ),
    /** The saved view, or none when the name is new and the user already keeps `limit` views (nothing written). */
    saveWithin: (userId: string, input: SavedViewInput, limit: number) => saveWithin(userId, input, limit).pipe(Effect.map(Option.map(toView)), Effect.orDie),
    /** False when the user has no view with that id (another user's is not theirs to delete). */
    remove: (userId: string, id: string) => Effect.orDie(remove(userId, id))
  }
})

/** Each user's saved case lists, in SQL. */
export class SavedViewRepo extends Context.Tag("palma/SavedViewRepo")<SavedViewRepo, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(SavedViewRepo, make)
}
