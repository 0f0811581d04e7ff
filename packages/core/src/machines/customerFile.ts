import { assign, emit, fromPromise, setup } from "xstate"
import type { Call } from "../client/caller.js"
import type { ContractorDetail } from "../domain/contractorRecord.js"
import type { BeneficiaryRecord, BeneficiaryUpsertInput, PersonRecord, PersonUpsertInput } from "../domain/personRecord.js"
import type { CustomerOrigins, SubscriptionDetail } from "../domain/subscription.js"
import { type Failure, failureOf } from "./failure.js"

/** A contractor's page: their own fields and payments (`getById`) and their subscriptions (`getCustomerById`). */
export interface CustomerFileData {
  readonly contractor: ContractorDetail
  readonly origins: CustomerOrigins
}

/**
 * A change to who the selected subscription covers. A titular's or carga's edit names the person
 * by `id`: it is written by id, with the version last read (a 412 over someone else's change).
 */
export type PeopleChange =
  | { readonly kind: "insured"; readonly id: string; readonly person: PersonUpsertInput }
  | { readonly kind: "beneficiary"; readonly id: string; readonly person: BeneficiaryUpsertInput }
  | { readonly kind: "addBeneficiary"; readonly insured_id: string; readonly person: BeneficiaryUpsertInput }
  | { readonly kind: "removeBeneficiary"; readonly insured_id: string; readonly beneficiary_id: string }

export interface CustomerFileContext {
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

export type CustomerFileEmitted = { type: "changed"; change: PeopleChange } | { type: "rejected"; failure: Failure }

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
    load: fromPromise<CustomerFileData, string>(async () => {
      throw new Error("load no configurado")
    }),
    loadSubscription: fromPromise<SubscriptionDetail, number>(async () => {
      throw new Error("loadSubscription no configurado")
    }),
    write: fromPromise<unknown, { readonly change: PeopleChange; readonly subscription_id: number }>(async () => {
      throw new Error("write no configurado")
    })
  },
  guards: {
    nothingSelected: ({ context }) => context.selected === null
  }
}).createMachine({
  id: "customerFile",
  context: ({ input }) => ({ id: input.id, data: null, selected: null, subscription: null, failure: null, subscriptionFailure: null, pending: null }),
  initial: "loading",
  states: {
    loading: {
      entry: assign({ failure: null }),
      invoke: {
        src: "load",
        input: ({ context }) => context.id,
        onDone: {
          target: "subscription",
          actions: assign({ data: ({ event }) => event.output, selected: ({ event }) => event.output.origins.origins[0]?.subscription_id ?? null })
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
        CHANGE: { guard: ({ context }) => context.selected !== null, target: "writing", actions: assign({ pending: ({ event }) => event.change }) }
      }
    },
    writing: {
      invoke: {
        src: "write",
        input: ({ context }) => {
          if (context.pending === null || context.selected === null) throw new Error("Sin cambio pendiente")
          return { change: context.pending, subscription_id: context.selected }
        },
        onDone: {
          target: "subscription",
          actions: [emit(({ context }) => ({ type: "changed" as const, change: context.pending as PeopleChange })), assign({ pending: null })]
        },
        onError: {
          target: "ready",
          actions: [emit(({ event }) => ({ type: "rejected" as const, failure: failureOf(event.error) })), assign({ pending: null })]
        }
      }
    }
  }
})

/** Who a person edit is about: a titular or a carga. */
export type CoveredKind = "insured" | "beneficiary"

/**
 * A titular or carga as stored now, read before its edit opens and again after a 412: the client
 * then remembers the person's version and sends it with the edit.
 */
export const readPerson = (call: Call, kind: CoveredKind, id: string): Promise<PersonRecord | BeneficiaryRecord> =>
  kind === "insured" ? call((c) => c.insured.getById({ path: { id } })) : call((c) => c.beneficiary.getById({ path: { id } }))

/** The page's actors over the contract. */
export const customerFileActors = (call: Call) => ({
  load: fromPromise<CustomerFileData, string>(async ({ input: id }) => {
    const [contractor, origins] = await Promise.all([
      call((c) => c.contractor.getById({ path: { id } })),
      call((c) => c.contractor.getCustomerById({ path: { id } }))
    ])
    return { contractor, origins }
  }),
  loadSubscription: fromPromise<SubscriptionDetail, number>(({ input: id }) => call((c) => c.contractor.getSubscriptionById({ path: { id } }))),
  write: fromPromise<unknown, { readonly change: PeopleChange; readonly subscription_id: number }>(({ input: { change, subscription_id } }) => {
    switch (change.kind) {
      case "insured":
        return call((c) => c.insured.update({ path: { id: change.id }, payload: change.person }))
      case "beneficiary":
        return call((c) => c.beneficiary.update({ path: { id: change.id }, payload: change.person }))
      case "addBeneficiary":
        return call((c) => c.lead.addBeneficiary({ payload: { insured_id: change.insured_id, subscription_id, beneficiary_data: change.person } }))
      case "removeBeneficiary":
        return call((c) => c.lead.removeBeneficiary({ payload: { insured_id: change.insured_id, beneficiary_id: change.beneficiary_id, subscription_id } }))
    }
  })
})
