import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * The provider each case sent, found from the provider's side: a specialist or partner is not
 * deactivated while sent to an open case, and candidates for a case are ranked by how many open
 * cases each already has (case/AssignmentLoadRepo.ts). Without these, both read every case's fold.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE INDEX case_state_specialist ON case_state ((state #>> '{specialist,provider_id}'))`
  yield* sql`CREATE INDEX case_state_alliance ON case_state ((state #>> '{alliance,provider_id}'))`
})
