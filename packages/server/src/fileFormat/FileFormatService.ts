import { Context, Effect, Layer } from "effect"
import { type FileFormat, type FileFormatInput, isColumnRequired, normalizeHeader } from "@palma/core/domain"
import { type FieldIssue } from "@palma/core/api"
import { Invalid, Missing } from "../domain/errors.js"
import { FieldService } from "../field/FieldService.js"
import { matchVersion, type Precondition, type Versioned } from "../domain/version.js"
import { Transaction } from "../sql/Transaction.js"
import { FileFormatRepo } from "./FileFormatRepo.js"
import { buildTemplate } from "./template.js"

const invalid = (issues: ReadonlyArray<FieldIssue>) => new Invalid({ message: issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "), issues })

const make = Effect.gen(function* () {
  const formats = yield* FileFormatRepo
  const fields = yield* FieldService
  const transaction = (yield* Transaction).withTransaction

  /** An active plan's format: 404 for an unknown plan, [] for a plan without one (as the original answers). */
  const ofPlan = (planId: string) => Effect.zipRight(fields.ofPlan(planId), formats.columnsOf(planId))

  /** The same, but a plan without a format is a 404 (nothing to build a template from, nothing to delete). */
  const existingOf = (planId: string) =>
    Effect.flatMap(ofPlan(planId), (columns) =>
      columns.length > 0 ? Effect.succeed(columns) : Effect.fail(new Missing({ message: "El plan no tiene formato de archivo" }))
    )

  /**
   * The columns to write: every one a roster field or a value of the plan's product (a Spanish 400
   * per column otherwise), a column sent without header titled with its field's name, and no two
   * headers alike once named.
   */
  const columnsToWrite = (input: FileFormatInput) =>
    Effect.gen(function* () {
      const known = new Map((yield* fields.ofPlan(input.productPlan_id)).map((f) => [f.field, f]))
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

  return {
    /** The plan's format with its version (read first: a write in between makes the tag older, never newer). */
    ofPlan: (planId: string) =>
      Effect.gen(function* () {
        const version = yield* formats.versionOf(planId, false)
        return { row: yield* ofPlan(planId), version } satisfies Versioned<FileFormat>
      }),
    /** Replaces the plan's format in one transaction and answers the new one; 412 over someone else's change. */
    replace: (input: FileFormatInput, precondition?: Precondition) =>
      transaction(
        Effect.gen(function* () {
          yield* matchVersion(yield* formats.versionOf(input.productPlan_id, true), precondition)
          yield* formats.replace(input.productPlan_id, yield* columnsToWrite(input))
          const row = yield* formats.columnsOf(input.productPlan_id)
          return { row, version: yield* formats.versionOf(input.productPlan_id, false) } satisfies Versioned<FileFormat>
        })
      ),
    /** Deletes the plan's format; 404 when it has none, 412 over someone else's change. */
    remove: (planId: string, precondition?: Precondition) =>
      transaction(
        Effect.gen(function* () {
          yield* matchVersion(yield* formats.versionOf(planId, true), precondition)
          yield* existingOf(planId)
          yield* formats.remove(planId)
          return true as const
        })
      ),
    retails: formats.retailsWithFormats,
    /** An empty workbook with the format's header row. */
    template: (planId: string) =>
      Effect.gen(function* () {
        const columns = yield* existingOf(planId)
        return yield* buildTemplate(columns, yield* fields.ofPlan(planId))
      })
  }
})

/** Roster formats: columns a plan's product can carry, headers unique, replaced atomically. */
export class FileFormatService extends Context.Tag("palma/FileFormatService")<FileFormatService, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(FileFormatService, make).pipe(Layer.provide([FileFormatRepo.layer, FieldService.layer, Transaction.layer]))
}
