import { HttpApiMiddleware, HttpApiSecurity } from "@effect/platform"
import { Context, Schema } from "effect"
import type { Access } from "../domain/role.js"
import type { Actor } from "../domain/session.js"
import { Forbidden, Unauthorized, Unavailable } from "./errors.js"

/** The acting user, provided by the access middleware from the verified token. */
export class CurrentUser extends Context.Tag("palma/CurrentUser")<CurrentUser, Actor>() {}

/** A bearer header, or the `__session` cookie the web sets (Clerk's cookie name). */
export const sessionCookie = HttpApiSecurity.apiKey({ in: "cookie", key: "__session" })
const security = {
  bearer: HttpApiSecurity.bearer,
  cookie: sessionCookie
}
const failure = Schema.Union(Unauthorized, Forbidden, Unavailable)

/** Any valid token, with or without a role (own profile only). */
export class SignedIn extends HttpApiMiddleware.Tag<SignedIn>()("palma/SignedIn", {
  failure,
  provides: CurrentUser,
  security
}) {}

/** user, moderator or admin. */
export class Staff extends HttpApiMiddleware.Tag<Staff>()("palma/Staff", { failure, provides: CurrentUser, security }) {}

/** moderator or admin: supervision. */
export class Moderator extends HttpApiMiddleware.Tag<Moderator>()("palma/Moderator", {
  failure,
  provides: CurrentUser,
  security
}) {}

/** admin only: master data, catalog, entities, bulk uploads. */
export class Admin extends HttpApiMiddleware.Tag<Admin>()("palma/Admin", { failure, provides: CurrentUser, security }) {}

/** The access level each middleware enforces, read by the server and the authorization tests. */
export const accessOf = new Map<string, Access>([
  [SignedIn.key, "signedIn"],
  [Staff.key, "staff"],
  [Moderator.key, "moderator"],
  [Admin.key, "admin"]
])
