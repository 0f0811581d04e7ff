import { SqlClient, type Statement } from "@effect/sql"
import { Context, Effect, Layer, Option, Schema } from "effect"
import { type CoverageTerms, Currency, type CoverageUsed } from "@palma/core/domain"
import { fromNumeric } from "../product/amounts.js"

/** Whose coverage is asked: the parties of the case being opened. */
export interface Parties {
  readonly insured_id: string
  readonly beneficiary_id: string | null
  readonly customer_id: string | null
  readonly retail_id: string | null
  readonly product_id: string
}

const LeadRow = Schema.Struct({ id: Schema.String, start_date: Schema.String })
const Named = Schema.Struct({ id: Schema.String, name: Schema.String })
const TermsRow = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  amount: Schema.String,
  currency: Currency,
  maximum: Schema.String,
  events: Schema.Number,
  lack: Schema.Number
})
const ValueRow = Schema.Struct({ id: Schema.String, name: Schema.String, family_id: Schema.NullOr(Schema.String), line_order: Schema.Number })
const UsedRow = Schema.Struct({ assistance_id: Schema.String, events: Schema.NumberFromString, total_amount: Schema.NumberFromString })

export const nothingUsed: CoverageUsed = { events: 0, total_amount: 0 }

/** Whose use of which assistances, in the policy year `date` falls in. */
export interface Usage {
  readonly leadId: string
  readonly assistanceIds: ReadonlyArray<string>
  readonly parties: Pick<Parties, "insured_id" | "beneficiary_id">
  readonly date: string
}

/** `Usage` as SQL expressions: parameters, or the columns of a row the statement is part of (the case page's). */
export interface UsageTerms {
  readonly lead: Statement.Fragment
  /** A parenthesised list of assistance ids. */
  readonly assistances: Statement.Fragment
  readonly insured: Statement.Fragment
  readonly beneficiary: Statement.Fragment
  readonly date: Statement.Fragment
}

/** A `Usage`'s values as parameters of the statement. */
export const usageTerms = (sql: SqlClient.SqlClient, { leadId, assistanceIds, parties, date }: Usage): UsageTerms => ({
  lead: sql`${leadId}`,
  assistances: sql`${sql.in(assistanceIds)}`,
  insured: sql`${parties.insured_id}`,
  beneficiary: sql`${parties.beneficiary_id}`,
  date: sql`${date}`
})

/**
 * What the applicant used of each of these assistances in the policy year `date` falls in (the
 * year from the policy's start, anniversary to anniversary): their cases of the lead and
 * assistance, and the pesos asked in refunds and IMED discounts not refused (Pendiente, Aprobado,
 * Reembolsado). The one count of used events: the service step's list, the chosen assistance's
 * check and the case page all read it (the case page inside the statement that opens it, so
 * opening a case is one round trip). The assistances are not empty.
 */
export const usedStatement = (sql: SqlClient.SqlClient, t: UsageTerms) =>
  sql`WITH years AS (SELECT l.start_date, extract(year FROM age(${t.date}::date, l.start_date))::int AS n FROM lead l WHERE l.id = ${t.lead}),
    period AS (SELECT (start_date + make_interval(years => n))::date AS since, (start_date + make_interval(years => n + 1))::date AS until FROM years)
  SELECT c.assistance_id::text AS assistance_id, count(c.id)::text AS events,
    COALESCE(sum(COALESCE(c.refund_amount, 0) + COALESCE(c.imed_amount, 0)) FILTER (WHERE c.refund_status IN ('Pendiente', 'Aprobado', 'Reembolsado')), 0)::text AS total_amount
  FROM period JOIN assistance_case c ON c.lead_id = ${t.lead} AND c.assistance_id IN ${t.assistances}
    AND c.insured_id = ${t.insured} AND c.beneficiary_id IS NOT DISTINCT FROM ${t.beneficiary}::uuid
    AND COALESCE(c.event_date, c.created_at::date) >= period.since AND COALESCE(c.event_date, c.created_at::date) < period.until
  GROUP BY c.assistance_id`

/** `usedStatement`'s rows as what was used of each assistance asked, nothing for one without cases. */
export const usedFromRows = (assistanceIds: ReadonlyArray<string>) => (rows: ReadonlyArray<unknown>) =>
  Effect.map(Schema.decodeUnknown(Schema.Array(UsedRow))(rows), (decoded) => {
    const counted = new Map(decoded.map((row) => [row.assistance_id, { events: row.events, total_amount: Math.round(row.total_amount) }]))
    return new Map(assistanceIds.map((id): [string, CoverageUsed] => [id, counted.get(id) ?? nothingUsed]))
  })

