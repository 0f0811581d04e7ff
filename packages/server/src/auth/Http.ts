import { HttpApiBuilder, HttpServerRequest } from "@effect/platform"
import { Effect, Option } from "effect"
import { type Role } from "@palma/core/domain"
import { BadRequest, Conflict, CurrentUser, Forbidden, NotFound, PalmaApi, sessionCookie, Unauthorized } from "@palma/core/api"
import { tokenOf } from "../http/Security.js"
import { AuthConfig } from "./AuthConfig.js"
import { clientAddress } from "./ClientAddress.js"
import { LocalIssuer } from "./LocalIssuer.js"
import { dummyVerify, hash, verify, withHashingPermit } from "./Passwords.js"
import { Profiles } from "./Profiles.js"
import { refreshCookie, refreshCookiePath, refreshTokenOf } from "./RefreshToken.js"
import { endsAt } from "./SessionPolicy.js"
import { Sessions } from "./Sessions.js"
import { type Attempt, Throttle } from "./Throttle.js"
import { TokenVerifier } from "./TokenVerifier.js"
import { UserRepo } from "../user/UserRepo.js"

const wrongCredentials = () => new Unauthorized({ message: "Correo o contraseña incorrectos" })
const sessionEnded = () => new Unauthorized({ message: "Su sesión terminó. Inicie sesión nuevamente." })
const disabledAccount = () => new Forbidden({ message: "Su cuenta está desactivada. Pida ayuda a un administrador de Palma." })
const signUpOff = () => new Forbidden({ message: "La creación de cuentas está desactivada. Pida a un administrador que le cree una cuenta." })
const signUpAccepted = "Listo. Inicie sesión con su correo y su contraseña. Si el correo ya tenía una cuenta, use la contraseña de esa cuenta."
const localOnly = () => new BadRequest({ message: "El acceso local está desactivado: Palma usa Clerk para iniciar sesión", issues: [] })
const publicMetaOf = (role: Role | null) => (role ? { roles: { operaciones: role } } : {})

