import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer, Option, Schema } from "effect"
import { CasePerson, type CoverageTerms, type CoverageUsed, Currency, IsoDate, Nullable, Rut } from "@palma/core/domain"
import { nothingUsed, type UsageTerms, usedFromRows, usedStatement } from "../caseIntake/CoverageRepo.js"
import { fromNumeric } from "../product/amounts.js"
import { fullName, personJson } from "../person/columnsSql.js"
import { decodedEventsJson } from "./caseEventRow.js"
import { decodeStored } from "./storedCase.js"

const Named = Schema.Struct({ id: Schema.String, rut: Schema.String, name: Schema.String })
// personJson answers "" for an unknown birth date (the original's wire); the case shows it as null.
const Person = Schema.Struct({ ...CasePerson.fields, rut: Schema.String, birthDate: Nullable(IsoDate) })
const Coverage = Schema.Struct({ amount: Schema.String, currency: Currency, maximum: Schema.String, events: Schema.Number, lack: Schema.Number })
const NameOf = Schema.NullOr(Schema.String)

/** The names and records a case's ids point to, with what opening it reads beside them. */
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
  used: Schema.NullOr(Schema.Array(Schema.Unknown)),
  events: Schema.NullOr(Schema.Array(Schema.Unknown))
})
export type CaseNames = Omit<typeof Names.Type, "assigned" | "used" | "events"> & { readonly assigned: CoverageTerms | null }

const dotted = (rut: string) => (Rut.isValid(rut) ? Rut.format(rut) : rut)

/** Whose use of the case's assistance it shows: the applicant's, in the policy year of its event (or of its opening, in Chile). */
const caseUsage = (sql: SqlClient.SqlClient): UsageTerms => ({
  lead: sql`o.lead_id`,
  assistances: sql`(o.assistance_id)`,
  insured: sql`o.insured_id`,
  beneficiary: sql`o.beneficiary_id`,
  date: sql`COALESCE(o.event_date, (o.created_at AT TIME ZONE 'America/Santiago')::date)`
})

/** The ids listed at `path` of the case's facts (`s.state`), under `key`. */
const idsIn = (sql: SqlClient.SqlClient, path: string, key: string) => sql`(SELECT (x ->> ${key})::uuid FROM jsonb_array_elements(s.state -> ${path}) x)`
/** The id at `path` of the case's facts, or null. */
const idAt = (sql: SqlClient.SqlClient, ...path: ReadonlyArray<string>) => sql`(s.state #>> ${`{${path.join(",")}}`})::uuid`

/**
 * The case `id` with everything `getById` shows by name, what the applicant used of its
 * assistance (nothing while it names no plan and applicant) and its events after version
 * `after`: one statement, so opening a case is one round trip on one snapshot. The names follow
 * the projection's columns and the ids inside the facts; the stage is the projection's. (Also
 * what bench/caseOpenFloor.ts runs alone: the database's share of opening a case.)
 */
