import { type ManagedUser, type Page, type Role, type UserQuery } from "@palma/core/domain"
import { Clock, Context, Effect, Layer, Option } from "effect"
import { AuthConfig } from "../auth/AuthConfig.js"
import { Sessions } from "../auth/Sessions.js"
import { Clash, Invalid, Missing } from "../domain/errors.js"
import { type ListedUserRow, UserRepo } from "./UserRepo.js"
import { userNotFound } from "../domain/messages.js"

const notFound = () => new Missing({ message: userNotFound })
const lastAdmin = () =>
  new Clash({ message: "Palma debe tener al menos un administrador activo: asigne el rol de administrador a otra persona antes de este cambio" })
const localOnly = () => new Invalid({ message: "Palma usa Clerk: los usuarios se administran en el panel de Clerk" })

const managed = (row: ListedUserRow): ManagedUser => ({
  id: row.id,
  email: row.email,
  fullName: row.fullName,
  role: row.role,
  disabled: row.disabled,
  createdAt: row.createdAt.toISOString()
})

const DEFAULT_PAGE_SIZE = 20

/**
 * Admins manage local accounts (DESIGN §3): list, change role, disable, enable. Disabling ends the
 * user's sessions at once; a role change reaches the user's next token (≤ one token lifetime).
 * Every change that could leave Palma without an active admin is refused, under a lock on the
 * admins' rows so two admins demoting each other cannot both succeed.
 */
const make = Effect.gen(function* () {
  const repo = yield* UserRepo
  const sessions = yield* Sessions
  const config = yield* AuthConfig
  const local = config.mode === "local" ? Effect.void : Effect.fail(localOnly())

  const existing = (id: string) => Effect.flatMap(repo.findListed(id), Option.match({ onNone: () => Effect.fail(notFound()), onSome: Effect.succeed }))

  /** Fails when `id` is the only active admin left and the change would take that away. */
  const keepAnAdmin = (id: string) =>
    Effect.flatMap(repo.lockActiveAdmins, (admins) => (admins.length === 1 && admins[0] === id ? Effect.fail(lastAdmin()) : Effect.void))

  return {
    /** Staff names for histories and chats, in the order asked; unknown ids are left out. Both auth modes. */
    namesOf: repo.namesOf,
    list: (query: UserQuery): Effect.Effect<Page<ManagedUser>, Invalid> =>
      Effect.gen(function* () {
        yield* local
        const page = query.page ?? 1
        const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE
        const term = query.search?.trim() ? query.search.trim() : null
        const [rows, total] = yield* repo.page(term, pageSize, (page - 1) * pageSize)
        return { items: rows.map(managed), total, page, pageSize }
      }),

    setRole: (id: string, role: Role | null) =>
      Effect.gen(function* () {
        yield* local
        return yield* repo.transaction(
          Effect.gen(function* () {
            const user = yield* existing(id)
            if (user.role === "admin" && role !== "admin") yield* keepAnAdmin(id)
            yield* repo.setRole(id, role)
            return managed({ ...user, role })
          })
        )
      }),

    disable: (id: string) =>
      Effect.gen(function* () {
        yield* local
        const user = yield* repo.transaction(
          Effect.gen(function* () {
            const user = yield* existing(id)
            if (user.role === "admin" && !user.disabled) yield* keepAnAdmin(id)
            if (!user.disabled) yield* repo.setDisabledAt(id, new Date(yield* Clock.currentTimeMillis))
            return user
          })
        )
        // After the commit: this process forgets the sessions now, the others within seconds.
        yield* sessions.endAll(id)
        return managed({ ...user, disabled: true })
      }),

    enable: (id: string) =>
      Effect.gen(function* () {
        yield* local
        const user = yield* existing(id)
        yield* repo.setDisabledAt(id, null)
        return managed({ ...user, disabled: false })
      })
  }
})

export class UserService extends Context.Tag("palma/UserService")<UserService, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(UserService, make)
}
