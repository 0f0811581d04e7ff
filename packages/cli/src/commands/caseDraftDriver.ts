import { createActor, type SnapshotFrom, waitFor } from "xstate"
import {
  type Call,
  type CaseDraftContext,
  type CaseDraftEvent,
  caseDraftActors,
  caseDraftMachine,
  type CaseView,
  type CoverageProblem,
  coverageProblemsOf,
  type Failure,
  type KnownApplicant,
  type NewcomerDetails,
  type NewcomerPlan,
  type OfferedAssistance
} from "@palma/core"
import { CliError, ExitCode } from "../errors.js"

/** A person nobody covers, as `palma case new` registers them: who they are and the plan they take. */
export interface NewcomerAnswer {
  readonly person: NewcomerDetails
  readonly plan: NewcomerPlan
}

/** What the case asks for, a value at a time. */
export interface CaseValue {
  readonly id: string
  readonly name: string
}

/**
 * Where the answers to the draft's steps come from: a file (`--from`) or the person at the
 * terminal. Each method answers the step the machine is waiting in; throwing a CliError stops
 * without opening the case.
 */
export interface DraftAnswers {
  /** A call the machine saw refused: a file stops there, a person is told and asked that step again. */
  readonly refused: (failure: Failure) => void
  /** The RUT to look up and the event's day, given the day so far (today, or the one a refused lookup had). */
  readonly applicant: (day: string) => Promise<{ readonly rut: string; readonly date: string }>
  /** Nobody covers the RUT on that day: register the person on a plan, or look up another RUT. */
  readonly newcomer: (rut: string, date: string) => Promise<NewcomerAnswer | "anotherRut">
  readonly product: (applicant: KnownApplicant) => Promise<KnownApplicant["products"][number]>
  readonly assistance: (offered: ReadonlyArray<OfferedAssistance>) => Promise<OfferedAssistance>
  /** Given the coverage check's problems (none: covered), the reason to go ahead anyway, or null when covered. */
  readonly coverage: (problems: ReadonlyArray<CoverageProblem>) => Promise<string | null>
  /** The values the assistance asks for, by id; those left out stay blank. */
  readonly values: (asked: ReadonlyArray<CaseValue>) => Promise<Readonly<Record<string, string>>>
  /** The comuna (a CUT code or name; the server resolves it) or any place, and what happened. */
  readonly event: () => Promise<{ readonly location: string; readonly description: string }>
  /** The procedure's id, or null to leave it for later. */
  readonly procedure: () => Promise<string | null>
  /** Whether to open the case as drafted. */
  readonly confirm: (draft: CaseDraftContext) => Promise<boolean>
}

type Step = SnapshotFrom<typeof caseDraftMachine>["value"]

/** While the machine waits on the server there is nothing to answer. */
const busy: ReadonlyArray<Step> = ["lookingUp", "registering", "loadingServices", "saving"]

/** The plans a newcomer may take, named «Canal · Producto» as the screen's picker does. */
export const newcomerPlans = async (call: Call) => {
  const retails = await call((c) => c.retail.getProductsAndRetail())
  return retails.flatMap((r) =>
    r.products.map((p) => ({
      id: p.productplan_id,
      name: `${r.name} · ${p.name}`,
      plan: { retail_id: r.id, product_id: p.id, productPlan_id: p.productplan_id }
    }))
  )
}

const blankAsNull = (text: string | undefined) => (text === undefined || text.trim() === "" ? null : text.trim())

/** What the operator gives to register a person, optional contact details blank when not given. */
export const newcomerDetails = (given: {
  readonly name: string
  readonly paternalLastName: string
  readonly maternalLastName?: string | undefined
  readonly email?: string | undefined
  readonly phone?: string | undefined
}): NewcomerDetails => ({
  name: given.name.trim(),
  paternalLastName: given.paternalLastName.trim(),
  maternalLastName: given.maternalLastName?.trim() ?? "",
  address: "",
  district: null,
  email: blankAsNull(given.email),
  phone: blankAsNull(given.phone),
  birthDate: null
})

/**
 * Opens a case by driving the caseDraft machine, the screen's, step by step: whichever state it
 * waits in, the matching answer is sent, until the case is saved. A refused call leaves the machine
 * in the step to answer again (the RUT after a refused lookup, the review after a refused save).
 */
export const driveCaseDraft = async (call: Call, today: string, answers: DraftAnswers): Promise<CaseView> => {
  const actor = createActor(caseDraftMachine.provide({ actors: caseDraftActors(call) }), { input: { today } }).start()
  // Whether the last answer moved the machine on, read as it is sent: an invoke it starts may
  // fail back into the same step before the answer's promise settles.
  let moved = false
  let step: Step = "applicant"
  const send: Send = (event) => {
    actor.send(event)
    moved = actor.getSnapshot().value !== step
  }
  // The failure stays in the context until the next call succeeds: tell each one once.
  let told: Failure | null = null
  try {
    for (;;) {
      const snapshot = await waitFor(actor, (s) => !busy.includes(s.value))
      const { context } = snapshot
      step = snapshot.value
      if (step === "done" && context.saved !== null) return context.saved
      if (context.failure !== null && context.failure !== told) {
        told = context.failure
        answers.refused(context.failure)
      }
      moved = false
      await answer(step, context, answers, send)
      // A guard that refuses an answer (no reason for a coverage exception, an event without its
      // comuna) would have a file answer the same forever; the sources check first, this is the net.
      if (!moved) throw new CliError(`El caso quedó incompleto en el paso «${step}».`, ExitCode.failure)
    }
  } finally {
    actor.stop()
  }
}

type Send = (event: CaseDraftEvent) => void

const answer = async (step: Step, context: CaseDraftContext, answers: DraftAnswers, send: Send) => {
  switch (step) {
    case "applicant": {
      const { rut, date } = await answers.applicant(context.eventDate)
      return send({ type: "LOOKUP", rut, date })
    }
    case "unknown": {
      const newcomer = await answers.newcomer(context.rut, context.eventDate)
      return send(newcomer === "anotherRut" ? { type: "BACK" } : { type: "REGISTER", ...newcomer })
    }
    case "product":
      // The machine is in `product` only with an applicant found.
      return send({ type: "PICK_PRODUCT", lead_id: (await answers.product(context.applicant!)).lead_id })
    case "assistance":
      return send({ type: "PICK_ASSISTANCE", assistance_id: (await answers.assistance(context.services?.assistances ?? [])).id })
    case "coverage": {
      const reason = await answers.coverage(coverageProblemsOf(context))
      if (reason !== null) send({ type: "CONFIRM_EXCEPTION", reason })
      return send({ type: "NEXT" })
    }
    case "values": {
      const values = await answers.values(context.services?.values ?? [])
      for (const [id, value] of Object.entries(values)) send({ type: "SET_VALUE", id, value })
      return send({ type: "NEXT" })
    }
    case "event": {
      const { location, description } = await answers.event()
      send({ type: "SET_EVENT", location, description })
      return send({ type: "NEXT" })
    }
    case "procedure": {
      const procedureId = await answers.procedure()
      if (procedureId !== null) send({ type: "SET_PROCEDURE", procedure_id: procedureId })
      return send({ type: "NEXT" })
    }
    case "review":
      if (!(await answers.confirm(context))) throw new CliError("Caso no abierto.", ExitCode.failure)
      return send({ type: "SUBMIT" })
    default:
      // The busy states are waited out above; `done` always has the saved case.
      throw new CliError(`Paso inesperado del caso: ${step}.`, ExitCode.failure)
  }
}
