import { SqlClient, SqlSchema } from "@effect/sql"
import { Context, Effect, Layer, Schema } from "effect"
import { randomBytes } from "node:crypto"
import { Role } from "@palma/core"

/** A local account as stored. */
export const UserRow = Schema.Struct({
  id: Schema.String,
  email: Schema.String,
  fullName: Schema.String,
  passwordHash: Schema.String,
  role: Schema.NullOr(Role)
})
export type UserRow = typeof UserRow.Type

const NewUser = UserRow.omit("id")

/** Clerk-like ids ("user_…") so local and Clerk users look alike to clients. */
const newUserId = () => `user_${randomBytes(15).toString("base64url")}`

/** The SQL of local accounts: rows decoded, "maybe one" as an `Option`; a database failure is a defect. */
const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const columns = sql`id, email, full_name AS "fullName", password_hash AS "passwordHash", role`

  const findByEmail = SqlSchema.findOne({
    Request: Schema.String,
    Result: UserRow,
    execute: (email) => sql`SELECT ${columns} FROM app_user WHERE lower(email) = lower(${email})`
  })

  const findById = SqlSchema.findOne({
    Request: Schema.String,
    Result: UserRow,
    execute: (id) => sql`SELECT ${columns} FROM app_user WHERE id = ${id}`
  })

  /** None when the email is already taken (compared without case). */
  const create = SqlSchema.findOne({
    Request: NewUser,
    Result: UserRow,
    execute: (user) =>
      sql`INSERT INTO app_user ${sql.insert({
        id: newUserId(),
        email: user.email,
        full_name: user.fullName,
        password_hash: user.passwordHash,
        role: user.role
      })} ON CONFLICT DO NOTHING RETURNING ${columns}`
  })

  /** Names of the users with these ids, in the order asked. */
  const namesOf = (ids: ReadonlyArray<string>) =>
    ids.length === 0
      ? Effect.succeed([])
      : sql<{ id: string; fullName: string }>`SELECT id, full_name AS "fullName" FROM app_user WHERE ${sql.in("id", ids)}`.pipe(
          Effect.map((rows) => [...new Set(ids)].flatMap((id) => rows.filter((r) => r.id === id))),
          Effect.orDie
        )

  return {
    namesOf,
    findByEmail: (email: string) => Effect.orDie(findByEmail(email)),
    findById: (id: string) => Effect.orDie(findById(id)),
    create: (user: typeof NewUser.Type) => Effect.orDie(create(user))
  }
})

export class UserRepo extends Context.Tag("palma/UserRepo")<UserRepo, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(UserRepo, make)
}
