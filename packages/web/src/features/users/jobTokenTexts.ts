import { chileDateOf, chileTimeOf, formatDate, type ManagedUser } from "@palma/core"

/** An instant as es-CL reads it on a clock in Chile: "05-03-2025 14:30". */
export const shownAt = (iso: string) => {
  const instant = new Date(iso)
  return Number.isNaN(instant.getTime()) ? iso : `${formatDate(chileDateOf(instant))} ${chileTimeOf(instant)}`
}

/** The day an instant falls on in Chile: "05-03-2026". */
export const shownDay = (iso: string) => {
  const instant = new Date(iso)
  return Number.isNaN(instant.getTime()) ? iso : formatDate(chileDateOf(instant))
}

/** Why an account can't get a job token (the server refuses it with the same words), or null. */
export const tokenRefusal = (user: ManagedUser): string | null =>
  user.disabled
    ? "La cuenta está desactivada: actívela antes de emitirle un token"
    : user.role === null
      ? "La cuenta no tiene rol: asígnele uno antes de emitirle un token"
      : null
