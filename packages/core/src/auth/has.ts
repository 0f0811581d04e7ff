import type { Session } from "../domain/session.js"

/**
 * Organization checks with Clerk's semantics (seed §6): a check names a role or
 * a permission; it is false unless signed in with an active organization.
 */
export type Check = { readonly role: string; readonly permission?: never } | { readonly permission: string; readonly role?: never }

export class InvalidCheck extends Error {
  constructor() {
    super("has() necesita un rol o un permiso")
  }
}

export const has = (session: Session | null, check: Partial<{ role: string; permission: string }>): boolean => {
  if (!check.role && !check.permission) throw new InvalidCheck()
  if (!session || !session.orgId) return false
  if (check.permission) return session.orgPermissions.includes(check.permission)
  return session.orgRole === check.role
}
