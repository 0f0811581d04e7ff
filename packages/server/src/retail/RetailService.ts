import { Context, Effect, Layer } from "effect"
import { type PageQuery, type Retail, type RetailDetail, type RetailInput, type RetailSearch } from "@palma/core/domain"
import { Invalid, Missing } from "../domain/errors.js"
import { Districts } from "../district/Districts.js"
import { deletedRowsOf } from "../sql/deletedRows.js"
import { RowIntegrity } from "../sql/RowIntegrity.js"
import { checkVersion, type Precondition } from "../domain/version.js"
import { rowVersionsOf } from "../sql/rowVersion.js"
import { Transaction } from "../sql/Transaction.js"
import type { LogoUpload } from "./logoUpload.js"
import { RetailCustomersRepo } from "./RetailCustomersRepo.js"
import { RetailPlansRepo } from "./RetailPlansRepo.js"
import { RetailRepo } from "./RetailRepo.js"

const notFound = () => new Missing({ message: "No se encontró el canal" })

const make = Effect.gen(function* () {
  const retails = yield* RetailRepo
  const plans = yield* RetailPlansRepo
  const customers = yield* RetailCustomersRepo
  const districts = yield* Districts
  const transaction = (yield* Transaction).withTransaction
  const versions = yield* rowVersionsOf("retail")
  const deletedRows = yield* deletedRowsOf("retail")

  const getActive = (id: string) => Effect.flatMap(retails.findById(id), Effect.orElseFail(notFound))

  /** A retail as `getById` answers it: with what it sells, and no users (Palma has none per retail). */
  const detail = (retail: Retail): Effect.Effect<RetailDetail> => Effect.map(plans.productsOf(retail.id), (products) => ({ ...retail, products, users: [] }))

  /** Creates the retail, or updates (and reactivates) the one with that RUT; the comuna must be on the official list. */
  const upsert = (input: RetailInput) =>
    Effect.gen(function* () {
      const districtId = yield* districts.resolve(input.district)
      const id = yield* retails.upsert(input, districtId)
      // Just written and active: not finding it would be a defect, not the client's 404.
      return yield* detail(yield* Effect.flatMap(retails.findById(id), Effect.orDie))
    })

  /** Edits the active retail `id` (its RUT stays: it is the channel's key), refused with 412 over someone else's change. */
  const update = (id: string, input: RetailInput, precondition?: Precondition) =>
    transaction(
      Effect.gen(function* () {
        yield* checkVersion(versions.lock(id), precondition)
        const current = yield* getActive(id)
        if (current.rut !== input.rut) return yield* Effect.fail(new Invalid({ message: "El RUT de un canal no se puede cambiar" }))
        const districtId = yield* districts.resolve(input.district)
        yield* retails.upsert(input, districtId)
        return yield* versions.of(id, yield* detail(yield* getActive(id)))
      })
    )

  const deactivate = (id: string, precondition?: Precondition) =>
    transaction(
      Effect.gen(function* () {
        yield* checkVersion(versions.lock(id), precondition)
        const current = yield* getActive(id)
        yield* retails.deactivate(id)
        return { ...current, isActive: false }
      })
    )

  /** Stores the upload as the retail's logo (an active retail's) and answers the retail. */
  const saveLogo = (upload: LogoUpload) =>
    transaction(
      Effect.gen(function* () {
        yield* getActive(upload.id)
        yield* retails.saveLogo(upload.id, { contentType: upload.contentType, data: upload.data })
        return yield* getActive(upload.id)
      })
    ).pipe(Effect.flatMap(detail))

  return {
    upsert,
    update,
    all: retails.findAll,
    page: retails.page,
    search: (criteria: RetailSearch) => retails.search(criteria),
    getById: (id: string) => versions.read(id, Effect.flatMap(getActive(id), detail)),
    /** With its version, as by id: the page that opens the retail found edits it with that version. */
    getByRut: (rut: string) =>
      retails.findByRut(rut).pipe(
        Effect.flatMap(Effect.orElseFail(notFound)),
        Effect.flatMap((retail) => versions.read(retail.id, detail(retail)))
      ),
    withPlans: plans.withPlans,
    /** Who one channel's plan covers today. */
    customersOf: customers.covered,
    deactivate,
    deleted: (query: PageQuery) => deletedRows.page(query),
    // One row per RUT ever (the index is not partial), so a restore cannot collide with an active one.
    restore: (id: string) =>
      transaction(
        deletedRows.restore(id, { notFound: notFound().message, taken: "Ya existe un canal activo con ese RUT" }, Effect.flatMap(getActive(id), detail))
      ),
    saveLogo,
    logo: (id: string) => Effect.flatMap(retails.findLogo(id), Effect.orElseFail(notFound))
  }
})

/** Retails, who sell the plans (bank cards, stores, brokers, the web): one per RUT, comunas from the official list, logos. */
export class RetailService extends Context.Tag("palma/RetailService")<RetailService, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(RetailService, make).pipe(
    Layer.provide([RetailRepo.layer, RetailPlansRepo.layer, RetailCustomersRepo.layer, Districts.layer, RowIntegrity.layer, Transaction.layer])
  )
}
