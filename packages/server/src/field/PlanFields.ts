import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer } from "effect"
import { NotFound, type RosterField, requiredColumns, rosterFieldFormat, rosterFieldLabel, rosterFieldNames, valueFormat } from "@palma/core"

const notFound = () => new NotFound({ message: "No se encontró el plan" })

/** The roster fields every plan has, in display order; rut, name and paternal last name are always required. */
const rosterFields: ReadonlyArray<RosterField> = rosterFieldNames.map((field) => ({
  type: "ASE",
  id: field,
  name: rosterFieldLabel[field],
  format: rosterFieldFormat[field],
  field,
  label: rosterFieldLabel[field],
  kind: "person",
  valueType_code: null,
  required: (requiredColumns as ReadonlyArray<string>).includes(field)
}))

const valueField = (value: { readonly id: string; readonly name: string; readonly code: string }): RosterField => ({
  type: "VAL",
  id: value.id,
  name: value.name,
  format: valueFormat(value.code),
  field: value.id,
  label: value.name,
  kind: "value",
  valueType_code: value.code,
  required: false
})

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  /** An active plan's product; 404 for anything else. */
  const productOf = (planId: string) =>
    sql<{ product_id: string }>`SELECT product_id FROM product_plan WHERE id = ${planId} AND is_active`.pipe(
      Effect.orDie,
      Effect.flatMap((rows) => (rows[0] ? Effect.succeed(rows[0].product_id) : Effect.fail(notFound())))
    )

  /** The active values the product's active assistances ask for, in the order they are asked, each once. */
  const valuesOf = (productId: string) =>
    sql<{ id: string; name: string; code: string }>`SELECT v.id, v.name, vt.code
      FROM product_assistance pa
      JOIN assistance a ON a.id = pa.assistance_id AND a.is_active
      JOIN assistance_value av ON av.assistance_id = a.id
      JOIN value v ON v.id = av.value_id AND v.is_active
      JOIN value_type vt ON vt.id = v.value_type_id
      WHERE pa.product_id = ${productId}
      ORDER BY pa.position, av.position`.pipe(
      Effect.orDie,
      Effect.map((rows) => {
        const seen = new Set<string>()
        return rows.filter((row) => !seen.has(row.id) && seen.add(row.id))
      })
    )

  /** What can be a column of the plan's roster: the roster fields, then the plan's values. */
  const ofPlan = (planId: string): Effect.Effect<ReadonlyArray<RosterField>, NotFound> =>
    productOf(planId).pipe(
      Effect.flatMap(valuesOf),
      Effect.map((values) => [...rosterFields, ...values.map(valueField)])
    )

  return { ofPlan }
})

/** The possible columns of a plan's roster: roster fields, then the plan's product's values. */
export class PlanFields extends Context.Tag("palma/PlanFields")<PlanFields, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(PlanFields, make)
}
