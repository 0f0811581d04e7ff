import { Schema } from "effect"
import { Email, Payload, Text } from "./fields.js"
import { Role, INVALID_ROLE } from "./role.js"
import { MISSING_PASSWORD, PASSWORD_MAX_LENGTH } from "./signInRules.js"

const Password = Schema.String.pipe(
  Schema.minLength(8, { message: () => "La contraseña debe tener al menos 8 caracteres" }),
  Schema.maxLength(200, { message: () => "La contraseña es demasiado larga" })
).annotations({ message: () => "La contraseña debe ser un texto" })

export const SignInInput = Payload({
  email: Email,
  /** A client without cookies (the CLI) asks for the session's refresh credential in the answer. */
  returnRefreshToken: Schema.optional(Schema.Boolean),
  password: Schema.String.pipe(Schema.minLength(1, { message: () => MISSING_PASSWORD }), Schema.maxLength(PASSWORD_MAX_LENGTH)).annotations({
    message: () => MISSING_PASSWORD
  })
})
export type SignInInput = typeof SignInInput.Type

export const SignUpInput = Payload({ email: Email, password: Password, fullName: Text(120) })
export type SignUpInput = typeof SignUpInput.Type

/**
 * Sign-up's answer, the same whether the email was new (an account is created) or already had an
 * account (left as it was): nothing in it tells who has an account here, and no session comes with it.
 */
export const SignUpAccepted = Schema.Struct({ message: Schema.String })
export type SignUpAccepted = typeof SignUpAccepted.Type

export const NewUserInput = Payload({
  email: Email,
  fullName: Text(120),
  role: Schema.NullOr(Role).annotations({ message: () => INVALID_ROLE }),
  password: Password
})
export type NewUserInput = typeof NewUserInput.Type

/** An access token; `refreshToken` only when the sign-in asked for it (the browser gets it as an HttpOnly cookie). */
export const IssuedToken = Schema.Struct({ token: Schema.String, expiresAt: Schema.Number, refreshToken: Schema.optional(Schema.String) })
export type IssuedToken = typeof IssuedToken.Type

export const User = Schema.Struct({
  id: Schema.String,
  email: Schema.String,
  fullName: Schema.String,
  role: Schema.NullOr(Role)
})
export type User = typeof User.Type

export const AuthConfig = Schema.Struct({
  mode: Schema.Literal("local", "clerk"),
  publishableKey: Schema.NullOr(Schema.String),
  /** Local mode: whether anyone may create an account (PALMA_SIGN_UP); the web hides "Crear cuenta" when not. Absent in Clerk mode. */
  signUp: Schema.optional(Schema.Boolean)
})
export type AuthConfig = typeof AuthConfig.Type
