import { SqlClient, SqlSchema } from "@effect/sql"
import { Context, Effect, Layer, Schema } from "effect"

/** A local-mode session as stored: one row per sign-in, its id is the tokens' `sid`. */
export const SessionRow = Schema.Struct({
  id: Schema.String,
  userId: Schema.String,
  createdAt: Schema.DateFromSelf,
  lastSeenAt: Schema.DateFromSelf,
  expiresAt: Schema.DateFromSelf,
  idleExpiresAt: Schema.DateFromSelf,
  endedAt: Schema.NullOr(Schema.DateFromSelf),
  /** A job token's name; null for a sign-in. */
  jobName: Schema.NullOr(Schema.String)
})
export type SessionRow = typeof SessionRow.Type

/** A live job token with the emails of its account and of the admin who issued it. */
export const JobSessionRow = Schema.Struct({
  ...SessionRow.fields,
  jobName: Schema.String,
  userEmail: Schema.String,
  issuedBy: Schema.String
})
export type JobSessionRow = typeof JobSessionRow.Type

/** A session with its user's standing and its refresh secret's hash, what liveness and refresh decide on. */
export const SessionWithUser = Schema.Struct({
  ...SessionRow.fields,
  userDisabled: Schema.Boolean,
  refreshHash: Schema.NullOr(Schema.String)
})
export type SessionWithUser = typeof SessionWithUser.Type

const NewSession = Schema.Struct({ ...SessionRow.fields, refreshHash: Schema.String, issuedBy: Schema.NullOr(Schema.String) })
const Touch = Schema.Struct({ id: Schema.String, at: Schema.DateFromSelf, idleExpiresAt: Schema.DateFromSelf })
const EndOne = Schema.Struct({ id: Schema.String, userId: Schema.String, at: Schema.DateFromSelf })
const EndAll = Schema.Struct({ userId: Schema.String, at: Schema.DateFromSelf })
const Ended = Schema.Struct({ id: Schema.String })

/** The SQL of sessions; a database failure is a defect. */
const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const columns = sql`s.id, s.user_id AS "userId", s.created_at AS "createdAt", s.last_seen_at AS "lastSeenAt",
    s.expires_at AS "expiresAt", s.idle_expires_at AS "idleExpiresAt", s.ended_at AS "endedAt", s.job_name AS "jobName"`

  const insert = SqlSchema.void({
    Request: NewSession,
    execute: (row) =>
      sql`INSERT INTO auth_session ${sql.insert({
        id: row.id,
        user_id: row.userId,
        created_at: row.createdAt,
        last_seen_at: row.lastSeenAt,
        expires_at: row.expiresAt,
        idle_expires_at: row.idleExpiresAt,
        ended_at: row.endedAt,
        refresh_hash: row.refreshHash,
        job_name: row.jobName,
        issued_by: row.issuedBy
      })}`
  })

  const findWithUser = SqlSchema.findOne({
    Request: Schema.String,
    Result: SessionWithUser,
    execute: (id) =>
      sql`SELECT ${columns}, u.disabled_at IS NOT NULL AS "userDisabled", s.refresh_hash AS "refreshHash"
          FROM auth_session s JOIN app_user u ON u.id = s.user_id WHERE s.id = ${id}`
  })

  /** The user's sessions not ended and not past either limit at `at`, newest first. */
  const openOfUser = SqlSchema.findAll({
    Request: Schema.Struct({ userId: Schema.String, at: Schema.DateFromSelf }),
    Result: SessionRow,
    execute: ({ userId, at }) =>
      sql`SELECT ${columns} FROM auth_session s
          WHERE s.user_id = ${userId} AND s.ended_at IS NULL AND s.expires_at > ${at} AND s.idle_expires_at > ${at}
          ORDER BY s.last_seen_at DESC`
  })

  const touch = SqlSchema.void({
    Request: Touch,
    execute: ({ id, at, idleExpiresAt }) => sql`UPDATE auth_session SET last_seen_at = ${at}, idle_expires_at = ${idleExpiresAt} WHERE id = ${id}`
  })

  /** Ends one of the user's sessions; the ids it ended (none when not theirs or already ended). */
  const endOne = SqlSchema.findAll({
    Request: EndOne,
    Result: Ended,
    execute: ({ id, userId, at }) => sql`UPDATE auth_session SET ended_at = ${at} WHERE id = ${id} AND user_id = ${userId} AND ended_at IS NULL RETURNING id`
  })

  /** Every live job token, newest first. */
  const jobsLive = SqlSchema.findAll({
    Request: Schema.DateFromSelf,
    Result: JobSessionRow,
    execute: (at) =>
      sql`SELECT ${columns}, u.email AS "userEmail", COALESCE(i.email, '') AS "issuedBy"
          FROM auth_session s JOIN app_user u ON u.id = s.user_id LEFT JOIN app_user i ON i.id = s.issued_by
          WHERE s.job_name IS NOT NULL AND s.ended_at IS NULL AND s.expires_at > ${at} AND u.disabled_at IS NULL
          ORDER BY s.created_at DESC, s.id`
  })

  /** Ends a job token (whoever's account it is); the ids it ended (none when it is not one, or already ended). */
  const endJob = SqlSchema.findAll({
    Request: Schema.Struct({ id: Schema.String, at: Schema.DateFromSelf }),
    Result: Schema.Struct({ id: Schema.String, userId: Schema.String }),
    execute: ({ id, at }) =>
      sql`UPDATE auth_session SET ended_at = ${at} WHERE id = ${id} AND job_name IS NOT NULL AND ended_at IS NULL RETURNING id, user_id AS "userId"`
  })

  const endAll = SqlSchema.void({
    Request: EndAll,
    execute: ({ userId, at }) => sql`UPDATE auth_session SET ended_at = ${at} WHERE user_id = ${userId} AND ended_at IS NULL`
  })

  return {
    insert: (row: typeof NewSession.Type) => Effect.orDie(insert(row)),
    findWithUser: (id: string) => Effect.orDie(findWithUser(id)),
    openOfUser: (userId: string, at: Date) => Effect.orDie(openOfUser({ userId, at })),
    touch: (id: string, at: Date, idleExpiresAt: Date) => Effect.orDie(touch({ id, at, idleExpiresAt })),
    endOne: (id: string, userId: string, at: Date) => Effect.map(Effect.orDie(endOne({ id, userId, at })), (ended) => ended.length > 0),
    endAll: (userId: string, at: Date) => Effect.orDie(endAll({ userId, at })),
    jobsLive: (at: Date) => Effect.orDie(jobsLive(at)),
    endJob: (id: string, at: Date) => Effect.map(Effect.orDie(endJob({ id, at })), (ended) => ended.length > 0)
  }
})

export class SessionRepo extends Context.Tag("palma/SessionRepo")<SessionRepo, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(SessionRepo, make)
}
