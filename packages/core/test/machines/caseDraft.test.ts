import { describe, expect, it } from "vitest"
import { createActor, fromPromise, initialTransition, transition, type SnapshotFrom, waitFor } from "xstate"
import { getShortestPaths } from "xstate/graph"
import type { ApplicantLookup } from "../../src/domain/applicant.js"
import type { CaseDocument } from "../../src/domain/caseDocument.js"
import type { ServicesAndValues, ServicesAndValuesInput } from "../../src/domain/coverage.js"
import type { CaseView } from "../../src/domain/caseView.js"
import { type CaseDraftEvent, caseDraftMachine, draftDocument, eventProblems, productProblem } from "../../src/machines/caseDraft.js"
import { replay } from "../../src/client/journal.js"
import { applicant, done, failed, newcomerDetails, newcomerPlan, newcomerRecord, services, toCoverage, today } from "./caseDraftFixtures.js"

type Snap = SnapshotFrom<typeof caseDraftMachine>

const run = (events: ReadonlyArray<CaseDraftEvent>): Snap => {
  const [initial] = initialTransition(caseDraftMachine, { today })
  return events.reduce<Snap>((snap, event) => transition(caseDraftMachine, snap, event)[0], initial)
}

describe("caseDraft, as pure transitions", () => {
  it("walks RUT → product → assistance → coverage → values → event → procedure → review", () => {
    const snap = run([
      ...toCoverage(),
      { type: "NEXT" },
      { type: "SET_VALUE", id: "v1", value: "AB-CD-12" },
      { type: "NEXT" },
      { type: "SET_EVENT", location: "Ñuñoa", description: "Filtración" },
      { type: "NEXT" },
      { type: "SET_PROCEDURE", procedure_id: "proc-specialist" },
      { type: "NEXT" }
    ])
    expect(snap.value).toBe("review")
    expect(draftDocument(snap.context)).toMatchObject({
      case_id: null,
      type: "I",
      insured: { id: "i1" },
      customer: { id: "c1" },
      retail: { id: "r1" },
      product: { id: "p1" },
      assistance: { id: "a1" },
      lead_id: "l1",
      values: [{ id: "v1", value: "AB-CD-12" }],
      event: { date: today, location: "Ñuñoa", description: "Filtración" },
      procedure_id: "proc-specialist",
      coverageException: null
    })
  })

  it("comes with the product chosen when the applicant holds only one, and says what is missing when they hold several", () => {
    const single = run([{ type: "LOOKUP", rut: "12.345.678-5", date: today }, done("lookupApplicant", applicant)])
    expect(single.value).toBe("product")
    expect(single.context.product?.lead_id).toBe("l1")
    expect(productProblem(single.context)).toBeNull()

    const second = { ...applicant.products[0]!, lead_id: "l2", policy: { number: "100002", startDate: "2026-01-01", endDate: "2026-12-31" } }
    const several = run([
      { type: "LOOKUP", rut: "12.345.678-5", date: today },
      done("lookupApplicant", { ...applicant, products: [...applicant.products, second] })
    ])
    expect(several.value).toBe("product")
    expect(several.context.product).toBeNull()
    expect(productProblem(several.context)).toBe("Elija el producto con que se abre el caso")
  })

  it("does not go past a coverage problem without an explicit exception with a reason, and records the reason", () => {
    const blocked = run([...toCoverage([{ code: "lack", message: "En carencia" }]), { type: "NEXT" }])
    expect(blocked.value).toBe("coverage")
    expect(run([...toCoverage([{ code: "lack", message: "En carencia" }]), { type: "CONFIRM_EXCEPTION", reason: "  " }, { type: "NEXT" }]).value).toBe(
      "coverage"
    )
    const allowed = run([
      ...toCoverage([{ code: "lack", message: "En carencia" }]),
      { type: "CONFIRM_EXCEPTION", reason: "Autoriza supervisión" },
      { type: "NEXT" }
    ])
    expect(allowed.value).toBe("values")
    expect(draftDocument(allowed.context).coverageException).toBe("Autoriza supervisión")
  })

  it("stops at an unknown RUT, keeps a failed lookup's message, and needs a comuna and a description before the procedure", () => {
    expect(run([{ type: "LOOKUP", rut: "1-9", date: today }, done("lookupApplicant", { type: "C" })]).value).toBe("unknown")
    const failedLookup = run([{ type: "LOOKUP", rut: "x", date: today }, failed("lookupApplicant", { message: "RUT inválido", status: 400, issues: [] })])
    expect(failedLookup.value).toBe("applicant")
    expect(failedLookup.context.failure).toEqual({ message: "RUT inválido", status: 400, issues: [] })
    expect(run([...toCoverage(), { type: "NEXT" }, { type: "NEXT" }, { type: "NEXT" }]).value).toBe("event")
    const noComuna = run([...toCoverage(), { type: "NEXT" }, { type: "NEXT" }, { type: "SET_EVENT", description: "Filtración" }, { type: "NEXT" }])
    expect(noComuna.value).toBe("event")
    expect(eventProblems(noComuna.context.event)).toEqual({ location: "Elija la comuna del evento" })
    expect(run([...toCoverage(), { type: "NEXT" }, { type: "NEXT" }, { type: "SET_EVENT", location: " ", description: "x" }, { type: "NEXT" }]).value).toBe(
      "event"
    )
  })

  it("a refused save goes back to review with the server's message; RESET empties the draft from anywhere", () => {
    const review = [
      ...toCoverage(),
      { type: "NEXT" },
      { type: "NEXT" },
      { type: "SET_EVENT", location: "13120", description: "x" },
      { type: "NEXT" },
      { type: "NEXT" }
    ] as ReadonlyArray<CaseDraftEvent>
    const refused = run([...review, { type: "SUBMIT" }, failed("save", { message: "El caso está cerrado", status: 409, issues: [] })])
    expect(refused.value).toBe("review")
    expect(refused.context.failure?.status).toBe(409)
    const reset = run([...review, { type: "RESET" }])
    expect(reset.value).toBe("applicant")
    expect(reset.context.applicant).toBeNull()
    expect(reset.context.eventDate).toBe(today)
  })

  it("a journal of the events replays into the same draft (a reload resumes where it was)", () => {
    const events = [...toCoverage(), { type: "NEXT" }, { type: "SET_VALUE", id: "v1", value: "1" }] as ReadonlyArray<CaseDraftEvent>
    const replayed = replay(
      caseDraftMachine,
      events.map((event) => ({ at: "2026-11-23T12:00:00.000Z", event })),
      { today }
    )
    expect(replayed.value).toBe(run(events).value)
    expect(replayed.context).toEqual(run(events).context)
  })
})