const firstOf =
  <A, I>(schema: Schema.Schema<A, I>) =>
  (rows: ReadonlyArray<unknown>) =>
    rows[0] === undefined ? Effect.succeed(Option.none<A>()) : Effect.map(Schema.decodeUnknown(schema)(rows[0]), Option.some)

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  /**
   * The lead whose policy covers the parties on `date`: the customer's (when named) subscription
   * to the product through the channel (when named), with the titular in it and, for a carga,
   * the carga under that titular. The most recently started one when several match.
   */
  const leadFor = (parties: Parties, date: string) =>
    sql`SELECT l.id::text AS id, to_char(l.start_date, 'YYYY-MM-DD') AS start_date
      FROM lead l JOIN product_plan pp ON pp.id = l.product_plan_id
        JOIN lead_insured li ON li.lead_id = l.id AND li.insured_id = ${parties.insured_id}
      WHERE pp.product_id = ${parties.product_id} AND ${date}::date BETWEEN l.start_date AND l.end_date
        AND (${parties.customer_id}::uuid IS NULL OR l.customer_id = ${parties.customer_id})
        AND (${parties.retail_id}::uuid IS NULL OR pp.retail_id = ${parties.retail_id})
        AND (${parties.beneficiary_id}::uuid IS NULL OR EXISTS (SELECT 1 FROM lead_beneficiary lb
          WHERE lb.lead_id = l.id AND lb.insured_id = li.insured_id AND lb.beneficiary_id = ${parties.beneficiary_id}))
      ORDER BY l.start_date DESC, l.subscription_id LIMIT 1`.pipe(Effect.flatMap(firstOf(LeadRow)))

  const product = (id: string) => sql`SELECT id::text AS id, name FROM product WHERE id = ${id}`.pipe(Effect.flatMap(firstOf(Named)))

  /** The product's assistances with their coverage, in the product's order. */
  const assistances = (productId: string) =>
    sql`SELECT a.id::text AS id, a.name, pa.amount::text AS amount, pa.currency, pa.maximum::text AS maximum, pa.events, pa.lack
      FROM product_assistance pa JOIN assistance a ON a.id = pa.assistance_id
      WHERE pa.product_id = ${productId} ORDER BY pa.position`.pipe(
      Effect.flatMap(Schema.decodeUnknown(Schema.Array(TermsRow))),
      Effect.map((rows) =>
        rows.map(({ id, name, ...t }) => ({
          id,
          name,
          assigned: { ...t, amount: fromNumeric(t.currency, t.amount), maximum: fromNumeric(t.currency, t.maximum) } satisfies CoverageTerms
        }))
      )
    )

  const usedOf = (leadId: string, assistanceIds: ReadonlyArray<string>, parties: Parties, date: string) =>
    (assistanceIds.length === 0 ? Effect.succeed([]) : usedStatement(sql, usageTerms(sql, { leadId, assistanceIds, parties, date }))).pipe(
      Effect.flatMap(usedFromRows(assistanceIds))
    )

  /** The values the assistance asks for, in its order, blank. */
  const values = (assistanceId: string) =>
    sql`SELECT v.id::text AS id, v.name, v.family_id::text AS family_id, av.position AS line_order
      FROM assistance_value av JOIN value v ON v.id = av.value_id
      WHERE av.assistance_id = ${assistanceId} AND v.is_active ORDER BY av.position`.pipe(
      Effect.flatMap(Schema.decodeUnknown(Schema.Array(ValueRow))),
      Effect.map((rows) => rows.map((v) => ({ ...v, value: "" })))
    )

  return {
    leadFor: (parties: Parties, date: string) => Effect.orDie(leadFor(parties, date)),
    product: (id: string) => Effect.orDie(product(id)),
    assistances: (productId: string) => Effect.orDie(assistances(productId)),
    usedOf: (leadId: string, assistanceIds: ReadonlyArray<string>, parties: Parties, date: string) =>
      Effect.orDie(usedOf(leadId, assistanceIds, parties, date)),
    values: (assistanceId: string) => Effect.orDie(values(assistanceId))
  }
})

/** What a plan covers and what was used of it, for the coverage step of opening a case. */
export class CoverageRepo extends Context.Tag("palma/CoverageRepo")<CoverageRepo, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(CoverageRepo, make)
}
