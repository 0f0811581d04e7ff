import { assertEvent, assign, emit, fromPromise, setup } from "xstate"
import type { Call } from "../client/caller.js"
import type { ContractorCreateInput, ContractorDetail } from "../domain/contractorRecord.js"
import type { BeneficiaryRecord, BeneficiaryUpsertInput, PersonRecord, PersonUpsertInput } from "../domain/personRecord.js"
import type { CustomerOrigins, SubscriptionDetail } from "../domain/subscription.js"
import { type Failure, failureOf } from "./failure.js"

/** A contractor's page: their own fields and payments (`getById`) and their subscriptions (`getCustomerById`). */
export interface CustomerFileData {
  readonly contractor: ContractorDetail
  readonly origins: CustomerOrigins
}

/**
 * A change to the contractor's own data, or to who the selected subscription covers. An edit of
 * the contractor, a titular or a carga names the record by `id`: it is written by id, with the
 * version last read (a 412 over someone else's change).
 */
export type PeopleChange =
  | { readonly kind: "contractor"; readonly id: string; readonly contractor: ContractorCreateInput }
  | { readonly kind: "insured"; readonly id: string; readonly person: PersonUpsertInput }
  | { readonly kind: "beneficiary"; readonly id: string; readonly person: BeneficiaryUpsertInput }
  | { readonly kind: "addBeneficiary"; readonly insured_id: string; readonly person: BeneficiaryUpsertInput }
  | { readonly kind: "removeBeneficiary"; readonly insured_id: string; readonly beneficiary_id: string }

/** What `write` is given: the change, and the subscription shown (null when there is none). */
export interface WriteInput {
  readonly change: PeopleChange
  readonly subscription_id: number | null
}

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
    write: fromPromise<unknown, WriteInput>(async () => {
      throw new Error("write no configurado")
    })
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
          actions: assign({
            data: ({ event }) => event.output,
            // A reload keeps the subscription shown, if it is still there.
            selected: ({ context, event }) => {
              const ids = event.output.origins.origins.map((o) => o.subscription_id)
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
        CHANGE: { guard: "canChange", target: "writing", actions: assign({ pending: ({ event }) => event.change }) }
      }
    },
    writing: {
      invoke: {
        src: "write",
        input: ({ context }) => {
          if (context.pending === null) throw new Error("Sin cambio pendiente")
          return { change: context.pending, subscription_id: context.selected }
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

/** Who a person edit is about: a titular or a carga. */
export type CoveredKind = "insured" | "beneficiary"

/**
 * A titular or carga as stored now, read before its edit opens and again after a 412: the client
 * then remembers the person's version and sends it with the edit.
 */
export const readPerson = (call: Call, kind: CoveredKind, id: string): Promise<PersonRecord | BeneficiaryRecord> =>
  kind === "insured" ? call((c) => c.insured.getById({ path: { id } })) : call((c) => c.beneficiary.getById({ path: { id } }))

/** The contractor as stored now, read before its edit opens and again after a 412 (as `readPerson`). */
export const readContractor = (call: Call, id: string): Promise<ContractorDetail> => call((c) => c.contractor.getById({ path: { id } }))

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
  write: fromPromise<unknown, WriteInput>(({ input: { change, subscription_id } }) => {
    if (change.kind === "contractor") return call((c) => c.contractor.update({ path: { id: change.id }, payload: change.contractor }))
    if (subscription_id === null) return Promise.reject(new Error("Elija una suscripción"))
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
