import { assertEvent, assign, emit, fromPromise, setup } from "xstate"
import type { Call } from "../client/caller.js"
import { ifMatch, type Versioned, versioned } from "../client/versions.js"
import type { ContractorCreateInput, ContractorDetail } from "../domain/contractorRecord.js"
import type { BeneficiaryRecord, BeneficiaryUpsertInput, PersonRecord, PersonUpsertInput } from "../domain/personRecord.js"
import type { CustomerOrigins, SubscriptionDetail } from "../domain/subscription.js"
import { type Failure, failureOf } from "../client/machineFailure.js"
import { type HoldsVersions, type Unreadable, unreadable, versionKeeping } from "./versionKeeping.js"
import { unprovided } from "./unprovided.js"

/** A contractor's page: their own fields and payments (`getById`) and their subscriptions (`getCustomerById`). */
export interface CustomerFileData {
  readonly contractor: ContractorDetail
  readonly origins: CustomerOrigins
}

/**
 * A change to the contractor's own data, or to who the selected subscription covers. An edit of
 * the contractor, a titular or a carga names the record by `id`: it is written by id, with the
 * version this page last read it at (a 412 over someone else's change).
 */
export type PeopleChange =
  | { readonly kind: "contractor"; readonly id: string; readonly contractor: ContractorCreateInput }
  | { readonly kind: "insured"; readonly id: string; readonly person: PersonUpsertInput }
  | { readonly kind: "beneficiary"; readonly id: string; readonly person: BeneficiaryUpsertInput }
  | { readonly kind: "addBeneficiary"; readonly insured_id: string; readonly person: BeneficiaryUpsertInput }
  | { readonly kind: "removeBeneficiary"; readonly insured_id: string; readonly beneficiary_id: string }

/** Who a person edit is about: a titular or a carga. */
export type CoveredKind = "insured" | "beneficiary"

/** A record the page reads by id before editing it: the contractor, a titular or a carga. */
export interface StoredRef {
  readonly kind: "contractor" | CoveredKind
  readonly id: string
}

/** A record as read, by kind. */
export type StoredRead =
  | { readonly kind: "contractor"; readonly record: ContractorDetail }
  | { readonly kind: "insured"; readonly record: PersonRecord }
  | { readonly kind: "beneficiary"; readonly record: BeneficiaryRecord }

const versionKey = (ref: StoredRef) => `${ref.kind}:${ref.id}`
/** The versions of the records read: the contractor as the page loads it, and each record read before its edit. */
const loadedVersions = versionKeeping<CustomerFileData>((data) => versionKey({ kind: "contractor", id: data.contractor.id }))
const versions = versionKeeping<StoredRead>((read) => versionKey({ kind: read.kind, id: read.record.id }))

/** What `write` is given: the change, the subscription shown (null when there is none) and the version of the record it edits. */
export interface WriteInput {
  readonly change: PeopleChange
  readonly subscription_id: number | null
  readonly version: string | undefined
}

export interface CustomerFileContext extends HoldsVersions {
  readonly id: string
  readonly data: CustomerFileData | null
  /** The subscription shown (`origins[0]` at first, as the original's screen selects it). */
  readonly selected: number | null
  /** The selected subscription's titulares with their cargas. */
  readonly subscription: SubscriptionDetail | null
  /** Why the contractor could not be loaded. */
  readonly failure: Failure | null
  /** Why the selected subscription could not be loaded. */
  readonly subscriptionFailure: Failure | null
  readonly pending: PeopleChange | null
}

export type CustomerFileEvent =
  | { type: "SELECT"; subscription_id: number }
  | { type: "CHANGE"; change: PeopleChange }
  /** Loads again what failed (the contractor, or the selected subscription). */
  | { type: "RETRY" }
  /** Reads one record as stored now (before its dialog shows it, or after a 412), keeping its version. */
  | { type: "READ"; ref: StoredRef }

export type CustomerFileEmitted =
  { type: "changed"; change: PeopleChange } | { type: "rejected"; failure: Failure } | { type: "read"; found: StoredRead } | Unreadable

/** The record a change edits by id, if it edits one. */
const editedRef = (change: PeopleChange): StoredRef | null =>
  change.kind === "contractor" || change.kind === "insured" || change.kind === "beneficiary" ? { kind: change.kind, id: change.id } : null

/**
 * A contractor's page: their data, subscriptions and payments, the selected subscription's
 * titulares and cargas, and the changes made to them (each followed by a reload of that
 * subscription). Hosts provide `load`, `loadSubscription` and `write`.
 */
