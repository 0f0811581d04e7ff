import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { insertRows } from "./insertRows.js"
import type { GeneratedPeople, GeneratorPlan } from "./peopleGenerator.js"

/** Writes a generated population table by table in dependency order. */
export const writePeople = (people: GeneratedPeople) =>
  Effect.gen(function* () {
    const tables = [
      ["customer", people.customers],
      ["insured", people.insured],
      ["beneficiary", people.beneficiaries],
      ["lead", people.leads],
      ["lead_insured", people.leadInsured],
      ["lead_beneficiary", people.leadBeneficiaries],
      ["payment", people.payments]
    ] as const
    for (const [table, rows] of tables) yield* insertRows(table, rows)
  })

/** What the generator needs from the database: active plans, comunas and relationships. */
export const generatorInputs = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const plans = yield* sql<GeneratorPlan>`SELECT pp.id::text AS id, p.currency, p.term, p.beneficiaries,
      pp.customer_price::text AS "customerPrice", pp.company_price::text AS "companyPrice"
    FROM product_plan pp JOIN product p ON p.id = pp.product_id JOIN retail r ON r.id = pp.retail_id
    WHERE pp.is_active AND p.is_active AND r.is_active ORDER BY r.rut, p.name`
  const districts = (yield* sql<{ id: string }>`SELECT id FROM district ORDER BY id`).map((d) => d.id)
  const relationships = (yield* sql<{ id: string }>`SELECT id::text AS id FROM relationship WHERE is_active ORDER BY name`).map((r) => r.id)
  return { plans, districts, relationships }
})
