import { SqlClient, type Statement } from "@effect/sql"
import { Context, Effect, Layer } from "effect"
import { type AssignmentKind } from "@palma/core/domain"

// The fold is `cs`: the provider queries around these name their own table `s`.

/** The provider a case's fold sent for `kind`, as migration 0029 indexes it. */
const providerOf = (sql: SqlClient.SqlClient, kind: AssignmentKind) =>
  kind === "specialist" ? sql`cs.state #>> '{specialist,provider_id}'` : sql`cs.state #>> '{alliance,provider_id}'`
const cancelledOf = (sql: SqlClient.SqlClient, kind: AssignmentKind) =>
  kind === "specialist" ? sql`cs.state #>> '{specialist,cancel}'` : sql`cs.state #>> '{alliance,cancel}'`
const qualificationOf = (sql: SqlClient.SqlClient, kind: AssignmentKind) =>
  kind === "specialist" ? sql`cs.state #>> '{specialist,qualification_id}'` : sql`cs.state #>> '{alliance,qualification_id}'`

/** How many open cases have `provider` (an id expression) sent as `kind` and not cancelled. */
export const openAssignments = (sql: SqlClient.SqlClient, kind: AssignmentKind, provider: Statement.Fragment) =>
  sql`(SELECT count(*)::int FROM case_state cs JOIN assistance_case c ON c.id = cs.case_id
    WHERE ${providerOf(sql, kind)} = ${provider}::text AND NOT c.is_closed AND ${cancelledOf(sql, kind)} IS DISTINCT FROM 'true')`

/** The mean score of the qualifications `provider` got as `kind`, null before the first. */
export const meanQualification = (sql: SqlClient.SqlClient, kind: AssignmentKind, provider: Statement.Fragment) =>
  sql`(SELECT avg(q.score)::float8 FROM case_state cs JOIN qualification q ON q.id::text = ${qualificationOf(sql, kind)}
    WHERE ${providerOf(sql, kind)} = ${provider}::text)`

const make = Effect.map(SqlClient.SqlClient, (sql) => ({
  /** How many open cases have the provider sent as `kind` and not cancelled. */
  openCount: (kind: AssignmentKind, providerId: string) =>
    sql<{ open: number }>`SELECT ${openAssignments(sql, kind, sql`${providerId}`)} AS open`.pipe(
      Effect.map(([row]) => row?.open ?? 0),
      Effect.orDie
    )
}))

/** SQL of a provider's load: the open cases it is sent to. */
export class AssignmentLoadRepo extends Context.Tag("palma/AssignmentLoadRepo")<AssignmentLoadRepo, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(AssignmentLoadRepo, make)
}
