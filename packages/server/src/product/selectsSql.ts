import type { SqlClient } from "@effect/sql"

/**
 * A product's columns as `ProductRow` reads them, over `product p JOIN family f`. Money is cast to
 * text: json (and the drivers' floats) would round it. Coverage comes as JSON, in its order.
 */
export const productColumns = (sql: SqlClient.SqlClient) => sql`p.id, p.family_id, f.name AS family_name, p.name,
  p.cost::text AS cost, p.dynamic_charge::text AS dynamiccharge, p.is_subject AS "isSubject", p.frequency, p.term,
  p.beneficiaries, p.currency, p.due_day AS "dueDay", p.min_insured_company_price::text AS "minInsuredCompanyPrice",
  p.title, p.sub_title AS "subTitle", p.alias, p.promotional, p.description,
  p.territorial_scope AS "territorialScope", p.hiring_conditions AS "hiringConditions", p.is_active AS "isActive",
  (SELECT COALESCE(json_agg(json_build_object('id', pa.assistance_id, 'name', a.name, 'section', af.name,
      'assistance_id', pa.assistance_id, 'assistance_name', a.name,
      'amount', pa.amount::text, 'currency', pa.currency, 'maximum', pa.maximum::text, 'events', pa.events, 'lack', pa.lack)
      ORDER BY pa.position), '[]'::json)
    FROM product_assistance pa JOIN assistance a ON a.id = pa.assistance_id JOIN family af ON af.id = a.family_id
    WHERE pa.product_id = p.id) AS assistances`

/**
 * Every plan as `PlanRow` reads it (the retail is `agent_*` on the wire), to select from as `pl`.
 * A plan is active while it and its product are; `sold` also asks its retail to be active.
 */
export const planSelect = (sql: SqlClient.SqlClient) => sql`SELECT pp.id, pp.product_id, p.name AS product_name,
    pp.retail_id AS agent_id, r.name AS agent_name, p.currency,
    pp.customer_price::text AS "customerPrice", pp.company_price::text AS "companyPrice", pp.yearly_price::text AS "yearlyPrice",
    (pp.is_active AND p.is_active) AS "isActive", (pp.is_active AND p.is_active AND r.is_active) AS sold
  FROM product_plan pp JOIN product p ON p.id = pp.product_id JOIN retail r ON r.id = pp.retail_id`
