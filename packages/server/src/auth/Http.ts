import { HttpApiBuilder } from "@effect/platform"
import { Effect, Option } from "effect"
import { BadRequest, Conflict, CurrentUser, PalmaApi, type Role, sessionCookie, Unauthorized } from "@palma/core"
import { randomBytes } from "node:crypto"
import { AuthConfig } from "./AuthConfig.js"
import { LocalIssuer } from "./LocalIssuer.js"
import { dummyVerify, hash, verify } from "./Passwords.js"
import { Profiles } from "./Profiles.js"
import { UserRepo } from "../user/UserRepo.js"

const wrongCredentials = () => new Unauthorized({ message: "Correo o contraseña incorrectos" })
const localOnly = () => new BadRequest({ message: "El acceso local está desactivado: Palma usa Clerk para iniciar sesión", issues: [] })
const newSessionId = () => `sess_${randomBytes(15).toString("base64url")}`
const publicMetaOf = (role: Role | null) => (role ? { roles: { operaciones: role } } : {})

export const AuthLive = HttpApiBuilder.group(PalmaApi, "auth", (handlers) =>
  Effect.gen(function* () {
    const config = yield* AuthConfig
    const users = yield* UserRepo
    const profiles = yield* Profiles
    const issuer = yield* Effect.serviceOption(LocalIssuer)
    const secure = config.mode === "local" ? config.authorizedParty.startsWith("https:") : true

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

    /** A local account; the email is unique without case. */
    const createAccount = (account: { email: string; fullName: string; password: string }, role: Role | null) =>
      Effect.gen(function* () {
        if (config.mode !== "local") return yield* Effect.fail(localOnly())
        const created = yield* users.create({
          email: account.email,
          fullName: account.fullName,
          passwordHash: yield* hash(account.password),
          role
        })
        if (Option.isNone(created)) return yield* Effect.fail(new Conflict({ message: "Ya existe una cuenta con ese correo" }))
        return created.value
      })

    return handlers
      .handle("config", () => Effect.succeed({ mode: config.mode, publishableKey: config.mode === "clerk" ? config.publishableKey : null }))
      .handle("signIn", ({ payload }) =>
        Effect.gen(function* () {
          if (config.mode !== "local") return yield* Effect.fail(localOnly())
          const user = yield* users.findByEmail(payload.email)
          // Unknown email and wrong password answer alike, in about the same time.
          if (Option.isNone(user)) return yield* dummyVerify(payload.password).pipe(Effect.zipRight(Effect.fail(wrongCredentials())))
          const ok = yield* verify(payload.password, user.value.passwordHash)
          if (!ok) return yield* Effect.fail(wrongCredentials())
          return yield* issue(user.value.id, newSessionId(), user.value.role)
        })
      )
      .handle("signUp", ({ payload }) =>
        Effect.gen(function* () {
          const created = yield* createAccount(payload, null)
          return yield* issue(created.id, newSessionId(), null)
        })
      )
      .handle("signOut", () => HttpApiBuilder.securitySetCookie(sessionCookie, "", { secure, sameSite: "lax", path: "/", maxAge: 0 }))
      .handle("refresh", () =>
        Effect.gen(function* () {
          const actor = yield* CurrentUser
          if (config.mode !== "local") return yield* Effect.fail(localOnly())
          // The role is read again so a change by an admin reaches the user within one token lifetime.
          const user = yield* users.findById(actor.userId)
          if (Option.isNone(user)) return yield* Effect.fail(localOnly())
          return yield* issue(user.value.id, actor.sessionId, user.value.role)
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
          const { id, email, fullName, role } = yield* createAccount(payload, payload.role)
          return { id, email, fullName, role }
        })
      )
  })
)