describe("a person nobody covers (type C)", () => {
  const toServices = [
    { type: "LOOKUP", rut: "12.345.678-5", date: today },
    done("lookupApplicant", { type: "C" }),
    { type: "REGISTER", person: newcomerDetails, plan: newcomerPlan },
    done("registerApplicant", newcomerRecord),
    done("loadServices", { ...services([]), lead_id: null })
  ] as ReadonlyArray<CaseDraftEvent>

  it("is registered with the plan they take, and the case is posted as the original client posts a type C", () => {
    expect(run(toServices.slice(0, 3)).value).toBe("registering")
    const snap = run([
      ...toServices,
      { type: "PICK_ASSISTANCE", assistance_id: "a1" },
      done("loadServices", { ...services([{ code: "lack", message: "Sin póliza vigente" }]), lead_id: null }),
      { type: "NEXT" },
      { type: "CONFIRM_EXCEPTION", reason: "Cliente nuevo" },
      { type: "NEXT" },
      { type: "NEXT" },
      { type: "SET_EVENT", location: "13120", description: "Filtración" },
      { type: "NEXT" },
      { type: "NEXT" }
    ])
    expect(snap.value).toBe("review")
    expect(draftDocument(snap.context)).toMatchObject({
      type: "C",
      insured: { id: "n1" },
      customer: { id: "n1" },
      retail: { id: "r1" },
      product: { id: "p1", productPlan_id: "pp1" },
      lead_id: null,
      productplan_id: "pp1",
      coverageException: "Cliente nuevo"
    })
  })

  it("goes back from the services to the registration, and a refused registration stays there with its message", () => {
    expect(run([...toServices, { type: "BACK" }]).value).toBe("unknown")
    const refused = run([...toServices.slice(0, 3), failed("registerApplicant", { message: "Correo electrónico inválido", status: 400 })])
    expect(refused.value).toBe("unknown")
    expect(refused.context.newcomer).toBeNull()
    expect(refused.context.failure?.message).toBe("Correo electrónico inválido")
  })
})

