import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer, Schema } from "effect"
import { CaseChatMessage } from "@palma/core/domain"

const columns = (sql: SqlClient.SqlClient) => sql`m.id::text AS id, m.case_id::text AS case_id, m.stage_id::text AS stage_id, m.user_id, m.message,
  to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at, m.type,
  COALESCE(i.name, '') AS applicant_name, COALESCE(i.paternal_last_name, '') AS applicant_lastname, s.code AS stage_code, s.name AS stage_name`

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const decode = Schema.decodeUnknown(Schema.Array(CaseChatMessage))

  /** The case's messages in the order they were posted (the original had no order), with its titular's name as the original answered. */
  const byCase = (caseId: string) =>
    sql`SELECT ${columns(sql)} FROM case_chat m JOIN assistance_case c ON c.id = m.case_id
      LEFT JOIN insured i ON i.id = c.insured_id LEFT JOIN stage s ON s.id = m.stage_id
      WHERE m.case_id = ${caseId} ORDER BY m.seq`.pipe(Effect.flatMap(decode))

  /**
   * Posts a message tagged with the case's current stage, numbered next in the case's chat; answers
   * it with its number, or nothing when the case does not exist. The case's row is locked first,
   * so messages on one case are numbered in the order they commit (and the insert, a statement
   * of its own, sees the number the previous holder took).
   */
  const post = (caseId: string, userId: string, type: string, message: string) =>
    Effect.gen(function* () {
      const [held] = yield* sql<{ stage_id: string | null }>`SELECT stage_id::text AS stage_id FROM assistance_case WHERE id = ${caseId} FOR NO KEY UPDATE`
      if (held === undefined) return null
      const [inserted] = yield* sql<{ id: string; seq: number }>`INSERT INTO case_chat (case_id, stage_id, user_id, message, type, seq)
        SELECT ${caseId}, ${held.stage_id}, ${userId}, ${message}, ${type}, COALESCE(max(seq), 0) + 1 FROM case_chat WHERE case_id = ${caseId}
        RETURNING id::text AS id, seq`
      const rows = yield* sql`SELECT ${columns(sql)} FROM case_chat m JOIN assistance_case c ON c.id = m.case_id
        LEFT JOIN insured i ON i.id = c.insured_id LEFT JOIN stage s ON s.id = m.stage_id WHERE m.id = ${inserted!.id}`.pipe(Effect.flatMap(decode))
      return rows[0] === undefined ? null : { message: rows[0], seq: inserted!.seq }
    }).pipe(sql.withTransaction)

  /** The case's messages after number `seq`, in order: what a live follower that dropped missed. */
  const after = (caseId: string, seq: number) =>
    sql<{ id: string; seq: number }>`SELECT id::text AS id, seq FROM case_chat WHERE case_id = ${caseId} AND seq > ${seq} ORDER BY seq`

  const exists = (caseId: string) => Effect.map(sql`SELECT 1 FROM assistance_case WHERE id = ${caseId}`, (rows) => rows.length > 0)

  return {
    byCase: (caseId: string) => Effect.orDie(byCase(caseId)),
    post: (caseId: string, userId: string, type: string, message: string) => Effect.orDie(post(caseId, userId, type, message)),
    after: (caseId: string, seq: number) => Effect.orDie(after(caseId, seq)),
    exists: (caseId: string) => Effect.orDie(exists(caseId))
  }
})

/** A case's chat: messages beside the case, not events (a message does not change the case or its version). */
export class CaseChatRepo extends Context.Tag("palma/CaseChatRepo")<CaseChatRepo, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(CaseChatRepo, make)
}
