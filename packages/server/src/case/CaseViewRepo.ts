import { SqlClient, type Statement } from "@effect/sql"
import { Context, Effect, Layer, Schema } from "effect"
import { type CaseFacts, CasePerson, type CoverageTerms, type CoverageUsed, Currency, IsoDate, Nullable, Rut } from "@palma/core/domain"
import { nothingUsed, type Usage, usedFromRows, usedStatement } from "../caseIntake/CoverageRepo.js"
import { fromNumeric } from "../product/amounts.js"
import { fullName, personJson } from "../person/columns.js"

const Named = Schema.Struct({ id: Schema.String, rut: Schema.String, name: Schema.String })
// personJson answers "" for an unknown birth date (the original's wire); the case shows it as null.
const Person = Schema.Struct({ ...CasePerson.fields, rut: Schema.String, birthDate: Nullable(IsoDate) })
const Coverage = Schema.Struct({ amount: Schema.String, currency: Currency, maximum: Schema.String, events: Schema.Number, lack: Schema.Number })
const NameOf = Schema.NullOr(Schema.String)

/** The names and records a case's ids point to, read in one round trip. */
const Names = Schema.Struct({
  policy: Schema.NullOr(Schema.Struct({ id: Schema.String, number: Schema.String, startDate: Schema.String, endDate: Schema.String })),
  retail: Schema.NullOr(Named),
  customer: Schema.NullOr(Named),
  insured: Schema.NullOr(Person),
  beneficiary: Schema.NullOr(Person),
  product: Schema.NullOr(Schema.Struct({ id: Schema.String, name: Schema.String })),
  assistance: Schema.NullOr(Schema.Struct({ id: Schema.String, name: Schema.String })),
  assigned: Schema.NullOr(Coverage),
  value_names: Schema.NullOr(
    Schema.Array(Schema.Struct({ id: Schema.String, name: Schema.String, family_id: Schema.NullOr(Schema.String), line_order: Schema.Number }))
  ),
  document_names: Schema.NullOr(Schema.Array(Schema.Struct({ id: Schema.String, name: Schema.String }))),
  event_district: NameOf,
  specialist: NameOf,
  specialist_specialty: NameOf,
  specialist_district: NameOf,
  specialist_qualification: NameOf,
  partner: Schema.NullOr(Schema.Struct({ name: Schema.String, address: Schema.String, district: NameOf, email: NameOf, phone: NameOf })),
  alliance_specialty: NameOf,
  alliance_qualification: NameOf,
  stage: Schema.Struct({ id: Schema.String, code: Schema.String, name: Schema.String }),
  used: Schema.NullOr(Schema.Array(Schema.Unknown))
})
export type CaseNames = Omit<typeof Names.Type, "assigned" | "used"> & { readonly assigned: CoverageTerms | null }

