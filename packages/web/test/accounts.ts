import type { Role } from "@palma/core"

/** A demo account of the seed (packages/server/src/seed/demoUsers.ts), as the tests sign in with it. */
export interface DemoAccount {
  readonly email: string
  readonly password: string
  readonly fullName: string
  readonly role: Role | null
}

/** The seed's demo password (PALMA_DEMO_PASSWORD's default). */
const password = "palma-demo"

export const admin: DemoAccount = { email: "admin@palma.cl", password, fullName: "Ana Administradora", role: "admin" }
export const moderator: DemoAccount = { email: "moderador@palma.cl", password, fullName: "Matías Supervisor", role: "moderator" }
export const operator: DemoAccount = { email: "operador@palma.cl", password, fullName: "Olga Operadora", role: "user" }
/** Signed up but given no role yet. */
export const guest: DemoAccount = { email: "invitado@palma.cl", password, fullName: "Iván Invitado", role: null }
