import { Context, Effect, Layer, Option } from "effect"
import { type Role } from "@palma/core/domain"
import { UserRepo } from "../user/UserRepo.js"
import { AuthConfig } from "./AuthConfig.js"
import { AccountDisabled, EmailTaken, LocalAuthOff, NoSuchSession, SessionEnded, SignUpOff, WrongCredentials } from "./AuthErrors.js"
import { LocalIssuer } from "./LocalIssuer.js"
import { dummyVerify, hash, verify, withHashingPermit } from "./Passwords.js"
import { type RefreshClaim } from "./RefreshToken.js"
import { Sessions } from "./Sessions.js"
import { type Attempt, Throttle } from "./Throttle.js"
import { TokenVerifier } from "./TokenVerifier.js"

export interface Credentials {
  readonly email: string
  readonly password: string
}

export interface NewAccount extends Credentials {
  readonly fullName: string
}

/** Who is asking, as the middleware verified it. */
export interface Actor {
  readonly userId: string
  readonly sessionId: string
}

/** What a request presents about its own session, for sign-out: an access token and/or a refresh credential. */
export interface Presented {
  readonly token: Option.Option<string>
  readonly refresh: Option.Option<RefreshClaim>
}

const publicMetaOf = (role: Role | null) => (role ? { roles: { operaciones: role } } : {})

/**
 * Local accounts and their sessions (DESIGN §3): sign-in with throttling and a dummy verify for
 * unknown emails, sign-up, refresh, sign-out and the user's own sessions. Clerk mode keeps its own
 * sign-in: every local-only operation fails with `LocalAuthOff` there.
 */
const make = Effect.gen(function* () {
  const config = yield* AuthConfig
  const users = yield* UserRepo
  const sessions = yield* Sessions
  const throttle = yield* Throttle
  const verifier = yield* TokenVerifier
  const issuer = yield* Effect.serviceOption(LocalIssuer)

  const local = config.mode === "local" ? Effect.void : Effect.fail(new LocalAuthOff())

  const issue = (userId: string, sessionId: string, role: Role | null) =>
    Option.isNone(issuer) ? Effect.fail(new LocalAuthOff()) : issuer.value.issue({ userId, sessionId, publicMeta: publicMetaOf(role) })

  /** A new session: its access token and its refresh credential. */
  const startSession = (userId: string, role: Role | null) =>
    Effect.gen(function* () {
      const session = yield* sessions.start(userId)
      const issued = yield* issue(userId, session.id, role)
      return { ...issued, refreshToken: session.refreshToken }
    })

  /** A new local account; none when the email (unique without case) already has one, which is left as it was. */
  const insertAccount = (account: NewAccount, role: Role | null) =>
    Effect.gen(function* () {
      yield* local
      return yield* users.create({ email: account.email, fullName: account.fullName, passwordHash: yield* hash(account.password), role })
    })

  return {
    signIn: (credentials: Credentials, address: Attempt["address"]) =>
      Effect.gen(function* () {
        yield* local
        const attempt: Attempt = { action: "signIn", email: credentials.email, address }
        const user = yield* users.findByEmail(credentials.email)
        const ok = yield* withHashingPermit(
          Effect.gen(function* () {
            yield* throttle.refuseIfLocked(attempt)
            // Unknown email and wrong password answer alike, in about the same time.
            const ok = Option.isSome(user) ? yield* verify(credentials.password, user.value.passwordHash) : yield* dummyVerify(credentials.password)
            if (!ok) yield* throttle.count(attempt)
            return ok
          })
        )
        if (!ok || Option.isNone(user)) return yield* new WrongCredentials()
        yield* throttle.succeeded(attempt)
        if (user.value.disabled) return yield* new AccountDisabled()
        return yield* startSession(user.value.id, user.value.role)
      }),

    signUp: (account: NewAccount, address: Attempt["address"]) =>
      Effect.gen(function* () {
        yield* local
        if (config.mode === "local" && !config.signUp) return yield* new SignUpOff()
        const attempt: Attempt = { action: "signUp", email: account.email, address }
        yield* throttle.refuseIfLocked(attempt)
        yield* throttle.count(attempt)
        // An email that has an account keeps it untouched and is answered alike, after the same
        // hashing: neither the answer nor its time tells who has an account here.
        yield* insertAccount(account, null)
      }),

    /** Ends the session the request names, from the access token, else (expired) from the refresh credential. */
    signOut: (presented: Presented) =>
      Effect.gen(function* () {
        if (config.mode !== "local") return
        const claims = Option.isSome(presented.token) ? yield* verifier.verify(presented.token.value).pipe(Effect.option) : Option.none()
        const owner = Option.isSome(claims)
          ? Option.some({ sessionId: claims.value.sessionId, userId: claims.value.userId })
          : Option.isSome(presented.refresh)
            ? yield* sessions.ownerOf(presented.refresh.value)
            : Option.none()
        if (Option.isSome(owner)) yield* sessions.end(owner.value.sessionId, owner.value.userId)
      }),

    refresh: (claim: Option.Option<RefreshClaim>) =>
      Effect.gen(function* () {
        yield* local
        if (Option.isNone(claim)) return yield* new SessionEnded()
        const session = yield* sessions.resume(claim.value)
        if (Option.isNone(session)) return yield* new SessionEnded()
        // The role is read again so a change by an admin reaches the user within one token lifetime.
        const user = yield* users.findById(session.value.userId)
        if (Option.isNone(user)) return yield* new SessionEnded()
        return yield* issue(user.value.id, session.value.sessionId, user.value.role)
      }),

    sessionsOf: (actor: Actor) => Effect.zipRight(local, sessions.list(actor.userId)),

    closeSession: (id: string, actor: Actor) =>
      Effect.gen(function* () {
        yield* local
        if (!(yield* sessions.end(id, actor.userId))) return yield* new NoSuchSession()
      }),

    closeAllSessions: (actor: Actor) => Effect.zipRight(local, sessions.endAll(actor.userId)),

    /** An admin's new account: unlike sign-up, a taken email is said (`EmailTaken`). */
    createUser: (account: NewAccount & { readonly role: Role | null }) =>
      Effect.gen(function* () {
        const created = yield* insertAccount(account, account.role)
        if (Option.isNone(created)) return yield* new EmailTaken()
        return created.value
      })
  }
})

export class AuthService extends Context.Tag("palma/AuthService")<AuthService, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(AuthService, make)
}
