import { Schema } from "effect"
import { PageQuery } from "./page.js"
import { Payload } from "./fields.js"
import { Role, INVALID_ROLE } from "./role.js"

/** A local account as an admin manages it (local mode). */
export const ManagedUser = Schema.Struct({
  id: Schema.String,
  email: Schema.String,
  fullName: Schema.String,
  role: Schema.NullOr(Role),
  disabled: Schema.Boolean,
  /** ISO 8601. */
  createdAt: Schema.String
})
export type ManagedUser = typeof ManagedUser.Type

/** The users list: search by name or email (accents and case ignored), paged. */
export const UserQuery = PageQuery.pick("search", "page", "pageSize")
export type UserQuery = typeof UserQuery.Type

export const UserPath = Schema.Struct({ id: Schema.String.pipe(Schema.maxLength(100, { message: () => "Usuario inválido" })) })

const roleMessage = () => INVALID_ROLE
/** Any text on the wire, then one of the roles: a client sending some other text gets the Spanish message. */
const RoleName = Schema.compose(Schema.String, Role, { strict: false }).annotations({ message: roleMessage })

/** `null` takes the role away: the account stays, and sees nothing but its profile. */
export const RoleInput = Payload({
  role: Schema.NullOr(RoleName).annotations({ message: roleMessage })
})
export type RoleInput = typeof RoleInput.Type
