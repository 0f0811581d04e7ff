import { Context, Effect, Layer, Option } from "effect"
import { type PageQuery, type Product, type ProductInput, type ProductPlan } from "@palma/core/domain"
import { Clash, Missing, Stale } from "../domain/errors.js"
import { ActiveRows } from "../sql/ActiveRows.js"
import { deletedRowsOf } from "../sql/deletedRows.js"
import { RowIntegrity } from "../sql/RowIntegrity.js"
import { checkVersion, type Precondition, type Versioned } from "../domain/version.js"
import { rowVersionsOf } from "../sql/rowVersion.js"
import { Transaction } from "../sql/Transaction.js"
import { listedPlans, toOffered } from "./offers.js"
import { ProductRepo } from "./ProductRepo.js"
import { unknownFamily } from "../domain/messages.js"

const notFound = () => new Missing({ message: "No se encontró el producto" })
const duplicate = () => new Clash({ message: "Ya existe un producto activo con ese nombre" })

/** A product with its retails' prices, as the lists answer it. */
const listed = ({ product, plans }: { readonly product: Product; readonly plans: ReadonlyArray<ProductPlan> }) => ({
  ...product,
  product_plans: plans.flatMap(listedPlans)
})

const make = Effect.gen(function* () {
  const products = yield* ProductRepo
  const active = yield* ActiveRows
  const transaction = (yield* Transaction).withTransaction
  const versions = yield* rowVersionsOf("product")
  const deletedRows = yield* deletedRowsOf("product")

  const getById = (id: string) => Effect.flatMap(products.findById(id), Effect.orElseFail(notFound))

  /** The family and every covered assistance must be active. */
  const checkReferences = (input: ProductInput) =>
    Effect.gen(function* () {
      if (Option.isNone(yield* active.one("family", input.family_id))) {
        return yield* Effect.fail(new Missing({ message: unknownFamily }))
      }
      const ids = input.assistances.map((a) => a.id)
      const found = new Set((yield* active.named("assistance", ids)).map((row) => row.id))
      const missing = ids.find((id) => !found.has(id))
      if (missing) return yield* Effect.fail(new Missing({ message: `El servicio ${missing} no existe o está inactivo` }))
    })

  /** No two active products share a name (the unique index has the last word when two writes race). */
  const checkUnique = (input: ProductInput, selfId: string | null) =>
    Effect.flatMap(products.nameTaken(input.name, selfId), (taken) => (taken ? Effect.fail(duplicate()) : Effect.void))

  const insert = (input: ProductInput) =>
    transaction(
      Effect.gen(function* () {
        yield* checkReferences(input)
        yield* checkUnique(input, null)
        const id = yield* products.insert(input)
        yield* products.replaceCoverage(id, input)
        return yield* versions.of(id, yield* getById(id))
      })
    ).pipe(Effect.catchTag("DuplicateKey", () => Effect.fail(duplicate())))

  const update = (id: string, input: ProductInput, precondition?: Precondition) =>
    transaction(
      Effect.gen(function* () {
        yield* checkVersion(versions.lock(id), precondition)
        const current = yield* getById(id)
        // Plan prices are in the product's currency; changing it would reprice every retail silently.
        if (current.currency !== input.currency && (yield* products.hasActivePlans(id))) {
          return yield* Effect.fail(new Clash({ message: "No se puede cambiar la moneda de un producto con planes activos" }))
        }
        yield* checkReferences(input)
        yield* checkUnique(input, id)
        yield* products.update(id, input)
        yield* products.replaceCoverage(id, input)
        return yield* versions.of(id, yield* getById(id))
      })
    ).pipe(Effect.catchTag("DuplicateKey", () => Effect.fail(duplicate())))

  /** Delete deactivates: plans, leads and contracts that point at it keep their meaning. */
  const remove = (id: string, precondition?: Precondition) =>
    transaction(
      Effect.gen(function* () {
        yield* checkVersion(versions.lock(id), precondition)
        const current = yield* getById(id)
        yield* products.deactivate(id)
        return { ...current, isActive: false }
      })
    )

  /** Every active product (of one family, if given) as the retail is offered it. */
  const offered = (retailId: string, familyId: string | null) =>
    Effect.map(products.findOffered(retailId, familyId), (rows) => rows.map(({ product, plan }) => toOffered(product, retailId, plan)))

  return {
    /** A body with the `id` of a product updates it, as the original's create did. */
    create: (input: ProductInput, precondition?: Precondition): Effect.Effect<Versioned<Product>, Missing | Clash | Stale> =>
      input.id ? update(input.id, input, precondition) : insert(input),
    update,
    remove,
    getById: (id: string) => versions.read(id, getById(id)),
    deleted: (query: PageQuery) => deletedRows.page(query),
    restore: (id: string) => transaction(deletedRows.restore(id, { notFound: notFound().message, taken: duplicate().message }, getById(id))),
    /** Every active product with its retails' prices. */
    listed: Effect.map(products.findAllWithPlans, (rows) => rows.map(listed)),
    /** One page of them, for the web's table. */
    page: (query: PageQuery) => Effect.map(products.page(query), (found) => ({ ...found, items: found.items.map(listed) })),
    families: products.families,
    offered: (retailId: string) => offered(retailId, null),
    offeredInFamily: offered
  }
})

/** The catalog's products: uniqueness, active references, currency locked by plans. */
export class ProductService extends Context.Tag("palma/ProductService")<ProductService, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(ProductService, make).pipe(Layer.provide([ProductRepo.layer, ActiveRows.layer, RowIntegrity.layer, Transaction.layer]))
}