const dotted = (rut: string) => (Rut.isValid(rut) ? Rut.format(rut) : rut)

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  const anyOf = (column: Statement.Fragment, ids: ReadonlyArray<string>) => (ids.length === 0 ? sql`false` : sql`${column} IN ${sql.in(ids)}`)

  /**
   * Everything `getById` shows by name for these facts, with the stage `stageCode` names, and what
   * the applicant used of the case's assistance (`usage`; nothing when the case names no lead yet).
   */
  const names = (facts: CaseFacts, stageCode: string, usage: (Usage & { readonly assistanceIds: readonly [string] }) | null) =>
    Effect.gen(function* () {
      const { parties, service, specialist, alliance } = facts
      const valueIds = facts.values.map((v) => v.id)
      const documentIds = facts.files.map((f) => f.document_id)
      const [row] = yield* sql`SELECT
        (SELECT json_build_object('id', l.id::text, 'number', l.policy_number::text, 'startDate', to_char(l.start_date, 'YYYY-MM-DD'),
          'endDate', to_char(l.end_date, 'YYYY-MM-DD')) FROM lead l WHERE l.id = ${service.lead_id}) AS policy,
        (SELECT json_build_object('id', r.id::text, 'rut', r.rut, 'name', r.name) FROM retail r WHERE r.id = ${parties.retail_id}) AS retail,
        (SELECT json_build_object('id', c.id::text, 'rut', c.rut, 'name', ${fullName(sql, "c")}) FROM customer c WHERE c.id = ${parties.customer_id}) AS customer,
        (SELECT json_build_object(${personJson(sql, "p")}) FROM insured p WHERE p.id = ${parties.insured_id}) AS insured,
        (SELECT json_build_object(${personJson(sql, "p")}) FROM beneficiary p WHERE p.id = ${parties.beneficiary_id}) AS beneficiary,
        (SELECT json_build_object('id', p.id::text, 'name', p.name) FROM product p WHERE p.id = ${service.product_id}) AS product,
        (SELECT json_build_object('id', a.id::text, 'name', a.name) FROM assistance a WHERE a.id = ${service.assistance_id}) AS assistance,
        (SELECT json_build_object('amount', pa.amount::text, 'currency', pa.currency, 'maximum', pa.maximum::text, 'events', pa.events, 'lack', pa.lack)
          FROM product_assistance pa WHERE pa.product_id = ${service.product_id} AND pa.assistance_id = ${service.assistance_id}) AS assigned,
        (SELECT json_agg(json_build_object('id', v.id::text, 'name', v.name, 'family_id', v.family_id::text,
            'line_order', COALESCE((SELECT av.position FROM assistance_value av WHERE av.value_id = v.id AND av.assistance_id = ${service.assistance_id}), 0)))
          FROM value v WHERE ${anyOf(sql`v.id`, valueIds)}) AS value_names,
        (SELECT json_agg(json_build_object('id', d.id::text, 'name', d.name)) FROM document d WHERE ${anyOf(sql`d.id`, documentIds)}) AS document_names,
        (SELECT name FROM district WHERE id = ${facts.event?.district_id ?? null}) AS event_district,
        (SELECT ${fullName(sql, "s")} FROM specialist s WHERE s.id = ${specialist?.provider_id ?? null}) AS specialist,
        (SELECT name FROM specialty WHERE id = ${specialist?.specialty_id ?? null}) AS specialist_specialty,
        (SELECT name FROM district WHERE id = ${specialist?.district_id ?? null}) AS specialist_district,
        (SELECT name FROM qualification WHERE id = ${specialist?.qualification_id ?? null}) AS specialist_qualification,
        (SELECT json_build_object('name', p.name, 'address', p.address, 'district', (SELECT d.name FROM district d WHERE d.id = p.district_id),
          'email', p.email, 'phone', p.phone) FROM partner p WHERE p.id = ${alliance?.provider_id ?? null}) AS partner,
        (SELECT name FROM specialty WHERE id = ${alliance?.specialty_id ?? null}) AS alliance_specialty,
        (SELECT name FROM qualification WHERE id = ${alliance?.qualification_id ?? null}) AS alliance_qualification,
        (SELECT json_build_object('id', s.id::text, 'code', s.code, 'name', s.name) FROM stage s WHERE s.code = ${stageCode} AND s.is_active) AS stage,
        ${usage === null ? sql`NULL` : sql`(SELECT json_agg(u) FROM (${usedStatement(sql, usage)}) u)`} AS used`
      const { used: usedRows, ...decoded } = yield* Schema.decodeUnknown(Names)(row)
      const used: CoverageUsed =
        usage === null ? nothingUsed : ((yield* usedFromRows(usage.assistanceIds)(usedRows ?? [])).get(usage.assistanceIds[0]) ?? nothingUsed)
      const person = (p: typeof Person.Type | null) => (p === null ? null : { ...p, rut: dotted(p.rut) })
      const named = (n: typeof Named.Type | null) => (n === null ? null : { ...n, rut: dotted(n.rut) })
      const assigned = decoded.assigned
      const shown = {
        ...decoded,
        retail: named(decoded.retail),
        customer: named(decoded.customer),
        insured: person(decoded.insured),
        beneficiary: person(decoded.beneficiary),
        assigned:
          assigned === null
            ? null
            : { ...assigned, amount: fromNumeric(assigned.currency, assigned.amount), maximum: fromNumeric(assigned.currency, assigned.maximum) }
      } satisfies CaseNames
      return { names: shown, used }
    })

  return {
    names: (facts: CaseFacts, stageCode: string, usage: (Usage & { readonly assistanceIds: readonly [string] }) | null) =>
      Effect.orDie(names(facts, stageCode, usage))
  }
})

/** Reads what a case shows by name: people, plan, coverage, providers, stage. */
export class CaseViewRepo extends Context.Tag("palma/CaseViewRepo")<CaseViewRepo, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(CaseViewRepo, make)
}
