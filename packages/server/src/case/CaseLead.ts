import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer } from "effect"
import { Invalid } from "../domain/errors.js"

const invalid = (path: ReadonlyArray<string>, message: string) => new Invalid({ message, issues: [{ path, message }] })

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  /**
   * The subscription of a type-C case (a person no policy covers, registered as the case is
   * opened), as the original's `lead_upsert` made it from the plan and the applicant: the person
   * becomes the customer (P) who pays, on `productPlanId`, from `date` for the product's term,
   * with the person as its titular. A subscription of this person on that plan in force on `date`
   * is reused instead. Runs in the case's transaction: a case refused later leaves no subscription.
   */
  const forApplicant = (insuredId: string, productPlanId: string, date: string) =>
    Effect.gen(function* () {
      const [plan] = yield* sql<{ term: number }>`SELECT p.term FROM product_plan pp JOIN product p ON p.id = pp.product_id
        WHERE pp.id = ${productPlanId} AND pp.is_active AND p.is_active`
      if (plan === undefined) return yield* invalid(["productplan_id"], "El plan elegido no existe o no está activo")
      const [person] = yield* sql<{ rut: string }>`SELECT rut FROM insured WHERE id = ${insuredId}`
      if (person === undefined) return yield* invalid(["insured", "id"], "Registre a la persona antes de abrir el caso")
      const [current] = yield* sql<{ id: string }>`SELECT l.id::text AS id FROM lead l
        JOIN lead_insured li ON li.lead_id = l.id AND li.insured_id = ${insuredId}
        WHERE l.product_plan_id = ${productPlanId} AND ${date}::date BETWEEN l.start_date AND l.end_date
        ORDER BY l.end_date DESC LIMIT 1`
      if (current !== undefined) return current.id
      // Who pays is the person: an existing customer of that RUT (person or company) is kept as stored.
      yield* sql`INSERT INTO customer (type, rut, name, paternal_last_name, maternal_last_name, birth_date, address, district_id, email, phone)
        SELECT 'P', rut, name, paternal_last_name, maternal_last_name, birth_date, address, district_id, email, phone
        FROM insured WHERE id = ${insuredId}
        ON CONFLICT (rut) DO NOTHING`
      const [lead] = yield* sql<{ id: string }>`INSERT INTO lead (customer_id, product_plan_id, start_date, end_date)
        SELECT c.id, ${productPlanId}, ${date}::date, (${date}::date + make_interval(months => ${plan.term}) - interval '1 day')::date
        FROM customer c WHERE c.rut = ${person.rut}
        RETURNING id::text AS id`
      yield* sql`INSERT INTO lead_insured (lead_id, insured_id) VALUES (${lead!.id}, ${insuredId})`
      return lead!.id
    }).pipe(Effect.catchTag("SqlError", Effect.die))

  return { forApplicant: (insuredId: string, productPlanId: string, date: string) => forApplicant(insuredId, productPlanId, date) }
})

/** The subscription a type-C case opens for its applicant. */
export class CaseLead extends Context.Tag("palma/CaseLead")<CaseLead, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(CaseLead, make)
}
