/** What the sign-in form checks before sending: the contract's SignInInput rules, without Effect's Schema (test/signIn/validateSignIn.test.ts holds them equal). */
export interface SignInErrors {
  readonly email?: string
  readonly password?: string
}

/** No NUL, no lone surrogate halves: what the contract calls text a person could type. */
const storable = (s: string) => !s.includes("\u0000") && s.isWellFormed()

const emailError = (email: string): string | undefined => {
  if (!storable(email)) return "Contiene caracteres no permitidos"
  const trimmed = email.trim()
  if (trimmed.length > 254) return "Correo demasiado largo"
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed) ? undefined : "Correo electrónico inválido"
}

const passwordError = (password: string): string | undefined => (password.length === 0 || password.length > 200 ? "Ingrese su contraseña" : undefined)

export const validateSignIn = (email: string, password: string): SignInErrors => {
  const errors: { email?: string; password?: string } = {}
  const forEmail = emailError(email)
  const forPassword = passwordError(password)
  if (forEmail !== undefined) errors.email = forEmail
  if (forPassword !== undefined) errors.password = forPassword
  return errors
}
