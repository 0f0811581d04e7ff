/**
 * The sign-in fields' rules and messages as plain values, without Effect: the contract's schemas
 * (fields.ts, user.ts) are built on them, and the light sign-in page (packages/web/src/signIn)
 * checks the same rules before it sends.
 */

export const INVALID_EMAIL = "Correo electrónico inválido"
export const NOT_ALLOWED_CHARACTERS = "Contiene caracteres no permitidos"
export const EMAIL_TOO_LONG = "Correo demasiado largo"
export const MISSING_PASSWORD = "Ingrese su contraseña"

/** The longest email address (RFC 5321's path limit) and the longest password accepted. */
export const EMAIL_MAX_LENGTH = 254
export const PASSWORD_MAX_LENGTH = 200

/** An email address as Palma accepts it: something@somewhere.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** Whether a text can be stored as typed: no NUL (PostgreSQL cannot store it), no lone surrogate halves (they would be stored as replacement characters). */
export const isStorable = (s: string) => !s.includes("\u0000") && s.isWellFormed()
