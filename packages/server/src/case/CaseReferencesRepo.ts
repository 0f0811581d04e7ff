import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer, Option } from "effect"

/** The tables whose active rows a case may name. */
export type Referenced = "specialist" | "partner" | "specialty" | "value" | "document" | "qualification"

/** A subscription as a case sees it: who pays, through which channel, for which plan. */
export interface LeadTerms {
  readonly id: string
  readonly customer_id: string
  readonly retail_id: string
  readonly product_id: string
  readonly productPlan_id: string
}

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const one = <A>(rows: ReadonlyArray<A>) => Option.fromNullable(rows[0])
  const leadColumns = sql`l.id::text AS id, l.customer_id::text AS customer_id, pp.retail_id::text AS retail_id,
    pp.product_id::text AS product_id, pp.id::text AS ${sql("productPlan_id")}`

  const lead = (id: string) =>
    Effect.map(sql<LeadTerms>`SELECT ${leadColumns} FROM lead l JOIN product_plan pp ON pp.id = l.product_plan_id WHERE l.id = ${id}`, one)

  /**
   * The subscription that covers this titular (and carga) for the product on `date`: the policy in
   * force that day, the latest one when several are. Channel and product narrow it when known.
   */
  const coveringLead = (criteria: {
    readonly insured_id: string
    readonly beneficiary_id: string | null
    readonly product_id: string | null
    readonly retail_id: string | null
    readonly date: string
  }) =>
    Effect.map(
      sql<LeadTerms>`SELECT ${leadColumns} FROM lead l
        JOIN product_plan pp ON pp.id = l.product_plan_id
        JOIN lead_insured li ON li.lead_id = l.id AND li.insured_id = ${criteria.insured_id}
        WHERE ${criteria.date}::date BETWEEN l.start_date AND l.end_date
          AND (${criteria.product_id}::uuid IS NULL OR pp.product_id = ${criteria.product_id})
          AND (${criteria.retail_id}::uuid IS NULL OR pp.retail_id = ${criteria.retail_id})
          AND (${criteria.beneficiary_id}::uuid IS NULL OR EXISTS (SELECT 1 FROM lead_beneficiary lb
            WHERE lb.lead_id = l.id AND lb.insured_id = li.insured_id AND lb.beneficiary_id = ${criteria.beneficiary_id}))
        ORDER BY l.end_date DESC, l.created_at DESC LIMIT 1`,
      one
    )

  const covers = (leadId: string, insuredId: string, beneficiaryId: string | null) =>
    Effect.map(
      beneficiaryId === null
        ? sql`SELECT 1 FROM lead_insured WHERE lead_id = ${leadId} AND insured_id = ${insuredId}`
        : sql`SELECT 1 FROM lead_beneficiary WHERE lead_id = ${leadId} AND insured_id = ${insuredId} AND beneficiary_id = ${beneficiaryId}`,
      (rows) => rows.length > 0
    )

  const inProduct = (productId: string, assistanceId: string) =>
    Effect.map(sql`SELECT 1 FROM product_assistance WHERE product_id = ${productId} AND assistance_id = ${assistanceId}`, (rows) => rows.length > 0)

  const procedureCode = (id: string) =>
    Effect.map(sql<{ code: string }>`SELECT code FROM procedure WHERE id = ${id} AND is_active`, (rows) => Option.map(one(rows), (r) => r.code))

  /** Which of `ids` name active rows of `table` (specialists, partners, specialties, values, documents, qualifications). */
  const active = (table: Referenced, ids: ReadonlyArray<string>) =>
    ids.length === 0
      ? Effect.succeed(new Set<string>())
      : Effect.map(
          sql<{ id: string }>`SELECT id::text AS id FROM ${sql(table)} WHERE id IN ${sql.in(ids)} AND is_active`,
          (rows) => new Set(rows.map((r) => r.id))
        )

  return {
    lead: (id: string) => Effect.orDie(lead(id)),
    coveringLead: (criteria: Parameters<typeof coveringLead>[0]) => Effect.orDie(coveringLead(criteria)),
    covers: (leadId: string, insuredId: string, beneficiaryId: string | null) => Effect.orDie(covers(leadId, insuredId, beneficiaryId)),
    inProduct: (productId: string, assistanceId: string) => Effect.orDie(inProduct(productId, assistanceId)),
    active: (table: Referenced, ids: ReadonlyArray<string>) => Effect.orDie(active(table, ids)),
    /** The code of the active procedure `id`, if there is one. */
    procedureCode: (id: string) => Effect.orDie(procedureCode(id))
  }
})

/** SQL of the records a posted case refers to. */
export class CaseReferencesRepo extends Context.Tag("palma/CaseReferencesRepo")<CaseReferencesRepo, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(CaseReferencesRepo, make)
}
