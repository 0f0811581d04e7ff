import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer, Schema } from "effect"
import { BadRequest, type FieldIssue, FileFormat, FileFormatRetail, type FileFormatInput, NotFound, isColumnRequired, normalizeHeader } from "@palma/core"
import { PlanFields } from "../field/PlanFields.js"
import { type ColumnRow, toColumn } from "./columns.js"

const decodeFormat = Schema.decodeUnknown(FileFormat)
const decodeChannels = Schema.decodeUnknown(Schema.Array(FileFormatRetail))

const noFormat = () => new NotFound({ message: "El plan no tiene formato de archivo" })

const invalid = (issues: ReadonlyArray<FieldIssue>) => new BadRequest({ message: issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "), issues })

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const planFields = yield* PlanFields

  /** The plan's columns in order, named as the field list names them; [] when it has no format. */
  const columnsOf = (planId: string) =>
    sql<ColumnRow>`SELECT ff.id, ff.field, ff.header, ff.required, ff.position, v.name AS value_name, vt.code AS value_type_code
      FROM file_format f
      JOIN file_format_field ff ON ff.file_format_id = f.id
      LEFT JOIN value v ON v.id::text = ff.field
      LEFT JOIN value_type vt ON vt.id = v.value_type_id
      WHERE f.product_plan_id = ${planId}
      ORDER BY ff.position`.pipe(
      Effect.flatMap((rows) => decodeFormat(rows.map(toColumn))),
      Effect.orDie
    )

  /** An active plan's format: 404 for an unknown plan, [] for a plan without one (as the original answers). */
  const ofPlan = (planId: string) => planFields.ofPlan(planId).pipe(Effect.zipRight(columnsOf(planId)))

  /** The same, but a plan without a format is a 404 (nothing to build a template from). */
  const existingOf = (planId: string) =>
    ofPlan(planId).pipe(Effect.flatMap((columns) => (columns.length > 0 ? Effect.succeed(columns) : Effect.fail(noFormat()))))

  /** The channels with at least one active plan that has a format, by name. */
  const channels = sql`SELECT DISTINCT r.id AS retail_id, r.rut AS retail_rut, r.name AS retail_name
      FROM file_format f
      JOIN product_plan pp ON pp.id = f.product_plan_id AND pp.is_active
      JOIN retail r ON r.id = pp.retail_id AND r.is_active
      ORDER BY r.name, r.id`.pipe(Effect.flatMap(decodeChannels), Effect.orDie)

  /**
   * The columns to write: every one a roster field or a value of the plan's product (a Spanish 400
   * per column otherwise), a column sent without header titled with its field's name, and no two
   * headers alike once named.
   */
  const columnsToWrite = (input: FileFormatInput) =>
    Effect.gen(function* () {
      const known = new Map((yield* planFields.ofPlan(input.productPlan_id)).map((f) => [f.field, f]))
      const issues: Array<FieldIssue> = input.fields.flatMap((column, i) =>
        known.has(column.field_id) ? [] : [{ path: ["fields", i, "field_id"], message: "El valor no pertenece a los servicios del producto del plan" }]
      )
      if (issues.length > 0) return yield* Effect.fail(invalid(issues))
      const columns = input.fields.map((column, i) => ({
        position: i + 1,
        field: column.field_id,
        header: column.header ?? known.get(column.field_id)!.label,
        required: isColumnRequired(column)
      }))
      const headers = columns.map((c) => normalizeHeader(c.header))
      const repeated = columns.flatMap((c, i) =>
        headers.indexOf(headers[i]!) === i ? [] : [{ path: ["fields", i, "header"], message: `El encabezado "${c.header}" se repite` }]
      )
      if (repeated.length > 0) return yield* Effect.fail(invalid(repeated))
      return columns
    })

  /** Replaces the plan's format in one transaction: same format id, new columns. */
  const replace = (input: FileFormatInput) =>
    sql
      .withTransaction(
        Effect.gen(function* () {
          const columns = yield* columnsToWrite(input)
          // The row lock taken here serializes two replacements of the same plan's format.
          const [format] = yield* sql<{ id: string }>`INSERT INTO file_format (product_plan_id) VALUES (${input.productPlan_id})
          ON CONFLICT (product_plan_id) DO UPDATE SET updated_at = now() RETURNING id`
          const id = format!.id
          yield* sql`DELETE FROM file_format_field WHERE file_format_id = ${id}`
          yield* sql`INSERT INTO file_format_field ${sql.insert(columns.map((column) => ({ file_format_id: id, ...column })))}`
          return yield* columnsOf(input.productPlan_id)
        })
      )
      .pipe(Effect.catchTag("SqlError", Effect.die))

  /** Deletes the plan's format; 404 when it has none. */
  const remove = (planId: string) =>
    sql
      .withTransaction(
        Effect.gen(function* () {
          yield* existingOf(planId)
          yield* sql`DELETE FROM file_format WHERE product_plan_id = ${planId}`
          return true as const
        })
      )
      .pipe(Effect.catchTag("SqlError", Effect.die))

  return { replace, ofPlan, existingOf, channels, remove }
})

/** Roster formats in SQL: one per plan, columns in order, replaced atomically. */
export class FileFormatRepo extends Context.Tag("palma/FileFormatRepo")<FileFormatRepo, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(FileFormatRepo, make)
}
