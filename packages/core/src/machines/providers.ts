import { fromPromise } from "xstate"
import type { Call } from "../client/caller.js"
import { ifMatch, type Versioned, versioned } from "../client/versions.js"
import type { Page } from "../domain/page.js"
import type { PartnerDetail, PartnerInput } from "../domain/partner.js"
import type { ProviderPageQuery } from "../domain/provider.js"
import type { SpecialistDetail, SpecialistInput, SpecialistPageItem } from "../domain/specialist.js"
import type { Rut } from "../rut/Rut.js"
import { recordMachine, type RecordWrite } from "./record.js"
import type { ItemRemoval, ItemWrite, ListResult, ResourceQuery } from "./resource.js"

/** The two kinds of provider who resolve cases: individual technicians and partner companies. */
export type ProviderKind = "specialist" | "partner"

interface ProviderTypes {
  readonly specialist: { readonly row: SpecialistPageItem; readonly detail: SpecialistDetail; readonly input: SpecialistInput }
  readonly partner: { readonly row: PartnerDetail; readonly detail: PartnerDetail; readonly input: PartnerInput }
}

/** A row of the kind's paged list. */
export type ProviderRow<K extends ProviderKind> = ProviderTypes[K]["row"]
/** One provider of the kind, with what it does (and, for a specialist, where). */
export type ProviderDetail<K extends ProviderKind> = ProviderTypes[K]["detail"]
/** The kind's `create` body (an upsert by RUT). */
export type ProviderInput<K extends ProviderKind> = ProviderTypes[K]["input"]

/** The calls the provider screens make, per kind: the seed's reads and writes, and Palma's page. */
interface ProviderCalls<K extends ProviderKind> {
  readonly page: (call: Call, query: ProviderPageQuery) => Promise<Page<ProviderRow<K>>>
  /** One provider with its version (`ETag`), which its edit and deactivation send. */
  readonly getById: (call: Call, id: string) => Promise<Versioned<ProviderDetail<K>>>
  /** null when no provider of the kind has the RUT; one found with its version, as by id. */
  readonly getByRut: (call: Call, rut: Rut) => Promise<Versioned<ProviderDetail<K> | null>>
  readonly create: (call: Call, input: ProviderInput<K>) => Promise<ProviderDetail<K>>
  /** Palma's edit by id, sending the version read (`If-Match`), so another user's save in between is a 412. */
  readonly update: (call: Call, id: string, input: ProviderInput<K>, version: string | undefined) => Promise<Versioned<ProviderDetail<K>>>
  /** Deactivates (the seed's delete), sending the version read. */
  readonly deactivate: (call: Call, id: string, version: string | undefined) => Promise<unknown>
  /** The detail as a row of the list. */
  readonly rowOf: (detail: ProviderDetail<K>) => ProviderRow<K>
}

const providerCalls: { readonly [K in ProviderKind]: ProviderCalls<K> } = {
  specialist: {
    page: (call, urlParams) => call((c) => c.specialist.page({ urlParams })),
    getById: (call, id) => call((c) => versioned(c.specialist.getById({ path: { id }, withResponse: true }))),
    getByRut: (call, rut) => call((c) => versioned(c.specialist.getByRut({ path: { rut }, withResponse: true }))),
    create: (call, payload) => call((c) => c.specialist.create({ payload })),
    update: (call, id, payload, version) => call((c) => versioned(ifMatch(version)(c.specialist.update({ path: { id }, payload, withResponse: true })))),
    deactivate: (call, id, version) => call((c) => ifMatch(version)(c.specialist.deleteById({ path: { id } }))),
    rowOf: ({ districts, ...specialist }) => ({ ...specialist, districtCount: districts.length })
  },
  partner: {
    page: (call, urlParams) => call((c) => c.partner.page({ urlParams })),
    getById: (call, id) => call((c) => versioned(c.partner.getById({ path: { id }, withResponse: true }))),
    getByRut: (call, rut) => call((c) => versioned(c.partner.getByRut({ path: { rut }, withResponse: true }))),
    create: (call, payload) => call((c) => c.partner.create({ payload })),
    update: (call, id, payload, version) => call((c) => versioned(ifMatch(version)(c.partner.update({ path: { id }, payload, withResponse: true })))),
    deactivate: (call, id, version) => call((c) => ifMatch(version)(c.partner.deletePartner({ path: { id } }))),
    rowOf: (partner) => partner
  }
}

