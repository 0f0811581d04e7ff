import { Migrator, SqlClient } from "@effect/sql"
import { Effect, ManagedRuntime } from "effect"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { type Migration, runMigrations } from "../../src/sql/Migrations.js"
import * as PgLiteClient from "../../src/sql/PgLiteClient.js"

const createWidget: Migration = Effect.flatMap(SqlClient.SqlClient, (sql) => sql`CREATE TABLE widget (id serial PRIMARY KEY, name text NOT NULL)`)
const addWidgetColor: Migration = Effect.flatMap(SqlClient.SqlClient, (sql) => sql`ALTER TABLE widget ADD COLUMN color text NOT NULL DEFAULT 'verde'`)
const broken: Migration = Effect.flatMap(SqlClient.SqlClient, (sql) => sql`ALTER TABLE nowhere ADD COLUMN x int`)

describe("runMigrations", { timeout: 30_000 }, () => {
  let runtime: ManagedRuntime.ManagedRuntime<SqlClient.SqlClient, unknown>
  beforeEach(() => {
    runtime = ManagedRuntime.make(PgLiteClient.layer())
  })
  afterEach(() => runtime.dispose())

  const tables = Effect.flatMap(
    SqlClient.SqlClient,
    (sql) => sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' ORDER BY table_name`
  )

  it("applies pending migrations in id order, once", async () => {
    // Deliberately out of order: ids, not key order, decide.
    const first = await runtime.runPromise(runMigrations({ "0002_add_widget_color": addWidgetColor, "0001_create_widget": createWidget }))
    expect(first).toEqual([
      [1, "create_widget"],
      [2, "add_widget_color"]
    ])
    const again = await runtime.runPromise(runMigrations({ "0001_create_widget": createWidget, "0002_add_widget_color": addWidgetColor }))
    expect(again).toEqual([])
    const rows = await runtime.runPromise(Effect.flatMap(SqlClient.SqlClient, (sql) => sql`INSERT INTO widget (name) VALUES (${"a"}) RETURNING name, color`))
    expect(rows).toEqual([{ name: "a", color: "verde" }])
  })

  it("fails typed and rolls back every pending migration when one fails", async () => {
    const error = await runtime.runPromise(Effect.flip(runMigrations({ "0001_create_widget": createWidget, "0002_broken": broken })))
    expect(error).toMatchObject({ _tag: "MigrationError", reason: "failed" })
    expect(await runtime.runPromise(tables)).toEqual([{ name: "effect_sql_migrations" }])
  })

  it("rejects a key without an id instead of skipping it", async () => {
    const error = await runtime.runPromise(Effect.flip(runMigrations({ create_widget: createWidget })))
    expect(error).toBeInstanceOf(Migrator.MigrationError)
    expect(error.message).toContain("create_widget")
  })
})
