/**
 * The SqlClient behaviour the app relies on, run against every engine (PGlite always, PostgreSQL
 * when DATABASE_URL is set) so both stay interchangeable. Tables live in a fresh schema per run,
 * so a shared PostgreSQL is left as it was found.
 */
import { SqlClient, SqlError } from "@effect/sql"
import { Effect, Layer, ManagedRuntime, Stream } from "effect"
import { afterAll, beforeAll, expect, it } from "vitest"

const schema = `palma_sqltest_${Date.now()}_${Math.floor(Math.random() * 1e6)}`

export const describeSqlClient = (layer: Layer.Layer<SqlClient.SqlClient, unknown>): void => {
  let runtime: ManagedRuntime.ManagedRuntime<SqlClient.SqlClient, unknown>
  const run = <A, E>(effect: Effect.Effect<A, E, SqlClient.SqlClient>): Promise<A> => runtime.runPromise(effect)
  const table = (name: string) => Effect.map(SqlClient.SqlClient, (sql) => sql(`${schema}.${name}`))

  beforeAll(async () => {
    runtime = ManagedRuntime.make(layer)
    await run(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        yield* sql`CREATE SCHEMA ${sql(schema)}`
        yield* sql`CREATE TABLE ${sql(`${schema}.item`)} (
          id serial PRIMARY KEY, name text NOT NULL, qty int NOT NULL, price numeric(12, 2), due date)`
        yield* sql`CREATE TABLE ${sql(`${schema}.counter`)} (id int PRIMARY KEY, value int NOT NULL)`
      })
    )
  }, 60_000)

  afterAll(async () => {
    await run(Effect.flatMap(SqlClient.SqlClient, (sql) => sql`DROP SCHEMA ${sql(schema)} CASCADE`))
    await runtime.dispose()
  }, 60_000)

  const insertItems = (rows: ReadonlyArray<{ name: string; qty: number }>) =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const item = yield* table("item")
      return yield* sql<{ id: number; name: string }>`INSERT INTO ${item} ${sql.insert(rows)} RETURNING id, name`
    })

  const namesLike = (prefix: string) =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const rows = yield* sql<{ name: string }>`SELECT name FROM ${yield* table("item")}
        WHERE name LIKE ${`${prefix}%`} ORDER BY name`
      return rows.map((row) => row.name)
    })

  it("inserts with sql.insert and binds template parameters", async () => {
    const inserted = await run(
      insertItems([
        { name: "p-a", qty: 1 },
        { name: "p-b", qty: 2 },
        { name: "p-c", qty: 3 }
      ])
    )
    expect(inserted.map((row) => row.name)).toEqual(["p-a", "p-b", "p-c"])
    const rows = await run(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        return yield* sql<{ name: string }>`SELECT name FROM ${yield* table("item")}
          WHERE name LIKE ${"p-%"} AND qty >= ${2} ORDER BY qty`
      })
    )
    expect(rows).toEqual([{ name: "p-b" }, { name: "p-c" }])
  })

  it("expands arrays with sql.in", async () => {
    const rows = await run(
      Effect.gen(function* () {
        const [a, , c] = yield* insertItems([
          { name: "in-a", qty: 1 },
          { name: "in-b", qty: 1 },
          { name: "in-c", qty: 1 }
        ])
        const sql = yield* SqlClient.SqlClient
        return yield* sql<{ name: string }>`SELECT name FROM ${yield* table("item")}
          WHERE id IN ${sql.in([a!.id, c!.id])} ORDER BY name`
      })
    )
    expect(rows.map((row) => row.name)).toEqual(["in-a", "in-c"])
  })

  it("returns values, streams and runs several statements without parameters", async () => {
    const result = await run(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const multi = yield* table("multi")
        yield* sql`CREATE TABLE ${multi} (n int); INSERT INTO ${multi} VALUES (1), (2)`
        const values = yield* sql`SELECT n FROM ${multi} ORDER BY n`.values
        const streamed = yield* Stream.runCollect(sql<{ n: number }>`SELECT n FROM ${multi} ORDER BY n`.stream)
        return { values, streamed: [...streamed] }
      })
    )
    expect(result).toEqual({ values: [[1], [2]], streamed: [{ n: 1 }, { n: 2 }] })
  })

  it("commits a transaction", async () => {
    await run(Effect.flatMap(SqlClient.SqlClient, (sql) => sql.withTransaction(insertItems([{ name: "commit-a", qty: 1 }]))))
    expect(await run(namesLike("commit-"))).toEqual(["commit-a"])
  })

  it("rolls back a failed transaction", async () => {
    const failed = await run(
      Effect.flatMap(SqlClient.SqlClient, (sql) =>
        sql.withTransaction(Effect.zipRight(insertItems([{ name: "rollback-a", qty: 1 }]), Effect.fail("boom" as const)))
      ).pipe(Effect.flip)
    )
    expect(failed).toBe("boom")
    expect(await run(namesLike("rollback-"))).toEqual([])
  })

  it("rolls back only the failed nested transaction (savepoint)", async () => {
    await run(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        yield* sql.withTransaction(
          Effect.gen(function* () {
            yield* insertItems([{ name: "nested-a", qty: 1 }])
            yield* sql.withTransaction(Effect.zipRight(insertItems([{ name: "nested-b", qty: 1 }]), Effect.fail("inner"))).pipe(Effect.ignore)
            yield* insertItems([{ name: "nested-c", qty: 1 }])
          })
        )
      })
    )
    expect(await run(namesLike("nested-"))).toEqual(["nested-a", "nested-c"])
  })

  it("keeps 20 concurrent read-modify-write transactions exact", async () => {
    const value = await run(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const counter = yield* table("counter")
        yield* sql`INSERT INTO ${counter} (id, value) VALUES (1, 0)`
        const increment = sql.withTransaction(
          Effect.gen(function* () {
            // FOR UPDATE makes this correct on PostgreSQL; on PGlite it only holds if transactions
            // are serialized, as interleaved statements would share one session and lose updates.
            const [row] = yield* sql<{ value: number }>`SELECT value FROM ${counter} WHERE id = 1 FOR UPDATE`
            yield* Effect.sleep("1 millis") // invite other fibers in between the read and the write
            yield* sql`UPDATE ${counter} SET value = ${row!.value + 1} WHERE id = 1`
          })
        )
        yield* Effect.all(
          Array.from({ length: 20 }, () => increment),
          { concurrency: "unbounded", discard: true }
        )
        const [row] = yield* sql<{ value: number }>`SELECT value FROM ${counter} WHERE id = 1`
        return row!.value
      })
    )
    expect(value).toBe(20)
  })

  it("parses values by the shared row contract", async () => {
    const [row] = await run(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const item = yield* table("item")
        yield* sql`INSERT INTO ${item} ${sql.insert({ name: "types", qty: 7, price: "12.34", due: "2024-02-29" })}`
        return yield* sql`SELECT price, due, qty, count(*) OVER () AS total, 9007199254740993::int8 AS big,
          '2024-01-31 10:00:00'::timestamp AS wall, '2024-01-31T10:00:00Z'::timestamptz AS at,
          '{"a":1}'::jsonb AS doc, true AS flag, ARRAY['2024-01-01'::date] AS days
          FROM ${item} WHERE name = ${"types"}`
      })
    )
    expect(row).toEqual({
      price: "12.34",
      due: "2024-02-29",
      qty: 7,
      total: "1",
      big: "9007199254740993",
      wall: "2024-01-31 10:00:00",
      at: new Date("2024-01-31T10:00:00Z"),
      doc: { a: 1 },
      flag: true,
      days: ["2024-01-01"]
    })
  })

  it("round-trips numeric exactly", async () => {
    const rows = await run(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        return yield* sql`SELECT ${"12.34"}::numeric(12, 2) AS price, 0.1::numeric + 0.2::numeric AS sum`
      })
    )
    expect(rows).toEqual([{ price: "12.34", sum: "0.3" }])
  })

  it("round-trips bytea as Uint8Array, every byte value and the empty value", async () => {
    const bytes = new Uint8Array(Array.from({ length: 512 }, (_, i) => (i * 7) % 256))
    // A view into a larger buffer: only its own bytes are sent.
    const view = new Uint8Array([9, 1, 2, 3, 9]).subarray(1, 4)
    const [row] = await run(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        return yield* sql<{ bytes: Uint8Array; view: Uint8Array; empty: Uint8Array; length: number; first: string }>`SELECT
          ${bytes}::bytea AS bytes, ${view}::bytea AS view, ${new Uint8Array(0)}::bytea AS empty,
          octet_length(${bytes}::bytea) AS length, encode(substring(${bytes}::bytea FROM 1 FOR 3), 'hex') AS first`
      })
    )
    expect(row!.bytes).toBeInstanceOf(Uint8Array)
    expect([...row!.bytes]).toEqual([...bytes])
    expect([...row!.view]).toEqual([1, 2, 3])
    expect([...row!.empty]).toEqual([])
    expect(row!.length).toBe(512)
    expect(row!.first).toBe("00070e")
  })

  it("fails with SqlError, keeping the database error code", async () => {
    const error = await run(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const counter = yield* table("counter")
        yield* sql`INSERT INTO ${counter} (id, value) VALUES (${99}, 0)`
        yield* sql`INSERT INTO ${counter} (id, value) VALUES (${99}, 0)`
      }).pipe(Effect.flip)
    )
    expect(error).toBeInstanceOf(SqlError.SqlError)
    expect(error.message).toBe("Failed to execute statement")
    expect(error.cause).toMatchObject({ code: "23505" })
    expect(error.cause).not.toHaveProperty("params")
  })

  it("runs a statement again after a schema change alters its answer's columns: at most one failure per connection, then the new columns", async () => {
    const readBack = Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      return yield* sql<Record<string, unknown>>`SELECT * FROM ${yield* table("counter")} WHERE id = ${7}`
    })
    await run(
      Effect.flatMap(table("counter"), (counter) => Effect.flatMap(SqlClient.SqlClient, (sql) => sql`INSERT INTO ${counter} (id, value) VALUES (${7}, 1)`))
    )
    for (let i = 0; i < 3; i++) expect(await run(readBack)).toEqual([{ id: 7, value: 1 }])
    await run(Effect.flatMap(table("counter"), (counter) => Effect.flatMap(SqlClient.SqlClient, (sql) => sql`ALTER TABLE ${counter} ADD COLUMN note text`)))
    const failures: Array<unknown> = []
    let rows: ReadonlyArray<Record<string, unknown>> | undefined
    // A pool of up to 10 connections: each that prepared the statement may fail it once.
    for (let i = 0; i < 12 && rows === undefined; i++) {
      const answer = await run(Effect.either(readBack))
      if (answer._tag === "Right") rows = answer.right
      else failures.push(answer.left.cause)
    }
    expect(rows).toEqual([{ id: 7, value: 1, note: null }])
    expect(failures.length).toBeLessThanOrEqual(10)
    for (const failure of failures) expect(failure).toMatchObject({ code: "0A000" })
  })
}