export const openStatement = (sql: SqlClient.SqlClient, id: string, after: number) =>
  sql`SELECT o.id::text AS id, o.version, o.created_at, o.created_by, s.state,
        (SELECT json_build_object('id', l.id::text, 'number', l.policy_number::text, 'startDate', to_char(l.start_date, 'YYYY-MM-DD'),
          'endDate', to_char(l.end_date, 'YYYY-MM-DD')) FROM lead l WHERE l.id = o.lead_id) AS policy,
        (SELECT json_build_object('id', r.id::text, 'rut', r.rut, 'name', r.name) FROM retail r WHERE r.id = o.retail_id) AS retail,
        (SELECT json_build_object('id', c.id::text, 'rut', c.rut, 'name', ${fullName(sql, "c")}) FROM customer c WHERE c.id = o.customer_id) AS customer,
        (SELECT json_build_object(${personJson(sql, "p")}) FROM insured p WHERE p.id = o.insured_id) AS insured,
        (SELECT json_build_object(${personJson(sql, "p")}) FROM beneficiary p WHERE p.id = o.beneficiary_id) AS beneficiary,
        (SELECT json_build_object('id', p.id::text, 'name', p.name) FROM product p WHERE p.id = o.product_id) AS product,
        (SELECT json_build_object('id', a.id::text, 'name', a.name) FROM assistance a WHERE a.id = o.assistance_id) AS assistance,
        (SELECT json_build_object('amount', pa.amount::text, 'currency', pa.currency, 'maximum', pa.maximum::text, 'events', pa.events, 'lack', pa.lack)
          FROM product_assistance pa WHERE pa.product_id = o.product_id AND pa.assistance_id = o.assistance_id) AS assigned,
        (SELECT json_agg(json_build_object('id', v.id::text, 'name', v.name, 'family_id', v.family_id::text,
            'line_order', COALESCE((SELECT av.position FROM assistance_value av WHERE av.value_id = v.id AND av.assistance_id = o.assistance_id), 0)))
          FROM value v WHERE v.id IN ${idsIn(sql, "values", "id")}) AS value_names,
        (SELECT json_agg(json_build_object('id', d.id::text, 'name', d.name)) FROM document d WHERE d.id IN ${idsIn(sql, "files", "document_id")}) AS document_names,
        (SELECT name FROM district WHERE id = s.state #>> '{event,district_id}') AS event_district,
        (SELECT ${fullName(sql, "sp")} FROM specialist sp WHERE sp.id = ${idAt(sql, "specialist", "provider_id")}) AS specialist,
        (SELECT name FROM specialty WHERE id = ${idAt(sql, "specialist", "specialty_id")}) AS specialist_specialty,
        (SELECT name FROM district WHERE id = s.state #>> '{specialist,district_id}') AS specialist_district,
        (SELECT name FROM qualification WHERE id = ${idAt(sql, "specialist", "qualification_id")}) AS specialist_qualification,
        (SELECT json_build_object('name', p.name, 'address', p.address, 'district', (SELECT d.name FROM district d WHERE d.id = p.district_id),
          'email', p.email, 'phone', p.phone) FROM partner p WHERE p.id = ${idAt(sql, "alliance", "provider_id")}) AS partner,
        (SELECT name FROM specialty WHERE id = ${idAt(sql, "alliance", "specialty_id")}) AS alliance_specialty,
        (SELECT name FROM qualification WHERE id = ${idAt(sql, "alliance", "qualification_id")}) AS alliance_qualification,
        (SELECT json_build_object('id', st.id::text, 'code', st.code, 'name', st.name) FROM stage st WHERE st.id = o.stage_id) AS stage,
        CASE WHEN o.product_id IS NOT NULL THEN (SELECT json_agg(u) FROM (${usedStatement(sql, caseUsage(sql))}) u) END AS used,
        (SELECT json_agg(json_build_object('version', e.version, 'type', e.type, 'payload', e.payload, 'user_id', e.user_id, 'at', e.at) ORDER BY e.version)
          FROM case_event e WHERE e.case_id = o.id AND e.version > ${after}) AS events
        FROM assistance_case o JOIN case_state s ON s.case_id = o.id WHERE o.id = ${id}`

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  /** The case opened (openStatement), its rows decoded. */
  const open = (id: string, after: number) =>
    Effect.gen(function* () {
      const rows = yield* openStatement(sql, id, after)
      const found = yield* decodeStored(rows)
      if (Option.isNone(found)) return Option.none()
      const stored = found.value
      const { used: usedRows, events: eventRows, ...decoded } = yield* Schema.decodeUnknown(Names)(rows[0])
      const assistanceId = stored.facts.service.assistance_id
      const used: CoverageUsed = assistanceId === null ? nothingUsed : ((yield* usedFromRows([assistanceId])(usedRows ?? [])).get(assistanceId) ?? nothingUsed)
      const events = yield* decodedEventsJson(eventRows ?? [])
      const person = (p: typeof Person.Type | null) => (p === null ? null : { ...p, rut: dotted(p.rut) })
      const named = (n: typeof Named.Type | null) => (n === null ? null : { ...n, rut: dotted(n.rut) })
      const assigned = decoded.assigned
      const names = {
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
      return Option.some({ stored, names, used, events })
    })

  return {
    open: (id: string, after: number) => Effect.orDie(open(id, after))
  }
})

/** Opens a case: its facts, what they show by name, the coverage used and its newer events. */
export class CaseViewRepo extends Context.Tag("palma/CaseViewRepo")<CaseViewRepo, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(CaseViewRepo, make)
}
