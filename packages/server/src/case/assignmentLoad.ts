import type { SqlClient, Statement } from "@effect/sql"
import { Effect } from "effect"
import { type AssignmentKind } from "@palma/core/domain"
import { Conflict } from "@palma/core/api"

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

const who: Record<AssignmentKind, { readonly name: string; readonly sent: string }> = {
  specialist: { name: "el especialista", sent: "asignado" },
  alliance: { name: "la alianza", sent: "asignada" }
}

/** Fails with a Spanish 409 while the provider is sent as `kind` to open cases (saying how many). */
export const refuseWhileSent = (sql: SqlClient.SqlClient, kind: AssignmentKind, providerId: string) =>
  sql<{ open: number }>`SELECT ${openAssignments(sql, kind, sql`${providerId}`)} AS open`.pipe(
    Effect.orDie,
    Effect.flatMap(([row]) => {
      const open = row?.open ?? 0
      if (open === 0) return Effect.void
      const { name, sent } = who[kind]
      const cases = open === 1 ? "1 caso abierto" : `${open} casos abiertos`
      return Effect.fail(new Conflict({ message: `No se puede desactivar ${name}: está ${sent} a ${cases}. Anule o cierre esas asignaciones primero.` }))
    })
  )
