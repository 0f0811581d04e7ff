import { SqlClient, SqlSchema } from "@effect/sql"
import { Context, Effect, Layer, Schema } from "effect"
import { randomBytes } from "node:crypto"
import { Role } from "@palma/core/domain"
import { transactionOf } from "../sql/Transaction.js"

/** A local account as stored. */
export const UserRow = Schema.Struct({
  id: Schema.String,
  email: Schema.String,
  fullName: Schema.String,
  passwordHash: Schema.String,
  role: Schema.NullOr(Role),
  disabled: Schema.Boolean
})
export type UserRow = typeof UserRow.Type

/** A local account as admins list it: no password hash. */
export const ListedUserRow = Schema.Struct({
  ...UserRow.omit("passwordHash").fields,
  createdAt: Schema.DateFromSelf
})
export type ListedUserRow = typeof ListedUserRow.Type

const NewUser = UserRow.omit("id", "disabled")

const PageRequest = Schema.Struct({ term: Schema.NullOr(Schema.String), limit: Schema.Number, offset: Schema.Number })
const Count = Schema.Struct({ total: Schema.NumberFromString })

/** Clerk-like ids ("user_…") so local and Clerk users look alike to clients. */
const newUserId = () => `user_${randomBytes(15).toString("base64url")}`

/** Lower case without Spanish accents, as the search compares both sides ("nunez" finds "Núñez"). */
const ACCENTED = "áéíóúüñ"
const PLAIN = "aeiouun"
export const foldForSearch = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
/** A LIKE pattern matching `term` anywhere, its own wildcards taken literally. */
const containing = (term: string) => `%${foldForSearch(term).replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** The SQL of local accounts: rows decoded, "maybe one" as an `Option`; a database failure is a defect. */
const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const columns = sql`id, email, full_name AS "fullName", password_hash AS "passwordHash", role, disabled_at IS NOT NULL AS disabled`
  const listed = sql`id, email, full_name AS "fullName", role, disabled_at IS NOT NULL AS disabled, created_at AS "createdAt"`
  const matches = (term: string | null) =>
    term === null ? sql`TRUE` : sql`(translate(lower(full_name), ${ACCENTED}, ${PLAIN}) LIKE ${containing(term)} OR lower(email) LIKE ${containing(term)})`

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

  const findListed = SqlSchema.findOne({
    Request: Schema.String,
    Result: ListedUserRow,
    execute: (id) => sql`SELECT ${listed} FROM app_user WHERE id = ${id}`
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
  const page = SqlSchema.findAll({
    Request: PageRequest,
    Result: ListedUserRow,
    execute: ({ term, limit, offset }) =>
      sql`SELECT ${listed} FROM app_user WHERE ${matches(term)} ORDER BY lower(full_name), id LIMIT ${limit} OFFSET ${offset}`
  })

  const count = SqlSchema.single({
    Request: Schema.NullOr(Schema.String),
    Result: Count,
    execute: (term) => sql`SELECT count(*) AS total FROM app_user WHERE ${matches(term)}`
  })

  /**
   * The ids of active admins, their rows locked until the transaction ends: two admins demoting
   * each other at once are serialized, so Palma never ends up without one.
   */
  const lockActiveAdmins = SqlSchema.findAll({
    Request: Schema.Void,
    Result: Schema.Struct({ id: Schema.String }),
    execute: () => sql`SELECT id FROM app_user WHERE role = 'admin' AND disabled_at IS NULL ORDER BY id FOR UPDATE`
  })

  const setRole = SqlSchema.void({
    Request: Schema.Struct({ id: Schema.String, role: Schema.NullOr(Role) }),
    execute: ({ id, role }) => sql`UPDATE app_user SET role = ${role} WHERE id = ${id}`
  })

  const setDisabledAt = SqlSchema.void({
    Request: Schema.Struct({ id: Schema.String, at: Schema.NullOr(Schema.DateFromSelf) }),
    execute: ({ id, at }) => sql`UPDATE app_user SET disabled_at = ${at} WHERE id = ${id}`
  })

  return {
    namesOf,
    findByEmail: (email: string) => Effect.orDie(findByEmail(email)),
    findById: (id: string) => Effect.orDie(findById(id)),
    findListed: (id: string) => Effect.orDie(findListed(id)),
    create: (user: typeof NewUser.Type) => Effect.orDie(create(user)),
    page: (term: string | null, limit: number, offset: number) =>
      Effect.orDie(Effect.all([page({ term, limit, offset }), Effect.map(count(term), (c) => c.total)])),
    lockActiveAdmins: Effect.map(Effect.orDie(lockActiveAdmins(undefined)), (rows) => rows.map((row) => row.id)),
    setRole: (id: string, role: Role | null) => Effect.orDie(setRole({ id, role })),
    /** `null` enables again. */
    setDisabledAt: (id: string, at: Date | null) => Effect.orDie(setDisabledAt({ id, at })),
    /** Commits together or not at all; a database failure is a defect. */
    transaction: transactionOf(sql)
  }
})

export class UserRepo extends Context.Tag("palma/UserRepo")<UserRepo, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(UserRepo, make)
}