const booleanText = (text: string | undefined) => (text === "true" ? true : text === "false" ? false : undefined)

/** The list machine's query as the provider page's URL params: its filters are `specialty_id`, `district`, `remote` and `active`. */
export const providerPageQuery = ({ filters = {}, ...query }: ResourceQuery): ProviderPageQuery => {
  const active = filters.active
  return {
    ...query,
    ...(filters.specialty_id ? { specialty_id: filters.specialty_id } : {}),
    ...(filters.district ? { district: filters.district } : {}),
    ...(booleanText(filters.remote) !== undefined ? { remote: booleanText(filters.remote) } : {}),
    ...(active === "true" || active === "false" || active === "all" ? { active } : {})
  }
}

/**
 * The resource machine's actors for a provider list: pages from Palma's `GET /<kind>/page` with
 * its filters; `read` is the provider with its version, and delete is the seed's (a deactivation
 * sending that version), answered as the row the provider now is. Providers are created and
 * edited on their own page (providerMachine), never from the list.
 */
export const providerListActors = <K extends ProviderKind>(kind: K) => {
  const calls: ProviderCalls<K> = providerCalls[kind]
  return (call: Call) => ({
    list: fromPromise<ListResult<ProviderRow<K>>, ResourceQuery>(({ input }) => calls.page(call, providerPageQuery(input))),
    create: fromPromise<ProviderRow<K>, unknown>(() => Promise.reject(new Error("Se crean en su propia página, a partir del RUT"))),
    update: fromPromise<ProviderRow<K>, ItemWrite>(() => Promise.reject(new Error("Se editan en su propia página"))),
    remove: fromPromise<ProviderRow<K>, ItemRemoval>(async ({ input }) => {
      await calls.deactivate(call, input.id, input.version)
      return calls.rowOf((await calls.getById(call, input.id)).record)
    }),
    read: fromPromise<Versioned<ProviderRow<K>>, string>(async ({ input }) => {
      const { record, version } = await calls.getById(call, input)
      return { record: calls.rowOf(record), version }
    })
  })
}

/** The provider page's calls: read one, look a RUT up (null when free), create by RUT or edit by id, deactivate. */
export const providerActors = <K extends ProviderKind>(call: Call, kind: K) => {
  const calls: ProviderCalls<K> = providerCalls[kind]
  return {
    load: fromPromise<Versioned<ProviderDetail<K>>, string>(({ input }) => calls.getById(call, input)),
    // The record machine's key is the RUT the page checked (canonical). A provider found comes with
    // its version, which the page that opens it sends with its edit.
    find: fromPromise<Versioned<ProviderDetail<K>> | null, string>(async ({ input }) => {
      const { record, version } = await calls.getByRut(call, input as Rut)
      return record === null ? null : { record, version }
    }),
    // The record machine hands over the input of its SAVE: the kind's decoded body. A provider
    // already stored is edited by id, so a save over someone else's change is refused (412).
    save: fromPromise<Versioned<ProviderDetail<K>>, RecordWrite>(async ({ input }) => {
      const body = input.input as ProviderInput<K>
      if (input.id !== null) return calls.update(call, input.id, body, input.version)
      // The upsert by RUT answers no version: the provider is read again for it.
      const created = await calls.create(call, body)
      return calls.getById(call, created.id)
    }),
    remove: fromPromise<Versioned<ProviderDetail<K>>, RecordWrite>(async ({ input }) => {
      const id = input.id ?? ""
      await calls.deactivate(call, id, input.version)
      return calls.getById(call, id)
    })
  }
}

/**
 * One provider's page, opened by RUT (spec §4): CHECK with a RUT looks it up; a provider with it
 * is emitted as `exists` (the page opens that one), and a free RUT leaves the machine ready with
 * `checkedKey` set, for a new record prefilled with it. SAVE creates by RUT or edits by id (412
 * over someone else's change; RELOAD reads it again); DELETE deactivates
 * and holds the record as it is now (saving it again restores it).
 */
export const providerMachine = <K extends ProviderKind>(call: Call, kind: K) =>
  recordMachine<ProviderDetail<K>, ProviderInput<K>>({ id: kind, draftOf: () => null, edit: (draft) => draft, keyOf: (input) => input.rut }).provide({
    actors: providerActors(call, kind)
  })
