import { SqlClient } from "@effect/sql"
import { Effect, Layer, ManagedRuntime, Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { MasterCache } from "../../src/master/MasterCache.js"
import { makeMasterService, type MasterService } from "../../src/master/MasterService.js"
import { asValidated, type MasterTable } from "../../src/master/MasterTableSql.js"
import * as PgLiteClient from "../../src/sql/PgLiteClient.js"
import { RowIntegrity } from "../../src/sql/RowIntegrity.js"

const Widget = Schema.Struct({ id: Schema.String, shelf_id: Schema.String, name: Schema.String, code: Schema.String, isActive: Schema.Boolean })
type Widget = typeof Widget.Type
type WidgetInput = Omit<Widget, "id" | "isActive">

/** A master of the test's own, so the rules are seen apart from any real table's. */
const widgetTable: MasterTable<Widget, WidgetInput, WidgetInput> = {
  table: "widget",
  label: "El widget",
  select: (sql) => sql`SELECT id, shelf_id, name, code, is_active AS "isActive" FROM widget`,
  resolve: asValidated,
  columns: (input) => ({ shelf_id: input.shelf_id, name: input.name, code: input.code }),
  unique: ["name"],
  uniqueMessage: "Ya existe un widget activo con ese nombre",
  references: [{ table: "shelf", id: (input) => input.shelf_id, message: "El estante indicado no existe o está inactivo" }],
  guardUpdate: (current, input) => (current.code === "fijo" && input.code !== "fijo" ? "El código fijo no se puede cambiar" : undefined),
  sortable: ["name"],
  searchable: ["name"]
}

const schema = Effect.flatMap(SqlClient.SqlClient, (sql) =>
  Effect.all([
    sql`CREATE TABLE shelf (id text PRIMARY KEY, is_active boolean NOT NULL DEFAULT true)`,
    sql`INSERT INTO shelf (id, is_active) VALUES ('a', true), ('cerrado', false)`,
    sql`CREATE TABLE widget (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), shelf_id text NOT NULL REFERENCES shelf (id), name text NOT NULL,
      code text NOT NULL, is_active boolean NOT NULL DEFAULT true, updated_at timestamptz, version integer NOT NULL DEFAULT 1)`,
    sql`CREATE UNIQUE INDEX widget_name_active ON widget (lower(name)) WHERE is_active`
  ])
)

describe("makeMasterService", { timeout: 30_000 }, () => {
  let runtime: ManagedRuntime.ManagedRuntime<SqlClient.SqlClient | MasterCache | RowIntegrity, unknown>
  const run = <A, E>(f: (widgets: MasterService<Widget, WidgetInput>) => Effect.Effect<A, E>) =>
    runtime.runPromise(Effect.flatMap(makeMasterService(Widget, widgetTable), f))
  const failure = <A, E>(effect: Effect.Effect<A, E>) => Effect.flip(effect)

  beforeAll(async () => {
    runtime = ManagedRuntime.make(Layer.mergeAll(MasterCache.layer(true), RowIntegrity.layer).pipe(Layer.provideMerge(PgLiteClient.layer())))
    await runtime.runPromise(schema)
  })
  afterAll(() => runtime.dispose())

  it("creates, updates and deactivates; every write clears the cached list", async () => {
    const { row: created } = await run((widgets) => Effect.zipRight(widgets.list(), widgets.create({ shelf_id: "a", name: "Tuerca", code: "t" })))
    expect(created).toMatchObject({ name: "Tuerca", isActive: true })
    expect((await run((widgets) => widgets.list())).map((w) => w.name)).toEqual(["Tuerca"])

    const { row: updated } = await run((widgets) => widgets.update(created.id, { shelf_id: "a", name: "Tornillo", code: "t" }))
    expect(updated.name).toBe("Tornillo")
    expect((await run((widgets) => widgets.list())).map((w) => w.name)).toEqual(["Tornillo"])

    expect(await run((widgets) => widgets.remove(created.id))).toMatchObject({ id: created.id, isActive: false })
    expect(await run((widgets) => widgets.list())).toEqual([])
    expect(await run((widgets) => failure(widgets.getById(created.id)))).toMatchObject({ _tag: "Missing", message: "No se encontró el widget" })
  })

  it("refuses a duplicate, a missing or inactive reference and a guarded update with its own errors (the http layer maps them)", async () => {
    const { row: fixed } = await run((widgets) => widgets.create({ shelf_id: "a", name: "Perno", code: "fijo" }))
    expect(await run((widgets) => failure(widgets.create({ shelf_id: "a", name: "PERNO", code: "x" })))).toMatchObject({
      _tag: "Clash",
      message: "Ya existe un widget activo con ese nombre"
    })
    expect(await run((widgets) => failure(widgets.create({ shelf_id: "cerrado", name: "Clavo", code: "c" })))).toMatchObject({
      _tag: "Missing",
      message: "El estante indicado no existe o está inactivo"
    })
    expect(await run((widgets) => failure(widgets.update(fixed.id, { shelf_id: "a", name: "Perno", code: "otro" })))).toMatchObject({
      _tag: "Clash",
      message: "El código fijo no se puede cambiar"
    })
  })

  it("answers a write that raced past the uniqueness check with the index's conflict, not a 500", async () => {
    await run((widgets) => widgets.create({ shelf_id: "a", name: "Arandela", code: "a" }))
    // A view that sees no rows: the check passes, as it would for a write racing another.
    const blind: MasterTable<Widget, WidgetInput, WidgetInput> = {
      ...widgetTable,
      select: (sql) => sql`SELECT * FROM (${widgetTable.select(sql)}) AS w WHERE false`
    }
    const racing = await runtime.runPromise(
      Effect.flatMap(makeMasterService(Widget, blind), (widgets) => failure(widgets.create({ shelf_id: "a", name: "arandela", code: "b" })))
    )
    expect(racing).toMatchObject({ _tag: "Clash", message: "Ya existe un widget activo con ese nombre" })
  })
})
