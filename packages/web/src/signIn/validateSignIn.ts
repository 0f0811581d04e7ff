import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  EMAIL_TOO_LONG,
  INVALID_EMAIL,
  isStorable,
  MISSING_PASSWORD,
  NOT_ALLOWED_CHARACTERS,
  PASSWORD_MAX_LENGTH
} from "@palma/core/domain/signInRules"

/** What the sign-in form checks before sending: the contract's SignInInput rules, without Effect's Schema, on the plain rules the contract is built on (test/signIn/validateSignIn.test.ts holds them equal). */
export interface SignInErrors {
  readonly email?: string
  readonly password?: string
}

const emailError = (email: string): string | undefined => {
  if (!isStorable(email)) return NOT_ALLOWED_CHARACTERS
  const trimmed = email.trim()
  if (trimmed.length > EMAIL_MAX_LENGTH) return EMAIL_TOO_LONG
  return EMAIL_PATTERN.test(trimmed) ? undefined : INVALID_EMAIL
}

const passwordError = (password: string): string | undefined => (password.length === 0 || password.length > PASSWORD_MAX_LENGTH ? MISSING_PASSWORD : undefined)

export const validateSignIn = (email: string, password: string): SignInErrors => {
  const errors: { email?: string; password?: string } = {}
  const forEmail = emailError(email)
  const forPassword = passwordError(password)
  if (forEmail !== undefined) errors.email = forEmail
  if (forPassword !== undefined) errors.password = forPassword
  return errors
}