export const AuthLive = HttpApiBuilder.group(PalmaApi, "auth", (handlers) =>
  Effect.gen(function* () {
    const config = yield* AuthConfig
    const users = yield* UserRepo
    const profiles = yield* Profiles
    const sessions = yield* Sessions
    const throttle = yield* Throttle
    const verifier = yield* TokenVerifier
    const issuer = yield* Effect.serviceOption(LocalIssuer)
    const secure = config.mode === "local" ? config.authorizedParty.startsWith("https:") : true
    const trustProxy = config.mode === "local" && config.trustProxy

    const local = config.mode === "local" ? Effect.void : Effect.fail(localOnly())

    const attemptOf = (action: Attempt["action"], email: string) =>
      Effect.map(HttpServerRequest.HttpServerRequest, (request): Attempt => ({ action, email, address: clientAddress(request, trustProxy) }))

    /** Issues a token and sets it as the HttpOnly `__session` cookie the web relies on. */
    const issue = (userId: string, sessionId: string, role: Role | null) =>
      Effect.gen(function* () {
        if (Option.isNone(issuer)) return yield* Effect.fail(localOnly())
        const issued = yield* issuer.value.issue({ userId, sessionId, publicMeta: publicMetaOf(role) })
        yield* HttpApiBuilder.securitySetCookie(sessionCookie, issued.token, {
          secure,
          sameSite: "lax",
          path: "/",
          expires: new Date(issued.expiresAt)
        })
        return issued
      })

    /** A new session: the access token as above, its refresh credential in a cookie only the local auth routes receive. */
    const startSession = (userId: string, role: Role | null, returnRefreshToken: boolean) =>
      Effect.gen(function* () {
        const session = yield* sessions.start(userId)
        const issued = yield* issue(userId, session.id, role)
        if (config.mode === "local") {
          yield* HttpApiBuilder.securitySetCookie(refreshCookie, session.refreshToken, {
            secure,
            httpOnly: true,
            sameSite: "strict",
            path: refreshCookiePath,
            maxAge: `${config.sessions.absoluteSeconds} seconds`
          })
        }
        return returnRefreshToken ? { ...issued, refreshToken: session.refreshToken } : issued
      })

    const clearCookie = Effect.zipRight(
      HttpApiBuilder.securitySetCookie(sessionCookie, "", { secure, sameSite: "lax", path: "/", maxAge: 0 }),
      HttpApiBuilder.securitySetCookie(refreshCookie, "", { secure, httpOnly: true, sameSite: "strict", path: refreshCookiePath, maxAge: 0 })
    )

    /** A new local account; none when the email (unique without case) already has one, which is left as it was. */
    const insertAccount = (account: { email: string; fullName: string; password: string }, role: Role | null) =>
      Effect.gen(function* () {
        yield* local
        return yield* users.create({ email: account.email, fullName: account.fullName, passwordHash: yield* hash(account.password), role })
      })

    /** The caller's own session: from the access token, else (expired) from the refresh credential. */
    const sessionOfRequest = Effect.gen(function* () {
      const request = yield* HttpServerRequest.HttpServerRequest
      const token = tokenOf(request)
      const claims = Option.isSome(token) ? yield* verifier.verify(token.value).pipe(Effect.option) : Option.none()
      if (Option.isSome(claims)) return Option.some({ sessionId: claims.value.sessionId, userId: claims.value.userId })
      const refresh = refreshTokenOf(request)
      return Option.isSome(refresh) ? yield* sessions.ownerOf(refresh.value) : Option.none()
    })

    return handlers
      .handle("config", () =>
        Effect.succeed(
          config.mode === "clerk"
            ? { mode: config.mode, publishableKey: config.publishableKey }
            : { mode: config.mode, publishableKey: null, signUp: config.signUp }
        )
      )
      .handle("signIn", ({ payload }) =>
        Effect.gen(function* () {
          yield* local
          const attempt = yield* attemptOf("signIn", payload.email)
          const user = yield* users.findByEmail(payload.email)
          const ok = yield* withHashingPermit(
            Effect.gen(function* () {
              yield* throttle.refuseIfLocked(attempt)
              // Unknown email and wrong password answer alike, in about the same time.
              const ok = Option.isSome(user) ? yield* verify(payload.password, user.value.passwordHash) : yield* dummyVerify(payload.password)
              if (!ok) yield* throttle.count(attempt)
              return ok
            })
          )
          if (!ok || Option.isNone(user)) return yield* Effect.fail(wrongCredentials())
          yield* throttle.succeeded(attempt)
          if (user.value.disabled) return yield* Effect.fail(disabledAccount())
          return yield* startSession(user.value.id, user.value.role, payload.returnRefreshToken === true)
        })
      )
      .handle("signUp", ({ payload }) =>
        Effect.gen(function* () {
          yield* local
          if (config.mode === "local" && !config.signUp) return yield* Effect.fail(signUpOff())
          const attempt = yield* attemptOf("signUp", payload.email)
          yield* throttle.refuseIfLocked(attempt)
          yield* throttle.count(attempt)
          // An email that has an account keeps it untouched and is answered alike, after the same
          // hashing: neither the answer nor its time tells who has an account here.
          yield* insertAccount(payload, null)
          return { message: signUpAccepted }
        })
      )
      .handle("signOut", () =>
        Effect.gen(function* () {
          // Public on purpose: clearing the cookie must work even with an expired token.
          const claims = yield* sessionOfRequest
          if (config.mode === "local" && Option.isSome(claims)) yield* sessions.end(claims.value.sessionId, claims.value.userId)
          yield* clearCookie
        })
      )
      .handle("refresh", () =>
        Effect.gen(function* () {
          yield* local
          const claim = refreshTokenOf(yield* HttpServerRequest.HttpServerRequest)
          if (Option.isNone(claim)) return yield* Effect.fail(sessionEnded())
          const session = yield* sessions.resume(claim.value)
          if (Option.isNone(session)) return yield* Effect.fail(sessionEnded())
          // The role is read again so a change by an admin reaches the user within one token lifetime.
          const user = yield* users.findById(session.value.userId)
          if (Option.isNone(user)) return yield* Effect.fail(sessionEnded())
          return yield* issue(user.value.id, session.value.sessionId, user.value.role)
        })
      )
      .handle("sessions", () =>
        Effect.gen(function* () {
          const actor = yield* CurrentUser
          yield* local
          const open = yield* sessions.list(actor.userId)
          return open.map((session) => ({
            id: session.id,
            createdAt: session.createdAt.toISOString(),
            lastSeenAt: session.lastSeenAt.toISOString(),
            expiresAt: endsAt(session).toISOString(),
            current: session.id === actor.sessionId,
            jobName: session.jobName
          }))
        })
      )
      .handle("closeSession", ({ path }) =>
        Effect.gen(function* () {
          const actor = yield* CurrentUser
          yield* local
          if (!(yield* sessions.end(path.id, actor.userId)))
            return yield* Effect.fail(new NotFound({ message: "No tiene una sesión abierta con ese identificador" }))
          if (path.id === actor.sessionId) yield* clearCookie
        })
      )
      .handle("closeAllSessions", () =>
        Effect.gen(function* () {
          const actor = yield* CurrentUser
          yield* local
          yield* sessions.endAll(actor.userId)
          yield* clearCookie
        })
      )
      .handle("me", () =>
        Effect.gen(function* () {
          const actor = yield* CurrentUser
          const profile = yield* profiles.of(actor.userId)
          return {
            userId: actor.userId,
            user: { id: actor.userId, ...profile, publicMetadata: actor.publicMeta },
            sessionId: actor.sessionId,
            orgId: actor.orgId,
            orgRole: actor.orgRole,
            orgSlug: actor.orgSlug,
            orgPermissions: actor.orgPermissions,
            actor: actor.actor
          }
        })
      )
      .handle("createUser", ({ payload }) =>
        Effect.gen(function* () {
          // An admin may learn that an email is taken: 409.
          const created = yield* insertAccount(payload, payload.role)
          if (Option.isNone(created)) return yield* Effect.fail(new Conflict({ message: "Ya existe una cuenta con ese correo" }))
          const { id, email, fullName, role } = created.value
          return { id, email, fullName, role }
        })
      )
  })
)
