import { Schema } from "effect"
import { IntBetween } from "./common.js"
import { Name, Payload } from "./fields.js"

/** How long a job token may live at most, in days: it is renewed by issuing another and revoking this one. */
export const JOB_TOKEN_MAX_DAYS = 400
export const JOB_TOKEN_DEFAULT_DAYS = 365

/** Why an account can't get a job token, or null: the users screen says it on the button, the server refuses with it. */
export const jobTokenRefusal = (account: { readonly disabled: boolean; readonly role: string | null }): string | null =>
  account.disabled
    ? "La cuenta está desactivada: actívela antes de emitirle un token"
    : account.role === null
      ? "La cuenta no tiene rol: asígnele uno antes de emitirle un token"
      : null

/**
 * A token an admin issued for an account that runs unattended (a scheduled export, a nightly
 * upload), local mode: a session with no idle limit that lives until `expiresAt` unless revoked.
 * Its secret is shown once, when issued. Times are ISO 8601.
 */
export const JobToken = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  /** The account it acts as: what that account's role allows, it may do. */
  userId: Schema.String,
  userEmail: Schema.String,
  /** Who issued it (their email). */
  issuedBy: Schema.String,
  createdAt: Schema.String,
  lastSeenAt: Schema.String,
  expiresAt: Schema.String
})
export type JobToken = typeof JobToken.Type

/** A token as it is issued: the secret (`PALMA_TOKEN`), which is never shown again. */
export const IssuedJobToken = Schema.Struct({ ...JobToken.fields, token: Schema.String })
export type IssuedJobToken = typeof IssuedJobToken.Type

/** What names a job token when an admin issues one, and for how many days it lives. */
export const JobTokenInput = Payload({
  name: Name(80),
  /** Omitted or null: `JOB_TOKEN_DEFAULT_DAYS`. */
  days: Schema.optional(Schema.NullOr(IntBetween(1, JOB_TOKEN_MAX_DAYS, `Días inválidos: un entero entre 1 y ${JOB_TOKEN_MAX_DAYS}`)))
})
export type JobTokenInput = typeof JobTokenInput.Type

export const JobTokenPath = Schema.Struct({ id: Schema.String.pipe(Schema.maxLength(100, { message: () => "Token inválido" })) })
