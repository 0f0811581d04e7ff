import { Context, Effect, Layer, Option } from "effect"
import { type AssistanceInput, type PageQuery } from "@palma/core/domain"
import { Clash, Missing } from "../domain/errors.js"
import { checkVersion, type Precondition } from "../domain/version.js"
import { ActiveRows } from "../sql/ActiveRows.js"
import { deletedRowsOf } from "../sql/deletedRows.js"
import { RowIntegrity } from "../sql/RowIntegrity.js"
import { rowVersionsOf } from "../sql/rowVersion.js"
import { Transaction } from "../sql/Transaction.js"
import { AssistanceRepo } from "./AssistanceRepo.js"
import { type AssistanceWrite, complete } from "./complete.js"
import { checkMembers, familyNotFound } from "./members.js"

const notFound = () => new Missing({ message: "No se encontró el servicio" })
const duplicate = () => new Clash({ message: "Ya existe un servicio activo con ese nombre en la familia" })

const make = Effect.gen(function* () {
  const repo = yield* AssistanceRepo
  const active = yield* ActiveRows
  const integrity = yield* RowIntegrity
  const transaction = (yield* Transaction).withTransaction
  const versions = yield* rowVersionsOf("assistance")
  const deletedRows = yield* deletedRowsOf("assistance")
  const lookup = { family: (id: string) => active.one("family", id), members: repo.activeMembers }

  const getById = (id: string) => Effect.flatMap(repo.findById(id), Effect.orElseFail(notFound))

  /** Members active and of the family; no two active assistances of a family share a name (the index has the last word). */
  const check = (write: AssistanceWrite, selfId: string | null) =>
    Effect.gen(function* () {
      yield* checkMembers(lookup, write)
      if (yield* repo.nameTaken(write.family_id, write.name, selfId)) return yield* Effect.fail(duplicate())
    })

  const create = (input: AssistanceInput) =>
    transaction(
      Effect.gen(function* () {
        const write = complete(input, null)
        yield* check(write, null)
        const id = yield* repo.insert(write)
        yield* repo.replaceLinks(id, write)
        return yield* versions.of(id, yield* getById(id))
      })
    ).pipe(Effect.catchTag("DuplicateKey", () => Effect.fail(duplicate())))

  /** What the input leaves out is kept as stored; a family change must still hold for the kept lists. */
  const update = (id: string, input: AssistanceInput, precondition?: Precondition) =>
    transaction(
      Effect.gen(function* () {
        yield* checkVersion(versions.lock(id), precondition)
        const write = complete(input, yield* getById(id))
        yield* check(write, id)
        yield* repo.update(id, write)
        yield* repo.replaceLinks(id, write)
        return yield* versions.of(id, yield* getById(id))
      })
    ).pipe(Effect.catchTag("DuplicateKey", () => Effect.fail(duplicate())))

  /** Delete deactivates; a service still covered by an active product cannot go. */
  const remove = (id: string, precondition?: Precondition) =>
    transaction(
      Effect.gen(function* () {
        yield* checkVersion(versions.lock(id), precondition)
        const current = yield* getById(id)
        const products = yield* repo.coveringProducts(id)
        if (products.length > 0) {
          return yield* Effect.fail(new Clash({ message: `El servicio está incluido en productos activos: ${products.join(", ")}` }))
        }
        yield* integrity.refuseIfUsed("assistance", id, "El servicio")
        yield* repo.deactivate(id)
        return { ...current, isActive: false }
      })
    )

  return {
    /** The seed's create is an upsert: the id of an assistance in the body updates it. */
    upsert: ({ id, ...input }: AssistanceInput & { readonly id?: string | undefined }, precondition?: Precondition) =>
      id === undefined ? create(input) : update(id, input, precondition),
    update,
    remove,
    all: repo.findAll,
    page: repo.page,
    getById: (id: string) => versions.read(id, getById(id)),
    deleted: (query: PageQuery) => deletedRows.page(query),
    restore: (id: string) => transaction(deletedRows.restore(id, { notFound: notFound().message, taken: duplicate().message }, getById(id))),
    families: repo.families,
    byFamily: (familyId: string) =>
      Effect.gen(function* () {
        if (Option.isNone(yield* active.one("family", familyId))) return yield* Effect.fail(familyNotFound())
        return yield* repo.findByFamily(familyId)
      }),
    values: (id: string) => Effect.zipRight(getById(id), repo.valuesOf(id)),
    documents: (id: string) => Effect.zipRight(getById(id), repo.documentsOf(id))
  }
})

/** Assistances (services): members active and of the assistance's family, unique names, kept while products cover them. */
export class AssistanceService extends Context.Tag("palma/AssistanceService")<AssistanceService, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(AssistanceService, make).pipe(
    Layer.provide([AssistanceRepo.layer, ActiveRows.layer, RowIntegrity.layer, Transaction.layer])
  )
}
