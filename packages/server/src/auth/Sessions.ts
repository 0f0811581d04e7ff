import { Clock, Context, Effect, Layer, Option } from "effect"
import { randomBytes } from "node:crypto"
import { AuthConfig } from "./AuthConfig.js"
import { makeSessionLivenessCache } from "./SessionLivenessCache.js"
import { type RefreshClaim, newRefreshSecret, secretMatches } from "./RefreshToken.js"
import { idleExpiryAfter, isLive, newJobSession, newSession } from "./SessionPolicy.js"
import { type SessionRow, type SessionWithUser, SessionRepo } from "./SessionRepo.js"

/** How long this process trusts what it learned about a session (another process may end it meanwhile). */
const LIVENESS_TTL_MS = 5_000

/** Clerk-like ids ("sess_…"), the tokens' `sid`. */
const newSessionId = () => `sess_${randomBytes(15).toString("base64url")}`

const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

/**
 * Local-mode sessions (DESIGN §3): a row per sign-in, refreshed only while live, ended by sign-out,
 * by "close" and by disabling the user. Clerk mode never calls this: Clerk keeps its own sessions.
 */
const make = Effect.gen(function* () {
  const repo = yield* SessionRepo
  const config = yield* AuthConfig
  // Clerk mode has no local sessions; the lifetimes are then never read.
  const lifetimes = config.mode === "local" ? config.sessions : { absoluteSeconds: 1, idleSeconds: 1 }
  const cache = makeSessionLivenessCache(LIVENESS_TTL_MS)

  /** The session's row when it is the user's and live at `at`. */
  const liveRow = (sessionId: string, userId: string, at: Date) =>
    Effect.map(
      repo.findWithUser(sessionId),
      Option.filter((row) => row.userId === userId && isLive(row, at))
    )

  /** The session a refresh credential names, when its secret matches (live or not). */
  const claimed = (claim: RefreshClaim) =>
    Effect.map(
      repo.findWithUser(claim.sessionId),
      Option.filter((row: SessionWithUser) => secretMatches(claim.secret, row.refreshHash))
    )

  return {
    /** A new session for a sign-in: its id goes into the token as `sid`; its refresh credential to the client. */
    start: (userId: string) =>
      Effect.gen(function* () {
        const id = newSessionId()
        const refresh = newRefreshSecret(id)
        yield* repo.insert({ ...newSession(id, userId, yield* now, lifetimes), refreshHash: refresh.hash, issuedBy: null })
        return { id, refreshToken: refresh.token }
      }),

    /** A job token for `userId`, issued by an admin: a named session of `days` days; its credential is shown once. */
    issueJob: (userId: string, name: string, days: number, issuedBy: string) =>
      Effect.gen(function* () {
        const id = newSessionId()
        const refresh = newRefreshSecret(id)
        const row = newJobSession(id, userId, yield* now, name, days)
        yield* repo.insert({ ...row, refreshHash: refresh.hash, issuedBy })
        return { row, refreshToken: refresh.token }
      }),

    /** The live job tokens of every account. */
    jobs: Effect.flatMap(now, (at) => repo.jobsLive(at)),

    /** Revokes a job token; false when there is no live one with that id. */
    revokeJob: (id: string) =>
      Effect.gen(function* () {
        const ended = yield* repo.endJob(id, yield* now)
        cache.forget(id)
        return ended
      }),

    /**
     * For refresh: the session and its user when the credential is right and the session live,
     * which also counts as activity (the idle limit moves). The access token is not needed.
     */
    resume: (claim: RefreshClaim) =>
      Effect.gen(function* () {
        const at = yield* now
        const row = Option.filter(yield* claimed(claim), (row) => isLive(row, at))
        if (Option.isNone(row)) return Option.none<{ sessionId: string; userId: string }>()
        yield* repo.touch(row.value.id, at, idleExpiryAfter(row.value, at, lifetimes))
        return Option.some({ sessionId: row.value.id, userId: row.value.userId })
      }),

    /** The session a refresh credential names, for sign-out after the access token expired. */
    ownerOf: (claim: RefreshClaim) =>
      Effect.map(
        claimed(claim),
        Option.map((row) => ({ sessionId: row.id, userId: row.userId }))
      ),

    /** For every request: a map lookup while the answer is fresh, one query otherwise. */
    isLive: (sessionId: string, userId: string) =>
      Effect.suspend(() => {
        const at = Date.now()
        const known = cache.get(sessionId, at)
        if (known !== undefined) return Effect.succeed(known)
        return Effect.map(liveRow(sessionId, userId, new Date(at)), (row) => {
          cache.set(sessionId, userId, Option.isSome(row), at)
          return Option.isSome(row)
        })
      }),

    /** The user's open sessions, newest activity first. */
    list: (userId: string): Effect.Effect<ReadonlyArray<SessionRow>> => Effect.flatMap(now, (at) => repo.openOfUser(userId, at)),

    /** Ends one of the user's sessions; false when it is not theirs or already ended. */
    end: (sessionId: string, userId: string) =>
      Effect.gen(function* () {
        const ended = yield* repo.endOne(sessionId, userId, yield* now)
        cache.forget(sessionId)
        return ended
      }),

    endAll: (userId: string) =>
      Effect.gen(function* () {
        yield* repo.endAll(userId, yield* now)
        cache.forgetUser(userId)
      })
  }
})

export class Sessions extends Context.Tag("palma/Sessions")<Sessions, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(Sessions, make).pipe(Layer.provide(SessionRepo.layer))
}