describe("caseDraft's paths (xstate/graph)", () => {
  const events = (): ReadonlyArray<CaseDraftEvent> => [
    { type: "LOOKUP", rut: "12.345.678-5", date: today },
    done("lookupApplicant", applicant),
    { type: "PICK_PRODUCT", lead_id: "l1" },
    done("loadServices", services([])),
    { type: "PICK_ASSISTANCE", assistance_id: "a1" },
    { type: "NEXT" },
    { type: "SET_EVENT", location: "13120", description: "Filtración" },
    { type: "SUBMIT" },
    done("save", { case_id: "k1", case_number: 1001 }),
    done("lookupApplicant", { type: "C" }),
    { type: "REGISTER", person: newcomerDetails, plan: newcomerPlan },
    done("registerApplicant", newcomerRecord)
  ]

  it("reach every step, and every way to a saved case goes through the review and a save", () => {
    const paths = getShortestPaths(caseDraftMachine, { events: events as never, input: { today } })
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)))
    for (const state of [
      "applicant",
      "lookingUp",
      "unknown",
      "registering",
      "product",
      "loadingServices",
      "assistance",
      "coverage",
      "values",
      "event",
      "procedure",
      "review",
      "saving",
      "done"
    ]) {
      expect(reached, state).toContain(JSON.stringify(state))
    }
    for (const path of paths.filter((p) => p.state.value === "done")) {
      const types = path.steps.map((s) => s.event.type)
      expect(types).toContain("SUBMIT")
      expect(types.indexOf("SET_EVENT")).toBeLessThan(types.indexOf("SUBMIT"))
      expect(path.state.context.saved).toMatchObject({ case_number: 1001 })
    }
  })
})

describe("caseDraft with its actors", () => {
  it("emits the saved case once the server answers", async () => {
    const saved = { case_id: "k1", case_number: 1042 } as unknown as CaseView
    const machine = caseDraftMachine.provide({
      actors: {
        lookupApplicant: fromPromise<ApplicantLookup, { rut: string; date: string }>(async () => applicant),
        loadServices: fromPromise<ServicesAndValues, ServicesAndValuesInput>(async () => services([])),
        save: fromPromise<CaseView, CaseDocument>(async () => saved)
      }
    })
    const actor = createActor(machine, { input: { today } }).start()
    const emitted = new Promise((resolve) => actor.on("saved", resolve))
    actor.send({ type: "LOOKUP", rut: "12.345.678-5", date: today })
    await waitFor(actor, (s) => s.matches("product"))
    actor.send({ type: "PICK_PRODUCT", lead_id: "l1" })
    await waitFor(actor, (s) => s.matches("assistance"))
    actor.send({ type: "PICK_ASSISTANCE", assistance_id: "a1" })
    await waitFor(actor, (s) => s.matches("coverage"))
    for (const event of [
      { type: "NEXT" },
      { type: "NEXT" },
      { type: "SET_EVENT", location: "13120", description: "x" },
      { type: "NEXT" },
      { type: "NEXT" },
      { type: "SUBMIT" }
    ] as const)
      actor.send(event)
    expect(await emitted).toEqual({ type: "saved", case: saved })
    expect(actor.getSnapshot().value).toBe("done")
  })
})
