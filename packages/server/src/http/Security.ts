import { HttpServerRequest } from "@effect/platform"
import { Effect, Layer, Option, Redacted } from "effect"
import { type Access, Admin, type Actor, allows, Forbidden, Moderator, roleFromPublicMeta, SignedIn, Staff, Unauthorized } from "@palma/core"
import { TokenVerifier } from "../auth/TokenVerifier.js"

const bearerPrefix = /^Bearer\s+/i

/**
 * The token of a request: the Authorization bearer, else the `__session`
 * cookie. Read from the request itself so every security scheme of the
 * middleware reaches the same verdict (the platform tries them in turn).
 */
const tokenOf = (request: HttpServerRequest.HttpServerRequest): Option.Option<string> => {
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

const authenticate = (access: Access) =>
  Effect.gen(function* () {
    const verifier = yield* TokenVerifier
    return Effect.gen(function* () {
      const request = yield* HttpServerRequest.HttpServerRequest
      const token = tokenOf(request)
      if (Option.isNone(token)) return yield* Effect.fail(new Unauthorized({ message: "Inicie sesión para continuar" }))
      const claims = yield* verifier
        .verify(token.value)
        .pipe(
          Effect.mapError(
            (e) =>
              new Unauthorized({
                message: e.reason === "expired" ? "Su sesión expiró. Inicie sesión nuevamente." : "Sesión inválida. Inicie sesión nuevamente."
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
  })

const schemes = (access: Access) =>
  Effect.map(authenticate(access), (check) => ({
    bearer: (_: Redacted.Redacted<string>) => check,
    cookie: (_: Redacted.Redacted<string>) => check
  }))

/** One layer per access level of the contract. */
export const SecurityLive = Layer.mergeAll(
  Layer.effect(SignedIn, schemes("signedIn")),
  Layer.effect(Staff, schemes("staff")),
  Layer.effect(Moderator, schemes("moderator")),
  Layer.effect(Admin, schemes("admin"))
)
