import { fromPromise } from "xstate"
import type { Call } from "./caller.js"
import { ifMatch, type Versioned, versioned } from "./versions.js"
import type { Assistance, AssistanceInput } from "../domain/assistance.js"
import type { Product, ProductInput } from "../domain/product.js"
import type { ListedProduct } from "../domain/productPlan.js"
import type { Retail } from "../domain/retail.js"
import type { ItemRemoval, ItemWrite, ListResult, ResourceQuery } from "../machines/resource.js"

/**
 * The resource machine's actors for the catalog lists, whose seed calls list them whole: lists
 * come a page at a time from Palma's `GET /<group>/page` (sorted and searched on the server);
 * writes are the seed's, sending the version `read` answered. The machine hands `create`/`update`
 * the input its CREATE/UPDATE carried.
 */
export const assistanceActors = (call: Call) => ({
  list: fromPromise<ListResult<Assistance>, ResourceQuery>(({ input }) => call((c) => c.assistance.page({ urlParams: input }))),
  create: fromPromise<Assistance, unknown>(({ input }) => call((c) => c.assistance.create({ payload: input as AssistanceInput }))),
  // The seed's updateById: the id goes in the body.
  update: fromPromise<Assistance, ItemWrite>(({ input }) =>
    call((c) => ifMatch(input.version)(c.assistance.updateById({ payload: { ...(input.input as AssistanceInput), id: input.id } })))
  ),
  remove: fromPromise<Assistance, ItemRemoval>(({ input }) => call((c) => ifMatch(input.version)(c.assistance.deleteById({ path: { id: input.id } })))),
  read: fromPromise(({ input }: { input: string }) => call((c) => versioned(c.assistance.getById({ path: { id: input }, withResponse: true }))))
})

/** A written product as the list holds it until it reloads (after every write): no plans yet. */
const listed = (product: Product): ListedProduct => ({ ...product, product_plans: [] })

export const productActors = (call: Call) => ({
  list: fromPromise<ListResult<ListedProduct>, ResourceQuery>(({ input }) => call((c) => c.product.page({ urlParams: input }))),
  create: fromPromise<ListedProduct, unknown>(({ input }) => call((c) => c.product.create({ payload: input as ProductInput })).then(listed)),
  update: fromPromise<ListedProduct, ItemWrite>(({ input }) =>
    call((c) => ifMatch(input.version)(c.product.update({ path: { id: input.id }, payload: input.input as ProductInput }))).then(listed)
  ),
  remove: fromPromise<ListedProduct, ItemRemoval>(({ input }) =>
    call((c) => ifMatch(input.version)(c.product.delete({ path: { id: input.id } }))).then(listed)
  ),
  read: fromPromise(({ input }: { input: string }) =>
    call((c) => versioned(c.product.getById({ path: { id: input }, withResponse: true }))).then(({ record, version }) => ({ record: listed(record), version }))
  )
})

/** Retails: created and edited on their own page (the retail machine); the list only deletes. */
export const retailListActors = (call: Call) => ({
  list: fromPromise<ListResult<Retail>, ResourceQuery>(({ input }) => call((c) => c.retail.page({ urlParams: input }))),
  create: fromPromise<Retail, unknown>(() => Promise.reject(new Error("Los canales se crean en su propia página"))),
  update: fromPromise<Retail, ItemWrite>(() => Promise.reject(new Error("Los canales se editan en su propia página"))),
  remove: fromPromise<Retail, ItemRemoval>(({ input }) => call((c) => ifMatch(input.version)(c.retail.deleteById({ path: { id: input.id } })))),
  read: fromPromise<Versioned<Retail>, string>(({ input }) => call((c) => versioned(c.retail.getById({ path: { id: input }, withResponse: true }))))
})
