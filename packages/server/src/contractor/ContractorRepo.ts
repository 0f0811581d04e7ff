import { SqlClient, SqlSchema, type Statement } from "@effect/sql"
import { Context, Effect, Layer, Schema } from "effect"
import { ContractorFields, type ContractorKind, type ContractorPageQuery, type ContractorSearch } from "@palma/core/domain"
import { fullName, personJson } from "../person/columnsSql.js"
import { personFilters } from "../person/searchSql.js"
import { returnedId } from "../sql/returnedId.js"
import { ListedRow, PaymentRow, SubscriptionDetailRow, SubscriptionRow } from "./rows.js"

/** A contractor's fields as written: "" and null mean "keep what is stored". */
export interface ContractorWrite {
  readonly type: ContractorKind
  readonly rut: string
  readonly name: string
  readonly legalRepresentative: string
  readonly line: string
  readonly paternalLastName: string
  readonly maternalLastName: string
  readonly birthDate: string | null
  readonly address: string
  readonly districtId: string | null
  readonly email: string | null
  readonly phone: string | null
}

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  const fields = sql`c.id::text AS id, c.type, c.rut, c.name, CASE c.type WHEN 'C' THEN c.name ELSE '' END AS "companyName",
    c.paternal_last_name AS "paternalLastName", c.maternal_last_name AS "maternalLastName",
    c.legal_representative AS "legalRepresentative", c.line, COALESCE(to_char(c.birth_date, 'YYYY-MM-DD'), '') AS "birthDate",
    c.address, COALESCE((SELECT d.name FROM district d WHERE d.id = c.district_id), '') AS district, c.district_id,
    COALESCE(c.email, '') AS email, COALESCE(c.phone, '') AS phone`

  const findById = SqlSchema.findOne({
    Request: Schema.String,
    Result: ContractorFields,
    execute: (id) => sql`SELECT ${fields} FROM customer c WHERE c.id = ${id}`
  })
  const findByRut = SqlSchema.findOne({
    Request: Schema.String,
    Result: ContractorFields,
    execute: (rut) => sql`SELECT ${fields} FROM customer c WHERE c.rut = ${rut}`
  })

  const Criteria = Schema.Struct({ type: Schema.String, rut: Schema.String, name: Schema.String, active: Schema.Boolean })
  type Criteria = typeof Criteria.Type

  /** Contractors matching the criteria; `quantity` counts their policies in force, `sortName` orders them. */
  const matching = (criteria: Criteria) => sql`SELECT c.type, c.id::text AS id, c.rut, ${fullName(sql, "c")} AS name, c.address,
        COALESCE((SELECT d.name FROM district d WHERE d.id = c.district_id), '') AS district, c.district_id,
        COALESCE(c.email, '') AS email, COALESCE(c.phone, '') AS phone, live.count::text AS quantity, c.search_name AS "sortName"
      FROM customer c
        CROSS JOIN LATERAL (SELECT count(*) AS count FROM lead l WHERE l.customer_id = c.id AND l.end_date >= current_date) live
      WHERE ${sql.and([
        sql`true`,
        ...(criteria.type !== "" ? [sql`c.type = ${criteria.type}`] : []),
        ...(criteria.active ? [sql`live.count > 0`] : []),
        ...personFilters(sql, "c", { rut: criteria.rut, name: criteria.name })
      ])}`

  /** Every match, by name (the seed's getAll). */
  const list = SqlSchema.findAll({
    Request: Criteria,
    Result: ListedRow,
    execute: (criteria) => sql`SELECT * FROM (${matching(criteria)}) x ORDER BY x."sortName", x.rut`
  })

  /** One page of the matches, in the same order, and how many there are. */
  const page = (criteria: Criteria, page: number, pageSize: number) =>
    Effect.gen(function* () {
      const [count] = yield* sql<{ total: number }>`SELECT count(*)::int AS total FROM (${matching(criteria)}) x`
      const items = yield* SqlSchema.findAll({
        Request: Schema.Void,
        Result: ListedRow,
        execute: () => sql`SELECT * FROM (${matching(criteria)}) x ORDER BY x."sortName", x.rut LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`
      })(undefined)
      return { items, total: count?.total ?? 0, page, pageSize }
    })

  const subscriptionsOf = SqlSchema.findAll({
    Request: Schema.String,
    Result: SubscriptionRow,
    execute: (id) => sql`SELECT l.subscription_id, p.id::text AS product_id, p.name AS product_name, to_char(l.created_at, 'YYYY-MM-DD') AS "createDate"
      FROM lead l JOIN product_plan pp ON pp.id = l.product_plan_id JOIN product p ON p.id = pp.product_id
      WHERE l.customer_id = ${id} ORDER BY l.created_at, p.name, l.subscription_id`
  })

  const paymentsOf = SqlSchema.findAll({
    Request: Schema.String,
    Result: PaymentRow,
    execute: (id) => sql`SELECT l.subscription_id, p.id::text AS product_id, p.name AS product_name, to_char(l.created_at, 'YYYY-MM-DD') AS "createDate",
        b.currency, b.frequency, b.insured, b.fee_value::text AS fee_value, b.fees_charged, b.charged::text AS charged,
        b.paid_dues, b.paid::text AS paid, b.balance::text AS balance
      FROM lead l JOIN lead_balance b ON b.lead_id = l.id JOIN product_plan pp ON pp.id = l.product_plan_id JOIN product p ON p.id = pp.product_id
      WHERE l.customer_id = ${id} ORDER BY l.created_at, p.name, l.subscription_id`
  })

  /** Subscriptions with everything `getSubscriptionById` and `getCustomerById` show, selected by `where`. */
  const details = (where: Statement.Fragment) => sql`SELECT l.subscription_id, c.type AS customer_type, l.policy_number::text AS policy,
      COALESCE(NULLIF(r.fantasy_name, ''), r.name) AS retail_name, p.id::text AS product_id, p.name, p.frequency, p.currency,
      (CASE c.type WHEN 'C' THEN pp.company_price ELSE pp.customer_price END)::text AS price,
      to_char(l.created_at, 'YYYY-MM-DD') AS "createDate", to_char(l.start_date, 'YYYY-MM-DD') AS "startDate",
      to_char(l.end_date, 'YYYY-MM-DD') AS "endDate", b.fee_value::text AS fee_value, b.fees_charged, b.charged::text AS charged,
      b.paid::text AS paid, b.balance::text AS balance,
      COALESCE((SELECT json_agg(json_build_object('name', a.name, 'number', pa.position, 'amount', pa.amount::text, 'currency', pa.currency,
          'maximum', pa.maximum::text, 'events', pa.events, 'lack', pa.lack) ORDER BY pa.position)
        FROM product_assistance pa JOIN assistance a ON a.id = pa.assistance_id WHERE pa.product_id = p.id), '[]'::json) AS assistances,
      COALESCE((SELECT json_agg(json_build_object(${personJson(sql, "i")}, 'incorporation', to_char(li.created_at, 'YYYY-MM-DD'),
          'beneficiaries', COALESCE((SELECT json_agg(json_build_object(${personJson(sql, "b")}, 'relationship', COALESCE(rel.name, ''),
              'relationship_id', b.relationship_id::text) ORDER BY b.search_name, b.rut)
            FROM lead_beneficiary lb JOIN beneficiary b ON b.id = lb.beneficiary_id LEFT JOIN relationship rel ON rel.id = b.relationship_id
            WHERE lb.lead_id = l.id AND lb.insured_id = i.id), '[]'::json)) ORDER BY li.created_at, i.search_name, i.rut)
        FROM lead_insured li JOIN insured i ON i.id = li.insured_id WHERE li.lead_id = l.id), '[]'::json) AS insured
    FROM lead l JOIN customer c ON c.id = l.customer_id JOIN product_plan pp ON pp.id = l.product_plan_id
      JOIN product p ON p.id = pp.product_id JOIN retail r ON r.id = pp.retail_id JOIN lead_balance b ON b.lead_id = l.id
    WHERE ${where}`

  const subscription = SqlSchema.findOne({
    Request: Schema.Number,
    Result: SubscriptionDetailRow,
    execute: (subscriptionId) => details(sql`l.subscription_id = ${subscriptionId}`)
  })

  /** A customer's subscriptions as origins: by channel, then product, then subscription. */
  const origins = SqlSchema.findAll({
    Request: Schema.String,
    Result: SubscriptionDetailRow,
    execute: (customerId) => sql`${details(sql`l.customer_id = ${customerId}`)} ORDER BY retail_name, p.name, l.subscription_id`
  })

  /** The subscriptions a titular is covered by: the policy ending last first. */
  const covering = SqlSchema.findAll({
    Request: Schema.String,
    Result: SubscriptionDetailRow,
    execute: (insuredId) =>
      sql`${details(sql`l.id IN (SELECT li.lead_id FROM lead_insured li WHERE li.insured_id = ${insuredId})`)} ORDER BY l.end_date DESC, l.subscription_id DESC`
  })

  /** Creates the contractor, or updates the one with that RUT keeping stored data on blanks. */
  const upsert = (c: ContractorWrite) => {
    const keepText = (column: string) => sql`${sql(column)} = COALESCE(NULLIF(EXCLUDED.${sql(column)}, ''), customer.${sql(column)})`
    const keepValue = (column: string) => sql`${sql(column)} = COALESCE(EXCLUDED.${sql(column)}, customer.${sql(column)})`
    return sql`INSERT INTO customer ${sql.insert({
      type: c.type,
      rut: c.rut,
      name: c.name,
      legal_representative: c.legalRepresentative,
      line: c.line,
      paternal_last_name: c.paternalLastName,
      maternal_last_name: c.maternalLastName,
      birth_date: c.birthDate,
      address: c.address,
      district_id: c.districtId,
      email: c.email,
      phone: c.phone
    })}
      ON CONFLICT (rut) DO UPDATE SET ${sql.csv([
        ...["name", "legal_representative", "line", "paternal_last_name", "maternal_last_name", "address"].map(keepText),
        ...["birth_date", "district_id", "email", "phone"].map(keepValue),
        sql`updated_at = now()`
      ])}
      RETURNING id`.pipe(Effect.flatMap(returnedId))
  }

  return {
    findById: (id: string) => Effect.orDie(findById(id)),
    findByRut: (rut: string) => Effect.orDie(findByRut(rut)),
    list: (criteria: ContractorSearch) =>
      Effect.orDie(list({ type: criteria.contractorType, rut: criteria.rut, name: criteria.nameLike, active: criteria.active })),
    page: (query: ContractorPageQuery) =>
      Effect.orDie(
        page(
          { type: query.contractorType ?? "", rut: query.rut?.trim() ?? "", name: query.nameLike?.trim() ?? "", active: query.active === "true" },
          query.page ?? 1,
          query.pageSize ?? 20
        )
      ),
    subscriptionsOf: (id: string) => Effect.orDie(subscriptionsOf(id)),
    paymentsOf: (id: string) => Effect.orDie(paymentsOf(id)),
    subscription: (subscriptionId: number) => Effect.orDie(subscription(subscriptionId)),
    origins: (customerId: string) => Effect.orDie(origins(customerId)),
    covering: (insuredId: string) => Effect.orDie(covering(insuredId)),
    upsert: (c: ContractorWrite) => Effect.orDie(upsert(c))
  }
})

/** Customers (persons and companies who pay) and their subscriptions, in SQL. */
export class ContractorRepo extends Context.Tag("palma/ContractorRepo")<ContractorRepo, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(ContractorRepo, make)
}
