import type { ManagedUser } from "@palma/core"

/** Why an account can't get a job token (the server refuses it with the same words), or null. */
export const tokenRefusal = (user: ManagedUser): string | null =>
  user.disabled
    ? "La cuenta está desactivada: actívela antes de emitirle un token"
    : user.role === null
      ? "La cuenta no tiene rol: asígnele uno antes de emitirle un token"
      : null
