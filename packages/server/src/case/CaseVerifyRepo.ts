import { SqlClient, type Statement } from "@effect/sql"
import { Context, Effect, Layer, Schema } from "effect"

const Nullable = Schema.NullOr(Schema.String)

/** A stored case as the check reads it: its projection row (the list's columns), stage code and stored facts. */
const StoredCaseRow = Schema.Struct({
  id: Schema.String,
  number: Schema.NumberFromString,
  version: Schema.Number,
  stage_code: Schema.String,
  state: Schema.Unknown,
  type: Schema.String,
  lead_id: Nullable,
  customer_id: Nullable,
  retail_id: Nullable,
  insured_id: Nullable,
  beneficiary_id: Nullable,
  product_id: Nullable,
  assistance_id: Nullable,
  procedure_code: Nullable,
  applicant_rut: Nullable,
  applicant_search: Schema.String,
  event_date: Nullable,
  is_closed: Schema.Boolean,
  refund_status: Nullable,
  refund_amount: Schema.NullOr(Schema.Number),
  imed_amount: Schema.NullOr(Schema.Number)
})
export type StoredCaseRow = typeof StoredCaseRow.Type

const StoredEvent = Schema.Struct({ case_id: Schema.String, version: Schema.Number, type: Schema.String, payload: Schema.Unknown })
export type StoredEvent = typeof StoredEvent.Type

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  // Ids, dates and amounts as text and numbers, the types `caseColumns` gives them.
  const rowsWhere = (filter: Statement.Fragment, limit: number | null) =>
    sql`SELECT c.id::text AS id, c.number::text AS number, c.version, st.code AS stage_code, s.state, c.type,
        c.lead_id::text AS lead_id, c.customer_id::text AS customer_id, c.retail_id::text AS retail_id,
        c.insured_id::text AS insured_id, c.beneficiary_id::text AS beneficiary_id, c.product_id::text AS product_id,
        c.assistance_id::text AS assistance_id, c.procedure_code, c.applicant_rut, c.applicant_search,
        c.event_date::text AS event_date, c.is_closed, c.refund_status,
        c.refund_amount::float8 AS refund_amount, c.imed_amount::float8 AS imed_amount
      FROM assistance_case c JOIN case_state s ON s.case_id = c.id JOIN stage st ON st.id = c.stage_id
      WHERE ${filter} ORDER BY c.number LIMIT ${limit}`.pipe(Effect.flatMap(Schema.decodeUnknown(Schema.Array(StoredCaseRow))))

  /** The cases with these numbers (those that exist). */
  const byNumbers = (numbers: ReadonlyArray<number>) => rowsWhere(sql`c.number IN ${sql.in(numbers)}`, null)

  /** The next `limit` cases after number `after`, in number order: `--all` pages through with it. */
  const after = (number: number, limit: number) => rowsWhere(sql`c.number > ${number}`, limit)

  /** The stored events of these cases, each case's in version order. */
  const eventsOf = (ids: ReadonlyArray<string>) =>
    ids.length === 0
      ? Effect.succeed([])
      : sql`SELECT case_id::text AS case_id, version, type, payload FROM case_event WHERE case_id IN ${sql.in(ids)} ORDER BY case_id, version`.pipe(
          Effect.flatMap(Schema.decodeUnknown(Schema.Array(StoredEvent)))
        )

  return {
    byNumbers: (numbers: ReadonlyArray<number>) => Effect.orDie(byNumbers(numbers)),
    after: (number: number, limit: number) => Effect.orDie(after(number, limit)),
    eventsOf: (ids: ReadonlyArray<string>) => Effect.orDie(eventsOf(ids))
  }
})

/** Reads for the integrity check: stored cases with their projection, and their events, in batches. */
export class CaseVerifyRepo extends Context.Tag("palma/CaseVerifyRepo")<CaseVerifyRepo, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(CaseVerifyRepo, make)
}
