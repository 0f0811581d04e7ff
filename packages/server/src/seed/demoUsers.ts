import { Effect } from "effect"
import type { Role } from "@palma/core/domain"
import { hash } from "../auth/Passwords.js"
import { UserRepo } from "../user/UserRepo.js"
import { once } from "./once.js"

export const demoUsers: ReadonlyArray<{ email: string; fullName: string; role: Role | null }> = [
  { email: "admin@palma.cl", fullName: "Ana Administradora", role: "admin" },
  { email: "moderador@palma.cl", fullName: "Matías Supervisor", role: "moderator" },
  { email: "operador@palma.cl", fullName: "Olga Operadora", role: "user" },
  { email: "invitado@palma.cl", fullName: "Iván Invitado", role: null }
]

/** Demo accounts for local mode, one per role plus one without a role. */
export const seedDemoUsers = (password: string) =>
  once(
    "demo-users-v1",
    Effect.gen(function* () {
      const users = yield* UserRepo
      for (const user of demoUsers) {
        yield* users.create({ ...user, passwordHash: yield* hash(password) })
      }
    })
  )
