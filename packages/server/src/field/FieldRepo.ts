import { SqlClient, SqlSchema } from "@effect/sql"
import { Context, Effect, Layer, Option, Schema } from "effect"

/** A value a product asks for, with its value type's code. */
const ValueRow = Schema.Struct({ id: Schema.String, name: Schema.String, code: Schema.String })
export type ValueRow = typeof ValueRow.Type

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  /** The product of an active plan. */
  const productOfPlan = SqlSchema.findOne({
    Request: Schema.String,
    Result: Schema.Struct({ product_id: Schema.String }),
    execute: (planId) => sql`SELECT product_id FROM product_plan WHERE id = ${planId} AND is_active`
  })

  /** The active values the product's active assistances ask for, each once, where it is first asked. */
  const valuesOf = SqlSchema.findAll({
    Request: Schema.String,
    Result: ValueRow,
    execute: (productId) => sql`SELECT v.id, v.name, vt.code
      FROM product_assistance pa
      JOIN assistance a ON a.id = pa.assistance_id AND a.is_active
      JOIN assistance_value av ON av.assistance_id = a.id
      JOIN value v ON v.id = av.value_id AND v.is_active
      JOIN value_type vt ON vt.id = v.value_type_id
      WHERE pa.product_id = ${productId}
      GROUP BY v.id, v.name, vt.code
      ORDER BY min(ARRAY[pa.position, av.position])`
  })

  return {
    productOfPlan: (planId: string): Effect.Effect<Option.Option<string>> =>
      productOfPlan(planId).pipe(Effect.map(Option.map((row) => row.product_id)), Effect.orDie),
    valuesOf: (productId: string) => valuesOf(productId).pipe(Effect.orDie)
  }
})

/** What a plan's roster can carry, in SQL: the plan's product and the values it asks for. */
export class FieldRepo extends Context.Tag("palma/FieldRepo")<FieldRepo, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(FieldRepo, make)
}
