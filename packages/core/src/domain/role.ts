import { Schema } from "effect"

/** The operaciones role of a staff member (publicMeta.roles.operaciones). */
export const Role = Schema.Literal("user", "moderator", "admin")
export type Role = typeof Role.Type

export const roleLabel: Record<Role, string> = {
  user: "Operador",
  moderator: "Supervisor",
  admin: "Administrador"
}

/** A role that is none of the three (null takes the role away). */
export const INVALID_ROLE = "Rol inválido: user, moderator, admin o null"

/** The role carried by a user's public metadata, if any and well-formed. */
export const roleFromPublicMeta = (meta: unknown): Role | null => {
  if (typeof meta !== "object" || meta === null) return null
  const roles = (meta as { roles?: unknown }).roles
  if (typeof roles !== "object" || roles === null) return null
  const role = (roles as { operaciones?: unknown }).operaciones
  return Schema.is(Role)(role) ? role : null
}

/** Access levels an endpoint may require; each includes the ones after it. */
export type Access = "signedIn" | "staff" | "moderator" | "admin"

export const allows = (role: Role | null, access: Access): boolean => {
  switch (access) {
    case "signedIn":
      return true
    case "staff":
      return role !== null
    case "moderator":
      return role === "moderator" || role === "admin"
    case "admin":
      return role === "admin"
  }
}
