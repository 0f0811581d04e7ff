import { Schema } from "effect"
import { fromPromise } from "xstate"
import type { Call } from "./caller.js"
import type { Versioned } from "./versions.js"
import type { ContractorCreateInput, ContractorKind, ContractorListed } from "../domain/contractorRecord.js"
import { customerCoverage, insuredCoverage, type PersonCoverage } from "../domain/personCoverage.js"
import type { PersonFound } from "../domain/personSearch.js"
import * as Rut from "../rut/Rut.js"
import type { RecordWrite } from "../machines/record.js"
import type { ListResult } from "../machines/resource.js"
import { searchActor } from "../machines/search.js"

/** Who the operators' search looks for: customers (who pay) or insured (titulares). */
export type PersonKind = "customer" | "insured"

/** The operators' search: one text (a RUT or a name) and the page. */
export interface PersonQuery {
  readonly text: string
  readonly page: number
}

/** Digits with dots, a dash and maybe a K: a RUT (or its start); anything else is a name. */
const RUT_LIKE = /^[\d.\s-]*\d[\d.\s-]*[kK]?$/

/** The seed's criteria for one typed text: `rut` when it reads as one, else `name`. */
export const personCriteria = (text: string): { readonly rut?: string; readonly name?: string } => {
  const trimmed = text.trim()
  if (trimmed === "") return {}
  return RUT_LIKE.test(trimmed) ? { rut: trimmed } : { name: trimmed }
}

/** `customer|insured/getByRutOrName`, a page at a time; `total` counts people, not pages. */
export const personSearchActors = (call: Call, kind: PersonKind, pageSize: number) => ({
  find: searchActor<PersonQuery, PersonFound>(async (input) => {
    const urlParams = { ...personCriteria(input.text), records: pageSize, page: input.page }
    if (kind === "customer") {
      const page = await call((c) => c.customer.getByRutOrName({ urlParams }))
      return { items: page.data, total: page.summary.customer }
    }
    const page = await call((c) => c.insured.getByRutOrName({ urlParams }))
    return { items: page.data, total: page.summary.insured }
  })
})

/** A person found, with their subscriptions and coverage (`id` from the search of that kind); read only, so without a version. */
export const coverageActors = (call: Call, kind: PersonKind) => ({
  load: fromPromise<Versioned<PersonCoverage>, string>(async ({ input: id }) => ({
    record:
      kind === "customer"
        ? customerCoverage(await call((c) => c.contractor.getCustomerById({ path: { id } })))
        : insuredCoverage(await call((c) => c.insured.subscriptions({ path: { id } }))),
    version: undefined
  }))
})

/** The contractors' search as `contractor/getAll` takes it ("" does not filter), and the page shown. */
export interface ContractorQuery {
  readonly type: ContractorKind | ""
  readonly rut: string
  readonly name: string
  /** Only those with a policy in force. */
  readonly active: boolean
  readonly page: number
}

/**
 * The matching contractors: one page of them from Palma's `contractor/page`, or (`pageSize` null,
 * the CLI) every one from the seed's `contractor/getAll`.
 */
export const findContractors = async (call: Call, query: ContractorQuery, pageSize: number | null): Promise<ListResult<ContractorListed>> => {
  if (pageSize === null) {
    const all = await call((c) =>
      c.contractor.getAll({ payload: { contractorType: query.type, rut: query.rut.trim(), nameLike: query.name.trim(), active: query.active } })
    )
    return { items: all, total: all.length }
  }
  const { items, total } = await call((c) =>
    c.contractor.page({
      urlParams: {
        ...(query.type === "" ? {} : { contractorType: query.type }),
        ...(query.rut.trim() === "" ? {} : { rut: query.rut.trim() }),
        ...(query.name.trim() === "" ? {} : { nameLike: query.name.trim() }),
        ...(query.active ? { active: "true" as const } : {}),
        page: query.page,
        pageSize
      }
    })
  )
  return { items, total }
}

/** The contractors' search machine's actor. */
export const contractorSearchActors = (call: Call, pageSize: number) => ({
  find: searchActor<ContractorQuery, ContractorListed>((query) => findContractors(call, query, pageSize))
})

/** A contractor as the creation page knows it: enough to open their page. */
export interface ContractorRef {
  readonly id: string
  readonly name: string
}

/** The key a new contractor is looked up by before it is written: its kind and RUT. */
export const contractorKey = (input: { readonly type: ContractorKind; readonly rut: string }) => `${input.type}:${input.rut}`

/**
 * The record machine's actors for a new contractor: `find` asks `getByRut` (a blank answer means
 * none has that RUT), `save` is `contractor/create`.
 */
export const contractorCreateActors = (call: Call) => ({
  // A reference, not the record: the contractor's own page reads them with their version.
  find: fromPromise<Versioned<ContractorRef> | null, string>(async ({ input: key }) => {
    const [type, rut] = key.split(":")
    const kind: ContractorKind = type === "C" ? "C" : "P"
    const found = await call((c) => c.contractor.getByRut({ path: { rut: Schema.decodeUnknownSync(Rut.Rut)(rut), type: kind } }))
    return found.id === "" ? null : { record: { id: found.id, name: found.name }, version: undefined }
  }),
  save: fromPromise<Versioned<ContractorRef>, RecordWrite>(async ({ input }) => {
    // The page sends a ContractorCreateInput it decoded with the contract's schema.
    const created = await call((c) => c.contractor.create({ payload: input.input as ContractorCreateInput }))
    // The page opens the new contractor's own, which reads them with their version.
    return { record: { id: created.data.id, name: created.data.name }, version: undefined }
  })
})
