import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer, Schema } from "effect"
import { CaseChatMessage } from "@palma/core/domain"

const columns = (sql: SqlClient.SqlClient) => sql`m.id::text AS id, m.case_id::text AS case_id, m.stage_id::text AS stage_id, m.user_id, m.message,
  to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at, m.type,
  COALESCE(i.name, '') AS applicant_name, COALESCE(i.paternal_last_name, '') AS applicant_lastname, s.code AS stage_code, s.name AS stage_name`

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const decode = Schema.decodeUnknown(Schema.Array(CaseChatMessage))

  /** The case's messages, oldest first (the original had no order), with its titular's name as the original answered. */
  const byCase = (caseId: string) =>
    sql`SELECT ${columns(sql)} FROM case_chat m JOIN assistance_case c ON c.id = m.case_id
      LEFT JOIN insured i ON i.id = c.insured_id LEFT JOIN stage s ON s.id = m.stage_id
      WHERE m.case_id = ${caseId} ORDER BY m.created_at, m.id`.pipe(Effect.flatMap(decode))

  /** Posts a message tagged with the case's current stage; answers it, or nothing when the case does not exist. */
  const post = (caseId: string, userId: string, type: string, message: string) =>
    Effect.gen(function* () {
      const inserted = yield* sql<{ id: string }>`INSERT INTO case_chat (case_id, stage_id, user_id, message, type)
        SELECT c.id, c.stage_id, ${userId}, ${message}, ${type} FROM assistance_case c WHERE c.id = ${caseId} RETURNING id::text AS id`
      if (inserted.length === 0) return null
      const rows = yield* sql`SELECT ${columns(sql)} FROM case_chat m JOIN assistance_case c ON c.id = m.case_id
        LEFT JOIN insured i ON i.id = c.insured_id LEFT JOIN stage s ON s.id = m.stage_id WHERE m.id = ${inserted[0]!.id}`.pipe(Effect.flatMap(decode))
      return rows[0] ?? null
    })

  const exists = (caseId: string) => Effect.map(sql`SELECT 1 FROM assistance_case WHERE id = ${caseId}`, (rows) => rows.length > 0)

  return {
    byCase: (caseId: string) => Effect.orDie(byCase(caseId)),
    post: (caseId: string, userId: string, type: string, message: string) => Effect.orDie(post(caseId, userId, type, message)),
    exists: (caseId: string) => Effect.orDie(exists(caseId))
  }
})

/** A case's chat: messages beside the case, not events (a message does not change the case or its version). */
export class CaseChatRepo extends Context.Tag("palma/CaseChatRepo")<CaseChatRepo, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(CaseChatRepo, make)
}
