import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer, Option } from "effect"

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const one = <A>(rows: ReadonlyArray<A>) => Option.fromNullable(rows[0])

  /** The term in months of an active plan of an active product. */
  const activePlanTerm = (productPlanId: string) =>
    Effect.map(
      sql<{ term: number }>`SELECT p.term FROM product_plan pp JOIN product p ON p.id = pp.product_id
        WHERE pp.id = ${productPlanId} AND pp.is_active AND p.is_active`,
      (rows) => Option.map(one(rows), (r) => r.term)
    )

  const insuredRut = (insuredId: string) =>
    Effect.map(sql<{ rut: string }>`SELECT rut FROM insured WHERE id = ${insuredId}`, (rows) => Option.map(one(rows), (r) => r.rut))

  /** The latest subscription of the person on the plan in force on `date`. */
  const inForce = (insuredId: string, productPlanId: string, date: string) =>
    Effect.map(
      sql<{ id: string }>`SELECT l.id::text AS id FROM lead l
        JOIN lead_insured li ON li.lead_id = l.id AND li.insured_id = ${insuredId}
        WHERE l.product_plan_id = ${productPlanId} AND ${date}::date BETWEEN l.start_date AND l.end_date
        ORDER BY l.end_date DESC LIMIT 1`,
      (rows) => Option.map(one(rows), (r) => r.id)
    )

  /**
   * A subscription of the person on the plan from `date` for `term` months, the person its
   * titular and the customer (P) who pays: an existing customer of that RUT (person or company)
   * is kept as stored.
   */
  const create = (insuredId: string, rut: string, productPlanId: string, date: string, term: number) =>
    Effect.gen(function* () {
      yield* sql`INSERT INTO customer (type, rut, name, paternal_last_name, maternal_last_name, birth_date, address, district_id, email, phone)
        SELECT 'P', rut, name, paternal_last_name, maternal_last_name, birth_date, address, district_id, email, phone
        FROM insured WHERE id = ${insuredId}
        ON CONFLICT (rut) DO NOTHING`
      const [lead] = yield* sql<{ id: string }>`INSERT INTO lead (customer_id, product_plan_id, start_date, end_date)
        SELECT c.id, ${productPlanId}, ${date}::date, (${date}::date + make_interval(months => ${term}) - interval '1 day')::date
        FROM customer c WHERE c.rut = ${rut}
        RETURNING id::text AS id`
      yield* sql`INSERT INTO lead_insured (lead_id, insured_id) VALUES (${lead!.id}, ${insuredId})`
      return lead!.id
    })

  return {
    activePlanTerm: (productPlanId: string) => Effect.orDie(activePlanTerm(productPlanId)),
    insuredRut: (insuredId: string) => Effect.orDie(insuredRut(insuredId)),
    inForce: (insuredId: string, productPlanId: string, date: string) => Effect.orDie(inForce(insuredId, productPlanId, date)),
    create: (insuredId: string, rut: string, productPlanId: string, date: string, term: number) =>
      Effect.orDie(create(insuredId, rut, productPlanId, date, term))
  }
})

/** What a type-C case reads and writes of its applicant's subscription. */
export class CaseLeadRepo extends Context.Tag("palma/CaseLeadRepo")<CaseLeadRepo, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(CaseLeadRepo, make)
}
