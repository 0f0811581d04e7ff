import { Either, Schema } from "effect"
import { assertEvent, assign, emit, fromPromise, setup } from "xstate"
import type { Call } from "../client/caller.js"
import type { ApplicantLookup, HeldProduct, KnownApplicant } from "../domain/applicant.js"
import type { ServicesAndValues, ServicesAndValuesInput } from "../domain/coverage.js"
import type { CaseDocument } from "../domain/caseDocument.js"
import type { CaseView } from "../domain/caseView.js"
import type { PersonRecord, PersonUpsertInput } from "../domain/personRecord.js"
import { invalidMessage, Rut } from "../rut/Rut.js"
import { type Failure, failureOf } from "../client/machineFailure.js"
import { unprovided } from "./unprovided.js"

/**
 * Opening a case (DOMAIN "Opening a case"): RUT → titular or carga → product → assistance with
 * the coverage check → values → event → procedure → review → upsert. Each step is a state the
 * operator moves on from with NEXT (or back with BACK); RESET starts over from an empty draft.
 * The machine is pure apart from its three named actors, so a journal of its events replays into
 * the same draft (`journal.ts`): the web keeps it in the tab's storage and resumes it after a reload.
 */

export interface DraftEvent {
  readonly date: string
  /** The comuna's CUT code (the original's `location` may hold a district id; the server resolves it). */
  readonly location: string
  readonly description: string
}

/** The plan a person nobody covers takes as the case opens (type C): a channel's product. */
export interface NewcomerPlan {
  readonly retail_id: string
  readonly product_id: string
  readonly productPlan_id: string
}

/** A person nobody covers, registered by the operator (type C), and the plan they take. */
export interface Newcomer {
  readonly plan: NewcomerPlan
  /** Null while the person is being registered. */
  readonly insured: PersonRecord | null
}

/** What the operator types to register a person nobody covers (the RUT is the lookup's). */
export type NewcomerDetails = Omit<PersonUpsertInput, "rut">
type Registration = NewcomerDetails & { readonly rut: string }

export interface CaseDraftContext {
  readonly rut: string
  /** The event's day: which policies count, the coverage period and the UF. */
  readonly eventDate: string
  readonly applicant: KnownApplicant | null
  /** Nobody covered had the RUT and the operator registered the person (type C). */
  readonly newcomer: Newcomer | null
  /** The subscription chosen among the applicant's (the product they hold through it). */
  readonly product: HeldProduct | null
  readonly services: ServicesAndValues | null
  readonly assistanceId: string | null
  /** Why the operator goes ahead although the coverage check found problems; null: not asked. */
  readonly exception: string | null
  readonly values: Readonly<Record<string, string>>
  readonly event: DraftEvent
  readonly procedureId: string | null
  readonly saved: CaseView | null
  readonly failure: Failure | null
}

export type CaseDraftEvent =
  | { type: "LOOKUP"; rut: string; date: string }
  | { type: "REGISTER"; person: NewcomerDetails; plan: NewcomerPlan }
  | { type: "PICK_PRODUCT"; lead_id: string }
  | { type: "PICK_ASSISTANCE"; assistance_id: string }
  | { type: "CONFIRM_EXCEPTION"; reason: string }
  | { type: "SET_VALUE"; id: string; value: string }
  | { type: "SET_EVENT"; location?: string; description?: string }
  | { type: "SET_PROCEDURE"; procedure_id: string | null }
  | { type: "NEXT" }
  | { type: "BACK" }
  | { type: "SUBMIT" }
  | { type: "RETRY" }
  | { type: "RESET" }

export type CaseDraftEmitted = { type: "saved"; case: CaseView } | { type: "rejected"; failure: Failure }

/** The upsert body the draft stands for, in the original client's spelling (reference §1.3). */
export const draftDocument = (c: CaseDraftContext): CaseDocument => ({
  case_id: null,
  type: c.newcomer !== null ? "C" : (c.applicant?.type ?? "I"),
  insured: { id: c.newcomer?.insured?.id ?? c.applicant?.insured.id ?? null },
  beneficiary: c.applicant?.beneficiary ? { id: c.applicant.beneficiary.id } : null,
  // A newcomer pays for their own plan: the original client puts the person as the customer.
  customer: { id: c.newcomer?.insured?.id ?? c.applicant?.customer.id ?? null },
  retail: { id: c.newcomer?.plan.retail_id ?? c.product?.retail_id ?? null },
  product: {
    id: c.newcomer?.plan.product_id ?? c.product?.id ?? null,
    productPlan_id: c.newcomer?.plan.productPlan_id ?? c.product?.productPlan_id ?? null
  },
  assistance: { id: c.assistanceId },
  lead_id: c.services?.lead_id ?? c.product?.lead_id ?? null,
  productplan_id: c.newcomer?.plan.productPlan_id ?? c.product?.productPlan_id ?? null,
  values: (c.services?.values ?? []).map((v) => ({ id: v.id, value: c.values[v.id] ?? "" })),
  event: { date: c.event.date, location: c.event.location, description: c.event.description },
  files: null,
  procedure_id: c.procedureId,
  refund: null,
  specialist: null,
  alliance: null,
  cost: null,
  status: null,
  coverageException: c.exception === null || c.exception.trim() === "" ? null : c.exception.trim()
})

