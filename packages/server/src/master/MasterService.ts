import { Effect, Option, type Schema } from "effect"
import { type FamilyOfItems, type Page, type PageQuery } from "@palma/core/domain"
import { Clash, Missing, Stale } from "../domain/errors.js"
import { RowIntegrity } from "../sql/RowIntegrity.js"
import { checkVersion, type Precondition, type Versioned } from "../domain/version.js"
import { rowVersionsOf } from "../sql/rowVersion.js"
import { uniqueAs } from "../sql/uniqueViolation.js"
import { MasterCache } from "./MasterCache.js"
import { makeMasterRepo } from "./MasterRepo.js"
import type { MasterTable } from "./MasterTableSql.js"

/**
 * One master's operations, as its HTTP group calls them; `A` is the row, `In` the validated input.
 * Single rows come with their version (the `ETag`); writes given a precondition (`If-Match`) fail
 * with `Stale` when the row's version is another.
 */
export interface MasterService<A, In> {
  /** Every active row (of one family, if given). */
  readonly list: (familyId?: string) => Effect.Effect<ReadonlyArray<A>>
  readonly page: (query: PageQuery) => Effect.Effect<Page<A>>
  /** The deleted (inactive) rows, paged like `page`. */
  readonly deleted: (query: PageQuery) => Effect.Effect<Page<A>>
  /** The families that have at least one active row. */
  readonly families: Effect.Effect<ReadonlyArray<FamilyOfItems>>
  readonly getById: (id: string) => Effect.Effect<Versioned<A>, Missing>
  readonly create: (input: In) => Effect.Effect<Versioned<A>, Missing | Clash>
  readonly update: (id: string, input: In, precondition?: Precondition) => Effect.Effect<Versioned<A>, Missing | Clash | Stale>
  /** Deactivates, unless something uses the row or it is a keyed seeded row; answers the row as it is now. */
  readonly remove: (id: string, precondition?: Precondition) => Effect.Effect<A, Missing | Clash | Stale>
  /** Reactivates a deleted row, unless an active row took its unique fields or a row it needs is deleted. */
  readonly restore: (id: string) => Effect.Effect<Versioned<A>, Missing | Clash>
}

/**
 * The rules of a simple master over its repository: reads served from the cache, a missing row is
 * `Missing` naming the table, duplicates and missing references are refused, delete deactivates what
 * nothing uses, and every write clears the cache. Database failures other than a unique violation
 * are defects.
 */
export const makeMasterService = <A extends { readonly id: string; readonly isActive: boolean }, I, In, Resolved>(
  entity: Schema.Schema<A, I>,
  spec: MasterTable<A, In, Resolved>
): Effect.Effect<MasterService<A, In>, never, Effect.Effect.Context<ReturnType<typeof rowVersionsOf>> | MasterCache | RowIntegrity> =>
  Effect.gen(function* () {
    const repo = yield* makeMasterRepo(entity, spec)
    const versions = yield* rowVersionsOf(spec.table)
    const cache = yield* MasterCache
    const integrity = yield* RowIntegrity
    const noun = `${spec.label.charAt(0).toLowerCase()}${spec.label.slice(1)}`
    const notFound = () => new Missing({ message: `No se encontró ${noun}` })
    const conflict = () => new Clash({ message: spec.uniqueMessage })

    const found = (id: string) => repo.findById(id).pipe(Effect.flatMap(Option.match({ onNone: () => Effect.fail(notFound()), onSome: Effect.succeed })))
    const versioned = (id: string) => Effect.flatMap(found(id), (row) => versions.of(id, row))

    /** Referenced rows must exist and be active: `Missing` naming what is missing. */
    const checkReferences = (input: Resolved) =>
      Effect.forEach(spec.references ?? [], (ref) =>
        repo.isActive(ref.table, ref.id(input)).pipe(Effect.flatMap((active) => (active ? Effect.void : Effect.fail(new Missing({ message: ref.message })))))
      )

    const checkUnique = (input: Resolved, selfId?: string) =>
      repo.hasDuplicate(input, selfId).pipe(Effect.flatMap((duplicate) => (duplicate ? Effect.fail(conflict()) : Effect.void)))

    /** One transaction; the unique index is the last word when two writes race past checkUnique. */
    const write = <B, E>(effect: Effect.Effect<B, E>) => repo.withTransaction(effect).pipe(uniqueAs(conflict), Effect.tap(cache.invalidate))

    const create = (raw: In) =>
      write(
        Effect.gen(function* () {
          const input = yield* repo.resolve(raw)
          yield* checkReferences(input)
          yield* checkUnique(input)
          return yield* versioned(yield* repo.insert(input))
        })
      )

    const update = (id: string, raw: In, precondition?: Precondition) =>
      write(
        Effect.gen(function* () {
          yield* checkVersion(versions.lock(id), precondition)
          const current = yield* found(id)
          const input = yield* repo.resolve(raw, id)
          const refused = spec.guardUpdate?.(current, input)
          if (refused) return yield* Effect.fail(new Clash({ message: refused }))
          yield* checkReferences(input)
          yield* checkUnique(input, id)
          yield* repo.update(id, input)
          return yield* versioned(id)
        })
      )

    /** Delete deactivates: history that points at the row keeps its meaning. */
    const remove = (id: string, precondition?: Precondition) =>
      write(
        Effect.gen(function* () {
          yield* checkVersion(versions.lock(id), precondition)
          const current = yield* found(id)
          yield* integrity.refuseDelete(spec.table, id, spec.label)
          yield* repo.deactivate(id)
          return { ...current, isActive: false }
        })
      )

    const restore = (id: string) =>
      write(
        Effect.gen(function* () {
          const current = yield* Effect.flatMap(repo.findAnyById(id), Option.match({ onNone: () => Effect.fail(notFound()), onSome: Effect.succeed }))
          if (current.isActive) return yield* versioned(id)
          if (yield* repo.duplicateOf(id)) return yield* Effect.fail(conflict())
          yield* integrity.refuseIfNeedsDeleted(spec.table, id)
          yield* repo.reactivate(id)
          return yield* versioned(id)
        })
      )

    const key = (what: string) => `${spec.table}:${what}`
    return {
      list: (familyId?: string) => cache.read(key(`list:${familyId ?? ""}`), Effect.orDie(repo.list(familyId))),
      page: (query: PageQuery) => cache.read(key(`page:${JSON.stringify(query)}`), Effect.orDie(repo.page(query))),
      // Admins only, rarely: not worth a cache entry.
      deleted: (query: PageQuery) => Effect.orDie(repo.deletedPage(query)),
      families: cache.read(key("families"), Effect.orDie(repo.families)),
      getById: (id: string) => versions.read(id, found(id)).pipe(Effect.catchTag("SqlError", Effect.die)),
      create,
      update,
      remove,
      restore
    }
  })
