import { HttpServerRequest } from "@effect/platform"
import { Context, Effect, Layer, Option, type Redacted } from "effect"
import { type Access, type Actor, allows, roleFromPublicMeta } from "@palma/core/domain"
import { Admin, Forbidden, Moderator, SignedIn, Staff, Unauthorized, Unavailable } from "@palma/core/api"
import { AuthConfig } from "../auth/AuthConfig.js"
import { Sessions } from "../auth/Sessions.js"
import { InvalidToken, TokenVerifier, type VerifiedClaims } from "../auth/TokenVerifier.js"
import { makeVerifiedTokenCache } from "../auth/VerifiedTokenCache.js"
import { sessionEnded } from "../domain/messages.js"

const bearerPrefix = /^Bearer\s+/i

/**
 * The token of a request: the Authorization bearer, else the `__session`
 * cookie. Read from the request itself so every security scheme of the
 * middleware reaches the same verdict (the platform tries them in turn).
 */
export const tokenOf = (request: HttpServerRequest.HttpServerRequest): Option.Option<string> => {
  const header = request.headers["authorization"]
  if (header && bearerPrefix.test(header)) {
    const token = header.replace(bearerPrefix, "").trim()
    if (token) return Option.some(token)
  }
  const cookie = request.cookies["__session"]
  return cookie ? Option.some(cookie) : Option.none()
}

const forbiddenMessage: Record<Access, string> = {
  signedIn: "Inicie sesión para continuar",
  staff: "Su cuenta aún no tiene acceso a Palma. Pida a un administrador que le asigne un rol.",
  moderator: "Esta operación requiere el rol de supervisor",
  admin: "Esta operación requiere el rol de administrador"
}

const authenticate = (access: Access, verify: (token: string) => Effect.Effect<VerifiedClaims, InvalidToken>) =>
  Effect.gen(function* () {
    const request = yield* HttpServerRequest.HttpServerRequest
    const token = tokenOf(request)
    if (Option.isNone(token)) return yield* Effect.fail(new Unauthorized({ message: "Inicie sesión para continuar" }))
    const claims = yield* verify(token.value).pipe(
      Effect.mapError((e) =>
        // A key the server cannot load is its own outage, not the user's session: 503, not 401.
        e.reason === "key-unavailable"
          ? new Unavailable({ message: "No se pudo verificar la sesión en este momento. Intente de nuevo en unos minutos." })
          : new Unauthorized({
              message:
                e.reason === "expired"
                  ? "Su sesión expiró. Inicie sesión nuevamente."
                  : e.reason === "ended"
                    ? sessionEnded
                    : "Sesión inválida. Inicie sesión nuevamente."
            })
      )
    )
    const role = roleFromPublicMeta(claims.publicMeta)
    if (!allows(role, access)) return yield* Effect.fail(new Forbidden({ message: forbiddenMessage[access] }))
    return {
      userId: claims.userId,
      sessionId: claims.sessionId,
      role,
      orgId: claims.orgId,
      orgRole: claims.orgRole,
      orgSlug: claims.orgSlug,
      orgPermissions: claims.orgPermissions,
      publicMeta: { ...claims.publicMeta },
      actor: claims.actor ? { ...claims.actor } : null
    } satisfies Actor
  })

const ended = new InvalidToken({ reason: "ended", message: "Session ended" })

/**
 * Verification shared by every access level, with verified tokens cached until they expire. In
 * local mode the token's session must also be live (not signed out, closed or of a disabled user):
 * a cached answer per session keeps that to a map lookup on most requests.
 */
const cachedVerify = Effect.gen(function* () {
  const verifier = yield* TokenVerifier
  const config = yield* AuthConfig
  const sessions = yield* Sessions
  const cache = makeVerifiedTokenCache()
  const verified = (token: string) =>
    Effect.suspend(() => {
      const hit = cache.get(token, Date.now())
      return hit ? Effect.succeed(hit) : verifier.verify(token).pipe(Effect.tap((claims) => Effect.sync(() => cache.set(token, claims))))
    })
  if (config.mode !== "local") return verified
  return (token: string) =>
    Effect.flatMap(verified(token), (claims) =>
      Effect.flatMap(sessions.isLive(claims.sessionId, claims.userId), (live) => (live ? Effect.succeed(claims) : Effect.fail(ended)))
    )
})

/** One verifier and cache for every access level of the contract. */
export const SecurityLive = Layer.effectContext(
  Effect.gen(function* () {
    const verify = yield* cachedVerify
    const schemes = (access: Access) => {
      const check = authenticate(access, verify)
      return { bearer: (_: Redacted.Redacted<string>) => check, cookie: (_: Redacted.Redacted<string>) => check }
    }
    return Context.make(SignedIn, schemes("signedIn")).pipe(
      Context.add(Staff, schemes("staff")),
      Context.add(Moderator, schemes("moderator")),
      Context.add(Admin, schemes("admin"))
    )
  })
)