/** What the services call is asked for the draft's applicant and product (and assistance, once chosen). */
export const servicesQuery = (c: CaseDraftContext, assistanceId: string | null): ServicesAndValuesInput => ({
  insured_id: c.newcomer?.insured?.id ?? c.applicant?.insured.id ?? null,
  beneficiary_id: c.applicant?.beneficiary?.id ?? null,
  retail_id: c.newcomer?.plan.retail_id ?? c.product?.retail_id ?? null,
  customer_id: c.applicant?.customer.id ?? null,
  product_id: c.newcomer?.plan.product_id ?? c.product?.id ?? null,
  assistance_id: assistanceId,
  eventDate: c.eventDate
})

/** What the event still lacks, by field, in Spanish (none: it can go on). The comuna is what lists specialists. */
export const eventProblems = (event: DraftEvent): Partial<Record<"location" | "description", string>> => ({
  ...(event.location.trim() === "" ? { location: "Elija la comuna del evento" } : {}),
  ...(event.description.trim() === "" ? { description: "Describa qué pasó" } : {})
})

/** What the product step lacks, in Spanish (null: a product is chosen and the step can go on). */
export const productProblem = (c: CaseDraftContext): string | null => (c.product === null ? "Elija el producto con que se abre el caso" : null)

/** The applicant's product when they hold only one: nothing to choose, so it comes chosen. */
const onlyProduct = (applicant: KnownApplicant): HeldProduct | null => (applicant.products.length === 1 ? (applicant.products[0] ?? null) : null)

/** The coverage check's problems for the chosen assistance (none when covered or not checked). */
export const coverageProblemsOf = (c: CaseDraftContext) => c.services?.coverage?.problems ?? []

export const emptyDraft = (today: string): CaseDraftContext => ({
  rut: "",
  eventDate: today,
  applicant: null,
  newcomer: null,
  product: null,
  services: null,
  assistanceId: null,
  exception: null,
  values: {},
  event: { date: today, location: "", description: "" },
  procedureId: null,
  saved: null,
  failure: null
})