export const customerFileMachine = setup({
  types: {
    context: {} as CustomerFileContext,
    events: {} as CustomerFileEvent,
    emitted: {} as CustomerFileEmitted,
    input: {} as { readonly id: string }
  },
  actors: {
    load: unprovided<Versioned<CustomerFileData>, string>("load"),
    read: unprovided<Versioned<StoredRead>, StoredRef>("read"),
    loadSubscription: unprovided<SubscriptionDetail, number>("loadSubscription"),
    write: unprovided<unknown, WriteInput>("write")
  },
  actions: {
    announceChange: emit(({ context }) => {
      if (context.pending === null) throw new Error("Sin cambio pendiente")
      return { type: "changed" as const, change: context.pending }
    })
  },
  guards: {
    nothingSelected: ({ context }) => context.selected === null,
    // The contractor's own data needs no subscription; the rest change the selected one.
    canChange: ({ context, event }) => {
      assertEvent(event, "CHANGE")
      return event.change.kind === "contractor" || context.selected !== null
    },
    contractorChanged: ({ context }) => context.pending?.kind === "contractor"
  }
}).createMachine({
  id: "customerFile",
  context: ({ input }) => ({
    id: input.id,
    data: null,
    selected: null,
    subscription: null,
    failure: null,
    subscriptionFailure: null,
    pending: null,
    versions: {}
  }),
  initial: "loading",
  states: {
    loading: {
      entry: assign({ failure: null }),
      invoke: {
        src: "load",
        input: ({ context }) => context.id,
        onDone: {
          target: "subscription",
          actions: assign({
            data: ({ event }) => event.output.record,
            versions: loadedVersions.held,
            // A reload keeps the subscription shown, if it is still there.
            selected: ({ context, event }) => {
              const ids = event.output.record.origins.origins.map((o) => o.subscription_id)
              return context.selected !== null && ids.includes(context.selected) ? context.selected : (ids[0] ?? null)
            }
          })
        },
        onError: { target: "failure", actions: assign({ failure: ({ event }) => failureOf(event.error) }) }
      }
    },
    failure: { on: { RETRY: "loading" } },
    subscription: {
      entry: assign({ subscriptionFailure: null }),
      always: { guard: "nothingSelected", target: "ready" },
      on: { SELECT: { target: "subscription", reenter: true, actions: assign({ selected: ({ event }) => event.subscription_id, subscription: null }) } },
      invoke: {
        src: "loadSubscription",
        input: ({ context }) => context.selected ?? 0,
        onDone: { target: "ready", actions: assign({ subscription: ({ event }) => event.output }) },
        onError: { target: "ready", actions: assign({ subscriptionFailure: ({ event }) => failureOf(event.error) }) }
      }
    },
    ready: {
      on: {
        SELECT: { target: "subscription", actions: assign({ selected: ({ event }) => event.subscription_id, subscription: null }) },
        RETRY: "subscription",
        CHANGE: { guard: "canChange", target: "writing", actions: assign({ pending: ({ event }) => event.change }) },
        READ: "reading"
      }
    },
    reading: {
      invoke: {
        src: "read",
        input: ({ event }) => {
          assertEvent(event, "READ")
          return event.ref
        },
        onDone: {
          target: "ready",
          actions: [assign({ versions: versions.held }), emit(({ event }) => ({ type: "read" as const, found: event.output.record }))]
        },
        onError: { target: "ready", actions: emit(({ event }) => unreadable(event.error)) }
      }
    },
    writing: {
      invoke: {
        src: "write",
        input: ({ context }) => {
          if (context.pending === null) throw new Error("Sin cambio pendiente")
          const ref = editedRef(context.pending)
          return { change: context.pending, subscription_id: context.selected, version: ref === null ? undefined : versions.sent(context, versionKey(ref)) }
        },
        // The contractor's data is reloaded after its edit; a subscription's people after theirs.
        onDone: [
          { guard: "contractorChanged", target: "loading", actions: ["announceChange", assign({ pending: null })] },
          { target: "subscription", actions: ["announceChange", assign({ pending: null })] }
        ],
        onError: {
          target: "ready",
          actions: [emit(({ event }) => ({ type: "rejected" as const, failure: failureOf(event.error) })), assign({ pending: null })]
        }
      }
    }
  }
})

/** The contractor with their version. */
const readContractor = (call: Call, id: string) => call((c) => versioned(c.contractor.getById({ path: { id }, withResponse: true })))

/** The page's actors over the contract; edits send the version the page read. */
export const customerFileActors = (call: Call) => ({
  load: fromPromise<Versioned<CustomerFileData>, string>(async ({ input: id }) => {
    const [{ record: contractor, version }, origins] = await Promise.all([
      readContractor(call, id),
      call((c) => c.contractor.getCustomerById({ path: { id } }))
    ])
    return { record: { contractor, origins }, version }
  }),
  read: fromPromise<Versioned<StoredRead>, StoredRef>(async ({ input: { kind, id } }): Promise<Versioned<StoredRead>> => {
    switch (kind) {
      case "contractor": {
        const { record, version } = await readContractor(call, id)
        return { record: { kind, record }, version }
      }
      case "insured": {
        const { record, version } = await call((c) => versioned(c.insured.getById({ path: { id }, withResponse: true })))
        return { record: { kind, record }, version }
      }
      case "beneficiary": {
        const { record, version } = await call((c) => versioned(c.beneficiary.getById({ path: { id }, withResponse: true })))
        return { record: { kind, record }, version }
      }
    }
  }),
  loadSubscription: fromPromise<SubscriptionDetail, number>(({ input: id }) => call((c) => c.contractor.getSubscriptionById({ path: { id } }))),
  write: fromPromise<unknown, WriteInput>(({ input: { change, subscription_id, version } }) => {
    if (change.kind === "contractor") return call((c) => ifMatch(version)(c.contractor.update({ path: { id: change.id }, payload: change.contractor })))
    if (subscription_id === null) return Promise.reject(new Error("Elija una suscripción"))
    switch (change.kind) {
      case "insured":
        return call((c) => ifMatch(version)(c.insured.update({ path: { id: change.id }, payload: change.person })))
      case "beneficiary":
        return call((c) => ifMatch(version)(c.beneficiary.update({ path: { id: change.id }, payload: change.person })))
      case "addBeneficiary":
        return call((c) => c.lead.addBeneficiary({ payload: { insured_id: change.insured_id, subscription_id, beneficiary_data: change.person } }))
      case "removeBeneficiary":
        return call((c) => c.lead.removeBeneficiary({ payload: { insured_id: change.insured_id, beneficiary_id: change.beneficiary_id, subscription_id } }))
    }
  })
})
