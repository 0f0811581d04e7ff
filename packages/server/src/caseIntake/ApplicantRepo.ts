import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer, Schema } from "effect"
import { HeldProduct, PersonRecord, RetailRef, type Rut } from "@palma/core/domain"
import { fullName, personJson } from "../person/columnsSql.js"

/** One policy in force that makes the person an applicant: as titular (I) or as carga (B). */
const Row = Schema.Struct({
  type: Schema.Literal("I", "B"),
  customer: Schema.Struct({ id: Schema.String, rut: Schema.String, name: Schema.String }),
  insured: Schema.encodedSchema(PersonRecord),
  beneficiary: Schema.NullOr(Schema.encodedSchema(PersonRecord)),
  retail: RetailRef,
  product: HeldProduct
})
export type ApplicantRow = typeof Row.Type

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  // The lead's customer, channel, product and policy, for the lead aliased `l`.
  const held = sql`json_build_object('id', c.id::text, 'rut', c.rut, 'name', ${fullName(sql, "c")}) AS customer,
    json_build_object('id', pp.retail_id::text, 'name', COALESCE(r.name, '')) AS retail,
    json_build_object('id', p.id::text, 'name', p.name, 'agent_id', pp.retail_id::text, 'lead_id', l.id::text,
      'productPlan_id', pp.id::text, 'retail_id', pp.retail_id::text,
      'policy', json_build_object('number', l.policy_number::text, 'startDate', to_char(l.start_date, 'YYYY-MM-DD'),
        'endDate', to_char(l.end_date, 'YYYY-MM-DD'))) AS product`
  const plan = sql`JOIN customer c ON c.id = l.customer_id
    JOIN product_plan pp ON pp.id = l.product_plan_id
    JOIN product p ON p.id = pp.product_id
    LEFT JOIN retail r ON r.id = pp.retail_id`

  /**
   * Every policy in force on `date` that the RUT holds, as titular first, then as carga; within
   * each, the most recently started first (the original's "first grouped row" made definite).
   */
  const find = (rut: Rut.Rut, date: string) =>
    sql`SELECT * FROM (
        SELECT 'I' AS type, ${held}, json_build_object(${personJson(sql, "i")}) AS insured, NULL::json AS beneficiary,
          l.start_date, l.subscription_id
        FROM insured i JOIN lead_insured li ON li.insured_id = i.id JOIN lead l ON l.id = li.lead_id ${plan}
        WHERE i.rut = ${rut} AND ${date}::date BETWEEN l.start_date AND l.end_date
        UNION ALL
        SELECT 'B' AS type, ${held}, json_build_object(${personJson(sql, "i")}) AS insured, json_build_object(${personJson(sql, "b")}) AS beneficiary,
          l.start_date, l.subscription_id
        FROM beneficiary b JOIN lead_beneficiary lb ON lb.beneficiary_id = b.id JOIN lead l ON l.id = lb.lead_id
          JOIN insured i ON i.id = lb.insured_id ${plan}
        WHERE b.rut = ${rut} AND ${date}::date BETWEEN l.start_date AND l.end_date
      ) held ORDER BY type DESC, start_date DESC, subscription_id`.pipe(Effect.flatMap(Schema.decodeUnknown(Schema.Array(Row))))

  return { find: (rut: Rut.Rut, date: string) => Effect.orDie(find(rut, date)) }
})

/** Who holds a policy under a RUT, for the applicant lookup. */
export class ApplicantRepo extends Context.Tag("palma/ApplicantRepo")<ApplicantRepo, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(ApplicantRepo, make)
}