export const caseDraftMachine = setup({
  types: {
    context: {} as CaseDraftContext,
    events: {} as CaseDraftEvent,
    input: {} as { today: string },
    emitted: {} as CaseDraftEmitted
  },
  actors: {
    lookupApplicant: unprovided<ApplicantLookup, { rut: string; date: string }>("lookupApplicant"),
    loadServices: unprovided<ServicesAndValues, ServicesAndValuesInput>("loadServices"),
    save: unprovided<CaseView, CaseDocument>("save"),
    registerApplicant: unprovided<PersonRecord, Registration>("registerApplicant")
  },
  guards: {
    isCovered: ({ context }) => coverageProblemsOf(context).length === 0 || (context.exception ?? "").trim() !== "",
    hasEvent: ({ context }) => Object.keys(eventProblems(context.event)).length === 0,
    isNewcomer: ({ context }) => context.newcomer !== null
  }
}).createMachine({
  id: "caseDraft",
  context: ({ input }) => emptyDraft(input.today),
  initial: "applicant",
  on: { RESET: { target: ".applicant", actions: assign(({ context }) => emptyDraft(context.eventDate)) } },
  states: {
    applicant: {
      on: {
        LOOKUP: {
          target: "lookingUp",
          actions: assign(({ event }) => ({ ...emptyDraft(event.date), rut: event.rut.trim() }))
        }
      }
    },
    lookingUp: {
      invoke: {
        id: "lookupApplicant",
        src: "lookupApplicant",
        input: ({ context }) => ({ rut: context.rut, date: context.eventDate }),
        onDone: [
          { guard: ({ event }) => event.output.type === "C", target: "unknown" },
          {
            target: "product",
            actions: assign(({ event }) => {
              const applicant = event.output.type === "C" ? null : event.output
              return { applicant, product: applicant === null ? null : onlyProduct(applicant), failure: null }
            })
          }
        ],
        onError: { target: "applicant", actions: assign({ failure: ({ event }) => failureOf(event.error) }) }
      }
    },
    /** Nobody covered has the RUT: the operator registers the person and the plan they take (type C), or looks up another RUT. */
    unknown: {
      on: {
        LOOKUP: { target: "lookingUp", actions: assign(({ event }) => ({ ...emptyDraft(event.date), rut: event.rut.trim() })) },
        REGISTER: {
          target: "registering",
          actions: assign({ newcomer: ({ event }) => ({ plan: event.plan, insured: null }), services: null, assistanceId: null, exception: null, values: {} })
        },
        BACK: "applicant"
      }
    },
    registering: {
      invoke: {
        id: "registerApplicant",
        src: "registerApplicant",
        input: ({ context, event }) => {
          assertEvent(event, "REGISTER")
          return { ...event.person, rut: context.rut }
        },
        onDone: {
          target: "loadingServices",
          actions: assign({ newcomer: ({ context, event }) => context.newcomer && { ...context.newcomer, insured: event.output }, failure: null })
        },
        onError: { target: "unknown", actions: assign({ newcomer: null, failure: ({ event }) => failureOf(event.error) }) }
      }
    },
    product: {
      on: {
        PICK_PRODUCT: {
          target: "loadingServices",
          guard: ({ context, event }) => context.applicant?.products.some((p) => p.lead_id === event.lead_id) ?? false,
          actions: assign(({ context, event }) => ({
            product: context.applicant?.products.find((p) => p.lead_id === event.lead_id) ?? null,
            services: null,
            assistanceId: null,
            exception: null,
            values: {}
          }))
        },
        BACK: "applicant"
      }
    },
    loadingServices: {
      invoke: {
        id: "loadServices",
        src: "loadServices",
        input: ({ context }) => servicesQuery(context, context.assistanceId),
        onDone: [
          {
            guard: ({ context }) => context.assistanceId !== null,
            target: "coverage",
            actions: assign({ services: ({ event }) => event.output, failure: null })
          },
          { target: "assistance", actions: assign({ services: ({ event }) => event.output, failure: null }) }
        ],
        onError: [
          { guard: ({ context }) => context.assistanceId !== null, target: "assistance", actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
          { guard: "isNewcomer", target: "unknown", actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
          { target: "product", actions: assign({ failure: ({ event }) => failureOf(event.error) }) }
        ]
      }
    },
    assistance: {
      on: {
        PICK_ASSISTANCE: {
          target: "loadingServices",
          guard: ({ context, event }) => context.services?.assistances.some((a) => a.id === event.assistance_id) ?? false,
          actions: assign({ assistanceId: ({ event }) => event.assistance_id, exception: null, values: {} })
        },
        // A newcomer's plan was chosen with the person: back to that form.
        BACK: [{ guard: "isNewcomer", target: "unknown" }, { target: "product" }]
      }
    },
    coverage: {
      on: {
        // Kept as typed (a field shows it); trimmed when it is sent.
        CONFIRM_EXCEPTION: { actions: assign({ exception: ({ event }) => (event.reason === "" ? null : event.reason) }) },
        NEXT: { guard: "isCovered", target: "values" },
        BACK: "assistance"
      }
    },
    values: {
      on: {
        SET_VALUE: { actions: assign({ values: ({ context, event }) => ({ ...context.values, [event.id]: event.value }) }) },
        NEXT: "event",
        BACK: "coverage"
      }
    },
    event: {
      on: {
        SET_EVENT: {
          actions: assign({
            event: ({ context, event }) => ({
              ...context.event,
              ...(event.location === undefined ? {} : { location: event.location }),
              ...(event.description === undefined ? {} : { description: event.description })
            })
          })
        },
        NEXT: { guard: "hasEvent", target: "procedure" },
        BACK: "values"
      }
    },
    procedure: {
      on: {
        SET_PROCEDURE: { actions: assign({ procedureId: ({ event }) => event.procedure_id }) },
        NEXT: "review",
        BACK: "event"
      }
    },
    review: {
      on: { SUBMIT: "saving", BACK: "procedure" }
    },
    saving: {
      invoke: {
        id: "save",
        src: "save",
        input: ({ context }) => draftDocument(context),
        onDone: {
          target: "done",
          actions: [assign({ saved: ({ event }) => event.output, failure: null }), emit(({ event }) => ({ type: "saved" as const, case: event.output }))]
        },
        onError: {
          target: "review",
          actions: [
            assign({ failure: ({ event }) => failureOf(event.error) }),
            emit(({ event }) => ({ type: "rejected" as const, failure: failureOf(event.error) }))
          ]
        }
      }
    },
    /** The case exists: its number is in `saved`. RESET opens the next one. */
    done: { type: "final" }
  }
})

const decodeRut = Schema.decodeUnknownEither(Rut)

const invalidRut = () => Promise.reject({ message: invalidMessage, status: 400, issues: [{ path: ["rut"], message: "RUT inválido" }] })

/** The draft's actors on the typed client. A RUT that is not one fails here, as the server would (400). */
export const caseDraftActors = (call: Call) => ({
  lookupApplicant: fromPromise<ApplicantLookup, { rut: string; date: string }>(({ input }) =>
    Either.match(decodeRut(input.rut), {
      onLeft: invalidRut,
      onRight: (rut) => call((c) => c.caseIntake.getApplicantByRut({ path: { rut }, urlParams: { date: input.date } }))
    })
  ),
  loadServices: fromPromise<ServicesAndValues, ServicesAndValuesInput>(({ input }) => call((c) => c.caseIntake.getServicesAndValues({ payload: input }))),
  save: fromPromise<CaseView, CaseDocument>(({ input }) => call((c) => c.case.upsert({ payload: input }))),
  registerApplicant: fromPromise<PersonRecord, Registration>(({ input }) =>
    Either.match(decodeRut(input.rut), {
      onLeft: invalidRut,
      onRight: (rut) => call((c) => c.insured.upsert({ payload: { ...input, rut } }))
    })
  )
})
