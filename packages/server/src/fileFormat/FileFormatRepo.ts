import { SqlClient, SqlSchema } from "@effect/sql"
import { Context, Effect, Layer, Schema } from "effect"
import { type FileFormat, FileFormatRetail } from "@palma/core/domain"
import { returnedId } from "../sql/returnedId.js"
import { ColumnRow, toColumn } from "./columns.js"

/** A column as written: what it feeds, its header, whether a row must fill it, its 1-based position. */
export interface ColumnWrite {
  readonly position: number
  readonly field: string
  readonly header: string
  readonly required: boolean
}

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  /** The plan's columns in order, named as the field list names them; none when it has no format. */
  const columnsOf = SqlSchema.findAll({
    Request: Schema.String,
    Result: ColumnRow,
    execute: (planId) => sql`SELECT ff.id, ff.field, ff.header, ff.required, ff.position, v.name AS value_name, vt.code AS value_type_code
      FROM file_format f
      JOIN file_format_field ff ON ff.file_format_id = f.id
      LEFT JOIN value v ON v.id::text = ff.field
      LEFT JOIN value_type vt ON vt.id = v.value_type_id
      WHERE f.product_plan_id = ${planId}
      ORDER BY ff.position`
  })

  /** The active retails with at least one active plan that has a format, by name. */
  const retailsWithFormats = SqlSchema.findAll({
    Request: Schema.Void,
    Result: FileFormatRetail,
    execute: () => sql`SELECT DISTINCT r.id AS retail_id, r.rut AS retail_rut, r.name AS retail_name
      FROM file_format f
      JOIN product_plan pp ON pp.id = f.product_plan_id AND pp.is_active
      JOIN retail r ON r.id = pp.retail_id AND r.is_active
      ORDER BY r.name, r.id`
  })

  /** Replaces the plan's columns, keeping its format's id. */
  const replace = (planId: string, columns: ReadonlyArray<ColumnWrite>) =>
    Effect.gen(function* () {
      // The row lock taken here serializes two replacements of the same plan's format.
      const formatId = yield* sql`INSERT INTO file_format (product_plan_id) VALUES (${planId})
        ON CONFLICT (product_plan_id) DO UPDATE SET updated_at = now() RETURNING id`.pipe(Effect.flatMap(returnedId))
      yield* sql`DELETE FROM file_format_field WHERE file_format_id = ${formatId}`
      yield* sql`INSERT INTO file_format_field ${sql.insert(columns.map((column) => ({ file_format_id: formatId, ...column })))}`
    })

  /**
   * The version of the plan's format, 0 while it has none (so "none yet" is a version a client
   * can name). Inside a write's transaction it locks the row until commit.
   */
  const versionOf = (planId: string, lock: boolean) =>
    (lock
      ? sql<{ version: number }>`SELECT version FROM file_format WHERE product_plan_id = ${planId} FOR UPDATE`
      : sql<{ version: number }>`SELECT version FROM file_format WHERE product_plan_id = ${planId}`
    ).pipe(
      Effect.map((rows) => rows[0]?.version ?? 0),
      Effect.orDie
    )

  return {
    versionOf,
    columnsOf: (planId: string): Effect.Effect<FileFormat> =>
      columnsOf(planId).pipe(
        Effect.map((rows) => rows.map(toColumn)),
        Effect.orDie
      ),
    retailsWithFormats: retailsWithFormats().pipe(Effect.orDie),
    replace: (planId: string, columns: ReadonlyArray<ColumnWrite>) => replace(planId, columns).pipe(Effect.orDie),
    remove: (planId: string) => sql`DELETE FROM file_format WHERE product_plan_id = ${planId}`.pipe(Effect.asVoid, Effect.orDie)
  }
})

/** Roster formats in SQL: one per plan, columns in order. */
export class FileFormatRepo extends Context.Tag("palma/FileFormatRepo")<FileFormatRepo, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(FileFormatRepo, make)
}
