import { SqlClient, type Statement } from "@effect/sql"
import { Context, Data, Effect, Layer, Option, Schema } from "effect"
import { type CaseChange, type CaseCriteria, type CaseFacts, type CaseListQuery, type LivePosition, type SeededStageCode, Rut } from "@palma/core/domain"
import { foldedContains, foldText } from "../sql/textSearch.js"
import { uniqueAs } from "../sql/uniqueViolation.js"
import { caseColumns, type CaseLookups, factColumns } from "./caseColumns.js"
import { decodedEvents } from "./caseEventRow.js"
import { decodeStored } from "./storedCase.js"

const ListRow = Schema.Struct({
  id: Schema.String,
  number: Schema.NumberFromString,
  created_at: Schema.DateFromSelf,
  customer_id: Schema.NullOr(Schema.String),
  customer_name: Schema.String,
  applicant_rut: Schema.String,
  applicant_name: Schema.String,
  assistance_name: Schema.String,
  stage_id: Schema.String,
  stage_name: Schema.String,
  code: Schema.String,
  type: Schema.Literal("I", "B", "C"),
  is_closed: Schema.Boolean,
  event_date: Schema.NullOr(Schema.String)
})
export type ListRow = typeof ListRow.Type

/** Another write appended to the case after the version a write was decided on: nothing was written. */
export class CaseMoved extends Data.TaggedError("CaseMoved") {}

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  const find = (id: string) =>
    sql`SELECT c.id::text AS id, c.version, c.created_at, c.created_by, s.state
      FROM assistance_case c JOIN case_state s ON s.case_id = c.id WHERE c.id = ${id}`.pipe(Effect.flatMap(decodeStored))

  const idOfNumber = (number: number) =>
    Effect.map(sql<{ id: string }>`SELECT id::text AS id FROM assistance_case WHERE number = ${number}`, (rows) => Option.fromNullable(rows[0]?.id))

  const nextNumber = Effect.map(sql<{ n: string }>`SELECT nextval('case_number')::text AS n`, ([row]) => Number(row!.n))

  /** The projection's columns the facts do not hold, looked up: the stage's row, the applicant's RUT and folded names. */
  const lookups = (facts: CaseFacts, stage: SeededStageCode) => {
    const { parties } = facts
    // Seeded stages cannot be deleted (referential integrity), so the code always names a row.
    return sql`SELECT (SELECT id FROM stage WHERE code = ${stage} AND is_active) AS stage_id,
      (SELECT rut FROM insured WHERE id = ${parties.insured_id}) AS applicant_rut,
      concat_ws(' ', (SELECT search_name FROM insured WHERE id = ${parties.insured_id}),
        (SELECT search_name FROM beneficiary WHERE id = ${parties.beneficiary_id})) AS applicant_search`
  }

  /** The projection's columns for the facts, as the writer stores them. */
  const projection = (facts: CaseFacts, stage: SeededStageCode) =>
    Effect.map(sql<CaseLookups>`${lookups(facts, stage)}`, ([looked]) => caseColumns(facts, looked!))

  const eventRows = (caseId: string, after: number, changes: ReadonlyArray<CaseChange>, userId: string) =>
    changes.map((change, i) => ({ case_id: caseId, version: after + i + 1, type: change.type, payload: JSON.stringify(change.payload), user_id: userId }))

  const appendEvents = (caseId: string, after: number, changes: ReadonlyArray<CaseChange>, userId: string) =>
    changes.length === 0 ? Effect.void : sql`INSERT INTO case_event ${sql.insert(eventRows(caseId, after, changes, userId))}`

  /** A new case with its first events; answers its id. */
  const insert = (number: number, changes: ReadonlyArray<CaseChange>, facts: CaseFacts, stage: SeededStageCode, userId: string) =>
    Effect.gen(function* () {
      const columns = yield* projection(facts, stage)
      const [row] = yield* sql<{ id: string }>`INSERT INTO assistance_case ${sql.insert({
        ...columns,
        number,
        version: changes.length,
        created_by: userId
      })} RETURNING id::text AS id`
      yield* sql`INSERT INTO case_state ${sql.insert({ case_id: row!.id, state: JSON.stringify(facts) })}`
      yield* appendEvents(row!.id, 0, changes, userId)
      return row!.id
    })

  /**
   * More events on a case read at `version`, the facts they leave and the projection, in one
   * statement and no transaction: the events' key (case, version) is the lock. When another write
   * appended after `version` meanwhile, the first new event's key is taken, the whole statement
   * fails and nothing is written (`CaseMoved`); the caller decides again on the newer case.
   */
  const append = (id: string, version: number, changes: ReadonlyArray<CaseChange>, facts: CaseFacts, stage: SeededStageCode, userId: string) =>
    sql`WITH appended AS (INSERT INTO case_event ${sql.insert(eventRows(id, version, changes, userId))}),
      state AS (UPDATE case_state SET state = ${JSON.stringify(facts)} WHERE case_id = ${id})
    UPDATE assistance_case SET ${sql.update({ ...factColumns(facts), version: version + changes.length })}, updated_at = now(),
      (stage_id, applicant_rut, applicant_search) = (${lookups(facts, stage)})
    WHERE id = ${id}`.pipe(uniqueAs(() => new CaseMoved()))

  /** The case's events after `version` (0: all), in order, decoded. */
  const events = (id: string, after: number) =>
    sql`SELECT version, type, payload, user_id, at FROM case_event WHERE case_id = ${id} AND version > ${after} ORDER BY version`.pipe(
      Effect.flatMap(decodedEvents)
    )

  /** Where the case stands in the store: its version and its chat's last message number; none when there is no such case. */
  const livePosition = (id: string) =>
    Effect.map(
      sql<{ version: number; chat: number }>`SELECT c.version, COALESCE((SELECT max(m.seq) FROM case_chat m WHERE m.case_id = c.id), 0) AS chat
        FROM assistance_case c WHERE c.id = ${id}`,
      (rows) => Option.map(Option.fromNullable(rows[0]), (row): LivePosition => [row.version, row.chat])
    )

  /** What the list's filters ask of the projection; `openedBy` is the user whose cases `mine` asks for. */
  const filtersOf = (query: CaseCriteria, openedBy: string | null) => {
    const filters = []
    if (query.retail_id !== undefined) filters.push(sql`c.retail_id = ${query.retail_id}`)
    if (query.stage_id !== undefined) filters.push(sql`c.stage_id = ${query.stage_id}`)
    if (query.status !== undefined) filters.push(query.status === "open" ? sql`NOT c.is_closed` : sql`c.is_closed`)
    if (query.refund_status !== undefined) filters.push(sql`c.refund_status = ${query.refund_status}`)
    if (query.mine !== undefined && openedBy !== null) filters.push(sql`c.created_by = ${openedBy}`)
    const rut = (query.applicant_rut ?? "").replace(/[^0-9kK]/g, "").toUpperCase()
    if (rut !== "") {
      const whole = Rut.normalize(rut)
      const prefix = sql`c.applicant_rut LIKE ${`${rut.replace(/K/g, "")}%`}`
      filters.push(whole === undefined ? prefix : sql`(c.applicant_rut = ${whole} OR ${prefix})`)
    }
    const name = (query.applicant_name ?? "").trim()
    if (name !== "" && foldText(name) !== "") filters.push(foldedContains(sql, sql`c.applicant_search`, name))
    return sql.and(filters)
  }

  /** One page of the cases a filter finds, newest first (the list's, or an export's preview). */
  const pageWhere = (filter: Statement.Fragment, paging: { readonly records?: number | undefined; readonly page?: number | undefined }) => {
    const records = paging.records ?? null
    const offset = records === null ? 0 : ((paging.page ?? 1) - 1) * records
    // The page's ids first (an index walk on number, filtered), then the names for those rows only.
    return sql`WITH page AS (
        SELECT * FROM assistance_case c WHERE ${filter} ORDER BY c.number DESC LIMIT ${records} OFFSET ${offset}
      )
      SELECT c.id::text AS id, c.number::text AS number, c.created_at,
        COALESCE(c.retail_id, c.customer_id)::text AS customer_id,
        COALESCE(r.name, concat_ws(' ', NULLIF(cu.name, ''), NULLIF(cu.paternal_last_name, ''), NULLIF(cu.maternal_last_name, '')), '') AS customer_name,
        COALESCE(i.rut, '') AS applicant_rut,
        COALESCE(concat_ws(' ', NULLIF(i.name, ''), NULLIF(i.paternal_last_name, ''), NULLIF(i.maternal_last_name, '')), '') AS applicant_name,
        COALESCE(a.name, '') AS assistance_name, s.id::text AS stage_id, s.name AS stage_name, s.code,
        c.type, c.is_closed, to_char(c.event_date, 'YYYY-MM-DD') AS event_date
      FROM page c
        JOIN stage s ON s.id = c.stage_id
        LEFT JOIN retail r ON r.id = c.retail_id
        LEFT JOIN customer cu ON cu.id = c.customer_id
        LEFT JOIN insured i ON i.id = c.insured_id
        LEFT JOIN assistance a ON a.id = c.assistance_id
      ORDER BY c.number DESC`.pipe(Effect.flatMap(Schema.decodeUnknown(Schema.Array(ListRow))))
  }

  /** How many cases a filter finds. */
  const countWhere = (filter: Statement.Fragment) =>
    Effect.map(sql<{ n: string }>`SELECT count(*)::text AS n FROM assistance_case c WHERE ${filter}`, ([row]) => Number(row!.n))

  /** Channels that appear as a case's origin, by name. */
  const origins = sql<{
    id: string
    name: string
  }>`SELECT DISTINCT r.id::text AS id, r.name FROM assistance_case c JOIN retail r ON r.id = c.retail_id ORDER BY r.name`

  /** Stages some case is in now, in stage order. */
  const statuses = sql<{ id: string; name: string }>`SELECT s.id::text AS id, s.name FROM stage s
    WHERE EXISTS (SELECT 1 FROM assistance_case c WHERE c.stage_id = s.id) ORDER BY s.number, s.name`

  return {
    find: (id: string) => Effect.orDie(find(id)),
    idOfNumber: (number: number) => Effect.orDie(idOfNumber(number)),
    nextNumber: Effect.orDie(nextNumber),
    insert: (number: number, changes: ReadonlyArray<CaseChange>, facts: CaseFacts, stage: SeededStageCode, userId: string) =>
      Effect.orDie(insert(number, changes, facts, stage, userId)),
    append,
    events: (id: string, after = 0) => Effect.orDie(events(id, after)),
    livePosition: (id: string) => Effect.orDie(livePosition(id)),
    projection: (facts: CaseFacts, stage: SeededStageCode) => Effect.orDie(projection(facts, stage)),
    page: (query: CaseListQuery, openedBy: string | null) => Effect.orDie(pageWhere(filtersOf(query, openedBy), query)),
    count: (query: CaseCriteria, openedBy: string | null) => Effect.orDie(countWhere(filtersOf(query, openedBy))),
    pageWhere: (filter: Statement.Fragment, paging: { readonly records?: number | undefined; readonly page?: number | undefined }) =>
      Effect.orDie(pageWhere(filter, paging)),
    countWhere: (filter: Statement.Fragment) => Effect.orDie(countWhere(filter)),
    origins: Effect.orDie(origins),
    statuses: Effect.orDie(statuses)
  }
})

/** The case tables: events appended, the projection rewritten beside them, lists read from it. */
export class CaseRepo extends Context.Tag("palma/CaseRepo")<CaseRepo, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(CaseRepo, make)
}
