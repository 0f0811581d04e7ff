import { SqlClient, type Statement } from "@effect/sql"
import { Context, Effect, Layer, Schema } from "effect"
import { BadRequest, FileFormat, type FieldIssue, type FileFormatInput, NotFound, isColumnRequired } from "@palma/core"
import { PlanFields } from "../field/PlanFields.js"

const decodeAll = Schema.decodeUnknown(Schema.Array(FileFormat))

const noFormat = () => new NotFound({ message: "El plan no tiene formato de archivo" })

interface FormatRow {
  readonly id: string
  readonly productPlan_id: string
}
interface FieldRow {
  readonly file_format_id: string
  readonly field: string
  readonly header: string
  readonly required: boolean
  readonly position: number
}

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const planFields = yield* PlanFields

  /** Formats matching `where` (over file_format f and product_plan pp), each with its columns in order. */
  const formats = (where: Statement.Fragment) =>
    Effect.gen(function* () {
      const heads = yield* sql<FormatRow>`SELECT f.id, f.product_plan_id AS "productPlan_id"
        FROM file_format f JOIN product_plan pp ON pp.id = f.product_plan_id WHERE ${where} ORDER BY f.created_at, f.id`
      if (heads.length === 0) return []
      const columns = yield* sql<FieldRow>`SELECT file_format_id, field, header, required, position FROM file_format_field
        WHERE ${sql.in("file_format_id", heads.map((h) => h.id))} ORDER BY position`
      return yield* decodeAll(
        heads.map((head) => ({
          ...head,
          fields: columns.filter((c) => c.file_format_id === head.id).map(({ field, header, required, position }) => ({ field, header, required, position }))
        }))
      )
    }).pipe(Effect.orDie)

  const ofPlan = (planId: string) =>
    formats(sql`f.product_plan_id = ${planId}`).pipe(Effect.flatMap((found) => (found[0] ? Effect.succeed(found[0]) : Effect.fail(noFormat()))))

  /** Every column must be a roster field or a value of the plan's product: a Spanish 400 per column otherwise. */
  const checkColumns = (input: FileFormatInput) =>
    Effect.gen(function* () {
      const allowed = new Set((yield* planFields.ofPlan(input.productPlan_id)).map((f) => f.field))
      const issues: Array<FieldIssue> = input.fields.flatMap((column, i) =>
        allowed.has(column.field) ? [] : [{ path: ["fields", i, "field"], message: "El valor no pertenece a los servicios del producto del plan" }]
      )
      if (issues.length > 0) {
        return yield* Effect.fail(new BadRequest({ message: `fields.${String(issues[0]!.path[1])}.field: ${issues[0]!.message}`, issues }))
      }
    })

  /** Replaces the plan's format in one transaction: same format id, new columns. */
  const replace = (input: FileFormatInput) =>
    sql.withTransaction(
      Effect.gen(function* () {
        yield* checkColumns(input)
        // The row lock taken here serializes two replacements of the same plan's format.
        const [format] = yield* sql<{ id: string }>`INSERT INTO file_format (product_plan_id) VALUES (${input.productPlan_id})
          ON CONFLICT (product_plan_id) DO UPDATE SET updated_at = now() RETURNING id`
        const id = format!.id
        yield* sql`DELETE FROM file_format_field WHERE file_format_id = ${id}`
        yield* sql`INSERT INTO file_format_field ${sql.insert(
          input.fields.map((column, i) => ({
            file_format_id: id,
            position: i + 1,
            field: column.field,
            header: column.header,
            required: isColumnRequired(column)
          }))
        )}`
        return yield* ofPlan(input.productPlan_id)
      })
    ).pipe(Effect.catchTag("SqlError", Effect.die))

  const remove = (planId: string) =>
    sql.withTransaction(
      Effect.gen(function* () {
        const current = yield* ofPlan(planId)
        yield* sql`DELETE FROM file_format WHERE id = ${current.id}`
        return current
      })
    ).pipe(Effect.catchTag("SqlError", Effect.die))

  return {
    replace,
    ofPlan,
    getAll: formats(sql`pp.is_active`),
    remove
  }
})

/** Roster formats in SQL: one per plan, columns in order, replaced atomically. */
export class FileFormatRepo extends Context.Tag("palma/FileFormatRepo")<FileFormatRepo, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(FileFormatRepo, make)
}
