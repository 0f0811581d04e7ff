import type { SqlClient } from "@effect/sql"
import { Effect, Option, type Schema } from "effect"
import { Conflict, type FamilyOfItems, NotFound, type Page, type PageQuery } from "@palma/core"
import { uniqueAs } from "../sql/uniqueViolation.js"
import { MasterCache } from "./MasterCache.js"
import { makeMasterRepo } from "./MasterRepo.js"
import type { MasterTable } from "./MasterTable.js"

/** One master's operations, as its HTTP group calls them; `A` is the row, `In` the validated input. */
export interface MasterService<A, In> {
  /** Every active row (of one family, if given). */
  readonly list: (familyId?: string) => Effect.Effect<ReadonlyArray<A>>
  readonly page: (query: PageQuery) => Effect.Effect<Page<A>>
  /** The families that have at least one active row. */
  readonly families: Effect.Effect<ReadonlyArray<FamilyOfItems>>
  readonly getById: (id: string) => Effect.Effect<A, NotFound>
  readonly create: (input: In) => Effect.Effect<A, NotFound | Conflict>
  readonly update: (id: string, input: In) => Effect.Effect<A, NotFound | Conflict>
  /** Deactivates; answers the row as it is now. */
  readonly remove: (id: string) => Effect.Effect<A, NotFound>
}

/**
 * The rules of a simple master over its repository: reads served from the cache, a missing row is
 * a 404 naming the table, duplicates and missing references are refused, delete deactivates, and
 * every write clears the cache. Database failures other than a unique violation are defects.
 */
export const makeMasterService = <A extends { readonly isActive: boolean }, I, In, Resolved>(
  entity: Schema.Schema<A, I>,
  spec: MasterTable<A, In, Resolved>
): Effect.Effect<MasterService<A, In>, never, SqlClient.SqlClient | MasterCache> =>
  Effect.gen(function* () {
    const repo = yield* makeMasterRepo(entity, spec)
    const cache = yield* MasterCache
    const notFound = () => new NotFound({ message: `No se encontró ${spec.label.charAt(0).toLowerCase()}${spec.label.slice(1)}` })
    const conflict = () => new Conflict({ message: spec.uniqueMessage })

    const found = (id: string) => repo.findById(id).pipe(Effect.flatMap(Option.match({ onNone: () => Effect.fail(notFound()), onSome: Effect.succeed })))

    /** Referenced rows must exist and be active: a 404 naming what is missing. */
    const checkReferences = (input: Resolved) =>
      Effect.forEach(spec.references ?? [], (ref) =>
        repo.isActive(ref.table, ref.id(input)).pipe(Effect.flatMap((active) => (active ? Effect.void : Effect.fail(new NotFound({ message: ref.message })))))
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
          return yield* found(yield* repo.insert(input))
        })
      )

    const update = (id: string, raw: In) =>
      write(
        Effect.gen(function* () {
          const current = yield* found(id)
          const input = yield* repo.resolve(raw, id)
          const refused = spec.guardUpdate?.(current, input)
          if (refused) return yield* Effect.fail(new Conflict({ message: refused }))
          yield* checkReferences(input)
          yield* checkUnique(input, id)
          yield* repo.update(id, input)
          return yield* found(id)
        })
      )

    /** Delete deactivates: history that points at the row keeps its meaning. */
    const remove = (id: string) =>
      repo
        .withTransaction(
          Effect.gen(function* () {
            const current = yield* found(id)
            yield* repo.deactivate(id)
            return { ...current, isActive: false }
          })
        )
        .pipe(Effect.catchTag("SqlError", Effect.die), Effect.tap(cache.invalidate))

    const key = (what: string) => `${spec.table}:${what}`
    return {
      list: (familyId?: string) => cache.read(key(`list:${familyId ?? ""}`), Effect.orDie(repo.list(familyId))),
      page: (query: PageQuery) => cache.read(key(`page:${JSON.stringify(query)}`), Effect.orDie(repo.page(query))),
      families: cache.read(key("families"), Effect.orDie(repo.families)),
      getById: (id: string) => Effect.catchTag(found(id), "SqlError", Effect.die),
      create,
      update,
      remove
    }
  })
