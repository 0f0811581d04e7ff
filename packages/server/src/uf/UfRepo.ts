import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer, Option, Schema } from "effect"
import { type UfEntry, UfRate, UfSource } from "@palma/core/domain"

const Row = Schema.Struct({ date: Schema.String, value: UfRate, source: UfSource })
export type UfRow = typeof Row.Type

const first = (rows: ReadonlyArray<unknown>) =>
  rows[0] === undefined ? Effect.succeed(Option.none<UfRow>()) : Effect.map(Schema.decodeUnknown(Row)(rows[0]), Option.some)

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const columns = sql`to_char(date, 'YYYY-MM-DD') AS date, value::text AS value, source`

  /** The value stored for exactly that day. */
  const on = (date: string) => Effect.flatMap(sql`SELECT ${columns} FROM uf_value WHERE date = ${date}`, first)

  /** The latest value stored before that day, from any source. */
  const lastBefore = (date: string) => Effect.flatMap(sql`SELECT ${columns} FROM uf_value WHERE date < ${date} ORDER BY date DESC LIMIT 1`, first)

  /** A provider's value: replaces a demo one, never an admin's. */
  const storeFetched = (date: string, value: UfRate) =>
    sql`INSERT INTO uf_value (date, value, source) VALUES (${date}, ${value}, 'provider')
      ON CONFLICT (date) DO UPDATE SET value = excluded.value, source = 'provider', fetched_at = now()
      WHERE uf_value.source = 'demo'`

  /** An admin's values: they replace whatever those days had. */
  const storeEntered = (entries: ReadonlyArray<UfEntry>) =>
    sql`INSERT INTO uf_value ${sql.insert(entries.map((e) => ({ date: e.date, value: e.value, source: "admin" })))}
      ON CONFLICT (date) DO UPDATE SET value = excluded.value, source = 'admin', fetched_at = now()`

  return {
    on: (date: string) => Effect.orDie(on(date)),
    lastBefore: (date: string) => Effect.orDie(lastBefore(date)),
    storeFetched: (date: string, value: UfRate) => Effect.orDie(storeFetched(date, value)),
    storeEntered: (entries: ReadonlyArray<UfEntry>) => Effect.orDie(storeEntered(entries))
  }
})

/** The UF values kept by day. */
export class UfRepo extends Context.Tag("palma/UfRepo")<UfRepo, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(UfRepo, make)
}
