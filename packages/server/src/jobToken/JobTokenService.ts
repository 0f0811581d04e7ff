import { type Actor, JOB_TOKEN_DEFAULT_DAYS, jobTokenRefusal, type IssuedJobToken, type JobToken, type JobTokenInput } from "@palma/core/domain"
import { Context, Effect, Layer, Option } from "effect"
import { AuthConfig } from "../auth/AuthConfig.js"
import type { SessionRow } from "../auth/SessionRepo.js"
import { Sessions } from "../auth/Sessions.js"
import { Invalid, Missing } from "../domain/errors.js"
import { UserRepo } from "../user/UserRepo.js"
import { userNotFound } from "../domain/messages.js"

const refused = (message: string) => new Invalid({ message })
const localOnly = () => refused("Palma usa Clerk: los tokens de tareas programadas se emiten en el panel de Clerk")

const answer = (row: SessionRow & { readonly jobName: string }, userEmail: string, issuedBy: string): JobToken => ({
  id: row.id,
  name: row.jobName,
  userId: row.userId,
  userEmail,
  issuedBy,
  createdAt: row.createdAt.toISOString(),
  lastSeenAt: row.lastSeenAt.toISOString(),
  expiresAt: row.expiresAt.toISOString()
})

/**
 * Job tokens (local mode, admins): a scheduled job signs in with one instead of a person's session,
 * which would end after its idle limit or lifetime. Each is a session of the account it acts as,
 * so that account's role and standing apply on every call (a role change reaches the next token,
 * disabling the account ends it), and revoking one ends it within seconds on every process.
 */
const make = Effect.gen(function* () {
  const sessions = yield* Sessions
  const users = yield* UserRepo
  const config = yield* AuthConfig
  const local = config.mode === "local" ? Effect.void : Effect.fail(localOnly())

  return {
    issue: (userId: string, input: JobTokenInput, actor: Actor): Effect.Effect<IssuedJobToken, Missing | Invalid> =>
      Effect.gen(function* () {
        yield* local
        const account = yield* Effect.flatMap(
          users.findListed(userId),
          Option.match({ onNone: () => Effect.fail(new Missing({ message: userNotFound })), onSome: Effect.succeed })
        )
        const refusal = jobTokenRefusal(account)
        if (refusal !== null) return yield* refused(refusal)
        const issuer = yield* users.findListed(actor.userId)
        const { row, refreshToken } = yield* sessions.issueJob(account.id, input.name, input.days ?? JOB_TOKEN_DEFAULT_DAYS, actor.userId)
        const issued = answer({ ...row, jobName: input.name }, account.email, Option.match(issuer, { onNone: () => "", onSome: (u) => u.email }))
        return { ...issued, token: refreshToken }
      }),

    list: Effect.zipRight(
      local,
      Effect.map(sessions.jobs, (rows) => rows.map((row) => answer(row, row.userEmail, row.issuedBy)))
    ),

    revoke: (id: string) =>
      Effect.gen(function* () {
        yield* local
        if (!(yield* sessions.revokeJob(id))) return yield* Effect.fail(new Missing({ message: "No hay un token vigente con ese identificador" }))
      })
  }
})

export class JobTokenService extends Context.Tag("palma/JobTokenService")<JobTokenService, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(JobTokenService, make)
}
