import { HttpApiBuilder, HttpServerRequest } from "@effect/platform"
import { Effect } from "effect"
import { CurrentUser, PalmaApi, sessionCookie } from "@palma/core/api"
import { tokenOf } from "../http/Security.js"
import { AuthConfig } from "./AuthConfig.js"
import { AuthService } from "./AuthService.js"
import { asHttp } from "./authHttpError.js"
import { clientAddress } from "./ClientAddress.js"
import { type IssuedToken } from "./LocalIssuer.js"
import { Profiles } from "./Profiles.js"
import { refreshCookie, refreshCookiePath, refreshTokenOf } from "./RefreshToken.js"
import { endsAt } from "./SessionPolicy.js"

const signUpAccepted = "Listo. Inicie sesión con su correo y su contraseña. Si el correo ya tenía una cuenta, use la contraseña de esa cuenta."

export const AuthLive = HttpApiBuilder.group(PalmaApi, "auth", (handlers) =>
  Effect.gen(function* () {
    const config = yield* AuthConfig
    const auth = yield* AuthService
    const profiles = yield* Profiles
    const secure = config.mode === "local" ? config.authorizedParty.startsWith("https:") : true
    const trustProxy = config.mode === "local" && config.trustProxy

    const address = Effect.map(HttpServerRequest.HttpServerRequest, (request) => clientAddress(request, trustProxy))

    /** The token as the HttpOnly `__session` cookie the web relies on. */
    const setSessionCookie = (issued: IssuedToken) =>
      HttpApiBuilder.securitySetCookie(sessionCookie, issued.token, { secure, sameSite: "lax", path: "/", expires: new Date(issued.expiresAt) })

    /** A new session's refresh credential, in a cookie only the local auth routes receive. */
    const setRefreshCookie = (refreshToken: string) =>
      config.mode === "local"
        ? HttpApiBuilder.securitySetCookie(refreshCookie, refreshToken, {
            secure,
            httpOnly: true,
            sameSite: "strict",
            path: refreshCookiePath,
            maxAge: `${config.sessions.absoluteSeconds} seconds`
          })
        : Effect.void

    const clearCookie = Effect.zipRight(
      HttpApiBuilder.securitySetCookie(sessionCookie, "", { secure, sameSite: "lax", path: "/", maxAge: 0 }),
      HttpApiBuilder.securitySetCookie(refreshCookie, "", { secure, httpOnly: true, sameSite: "strict", path: refreshCookiePath, maxAge: 0 })
    )

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
          const { refreshToken, ...issued } = yield* asHttp(auth.signIn(payload, yield* address))
          yield* setSessionCookie(issued)
          yield* setRefreshCookie(refreshToken)
          return payload.returnRefreshToken === true ? { ...issued, refreshToken } : issued
        })
      )
      .handle("signUp", ({ payload }) =>
        Effect.gen(function* () {
          yield* asHttp(auth.signUp(payload, yield* address))
          return { message: signUpAccepted }
        })
      )
      .handle("signOut", () =>
        Effect.gen(function* () {
          // Public on purpose: clearing the cookie must work even with an expired token.
          const request = yield* HttpServerRequest.HttpServerRequest
          yield* auth.signOut({ token: tokenOf(request), refresh: refreshTokenOf(request) })
          yield* clearCookie
        })
      )
      .handle("refresh", () =>
        Effect.gen(function* () {
          const issued = yield* asHttp(auth.refresh(refreshTokenOf(yield* HttpServerRequest.HttpServerRequest)))
          yield* setSessionCookie(issued)
          return issued
        })
      )
      .handle("sessions", () =>
        Effect.gen(function* () {
          const actor = yield* CurrentUser
          const open = yield* asHttp(auth.sessionsOf(actor))
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
          yield* asHttp(auth.closeSession(path.id, actor))
          if (path.id === actor.sessionId) yield* clearCookie
        })
      )
      .handle("closeAllSessions", () =>
        Effect.gen(function* () {
          const actor = yield* CurrentUser
          yield* asHttp(auth.closeAllSessions(actor))
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
          const { id, email, fullName, role } = yield* asHttp(auth.createUser(payload))
          return { id, email, fullName, role }
        })
      )
  })
)
