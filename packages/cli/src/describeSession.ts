import { type Session, roleFromPublicMeta, roleLabel } from "@palma/core"

/** The role as staff call it, or "sin rol" for a user nobody gave a role yet. */
export const roleText = (session: Session): string => {
  const role = roleFromPublicMeta(session.user.publicMetadata)
  return role === null ? "sin rol" : roleLabel[role]
}

/** "Ana Pérez (Administrador)". */
export const describeUser = (session: Session): string => `${session.user.fullName ?? session.user.email ?? session.userId} (${roleText(session)})`
