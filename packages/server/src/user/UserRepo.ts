import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer, Option } from "effect"
import { randomBytes } from "node:crypto"
import type { Role } from "@palma/core"

export interface UserRow {
  readonly id: string
  readonly email: string
  readonly fullName: string
  readonly passwordHash: string
  readonly role: Role | null
}

/** Clerk-like ids ("user_…") so local and Clerk users look alike to clients. */
const newUserId = () => `user_${randomBytes(15).toString("base64url")}`

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const columns = sql`id, email, full_name AS "fullName", password_hash AS "passwordHash", role`

  const findByEmail = (email: string) =>
    sql<UserRow>`SELECT ${columns} FROM app_user WHERE lower(email) = lower(${email})`.pipe(
      Effect.map((rows) => Option.fromNullable(rows[0])),
      Effect.orDie
    )

  const findById = (id: string) =>
    sql<UserRow>`SELECT ${columns} FROM app_user WHERE id = ${id}`.pipe(
      Effect.map((rows) => Option.fromNullable(rows[0])),
      Effect.orDie
    )

  /** None when the email is already taken (compared without case). */
  const create = (user: { email: string; fullName: string; passwordHash: string; role: Role | null }) =>
    sql<UserRow>`INSERT INTO app_user ${sql.insert({
      id: newUserId(),
      email: user.email,
      full_name: user.fullName,
      password_hash: user.passwordHash,
      role: user.role
    })} ON CONFLICT DO NOTHING RETURNING ${columns}`.pipe(
      Effect.map((rows) => Option.fromNullable(rows[0])),
      Effect.orDie
    )

  return { findByEmail, findById, create }
})

export class UserRepo extends Context.Tag("palma/UserRepo")<UserRepo, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(UserRepo, make)
}
