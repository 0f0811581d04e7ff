import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { type CaseDraftEvent, caseDraftMachine } from "../../src/machines/caseDraft.js"
import { appendToCaseDraftJournal } from "../../src/client/caseDraftJournal.js"
import { type Journal, replay, resumeFrom } from "../../src/client/journal.js"
import { applicant, done, services, toCoverage, today } from "../machines/caseDraftFixtures.js"

const entry = (event: CaseDraftEvent) => ({ at: "2026-11-23T12:00:00.000Z", event: event as unknown as { type: string } })
const journalOf = (events: ReadonlyArray<CaseDraftEvent>): Journal => events.map(entry)
const input = { today }

describe("resuming a caseDraft after a reload (journal.resumeFrom)", () => {
  it("resumes at the step the journal reached, with what was typed", () => {
    const journal = journalOf([...toCoverage(), { type: "NEXT" }, { type: "SET_VALUE", id: "v1", value: "AB-CD-12" }])
    const resumed = resumeFrom(caseDraftMachine, journal, input)!
    expect(resumed.journal).toEqual(journal)
    const actor = createActor(caseDraftMachine, { input, snapshot: resumed.snapshot }).start()
    expect(actor.getSnapshot().value).toBe("values")
    expect(actor.getSnapshot().context.values).toEqual({ v1: "AB-CD-12" })
    expect(actor.getSnapshot().can({ type: "NEXT" })).toBe(true)
  })

  it("a call the reload cut off is asked again: the journal resumes before it, at the step that asked", () => {
    const journal = journalOf([
      { type: "LOOKUP", rut: "12.345.678-5", date: today },
      done("lookupApplicant", applicant),
      { type: "PICK_PRODUCT", lead_id: "l1" }
    ])
    const resumed = resumeFrom(caseDraftMachine, journal, input)!
    expect(resumed.journal).toHaveLength(2)
    expect(replay(caseDraftMachine, resumed.journal, input).value).toBe("product")
  })

  it("there is nothing to resume from an empty journal, one cut off at its first call, or a saved case", () => {
    expect(resumeFrom(caseDraftMachine, [], input)).toBeUndefined()
    expect(resumeFrom(caseDraftMachine, journalOf([{ type: "LOOKUP", rut: "1-9", date: today }]), input)).toBeUndefined()
    const saved = journalOf([
      ...toCoverage(),
      { type: "NEXT" },
      { type: "NEXT" },
      { type: "SET_EVENT", location: "13120", description: "Filtración" },
      { type: "NEXT" },
      { type: "NEXT" },
      { type: "SUBMIT" },
      done("save", { case_id: "k1", case_number: 1001 })
    ])
    expect(replay(caseDraftMachine, saved, input).status).toBe("done")
    expect(resumeFrom(caseDraftMachine, saved, input)).toBeUndefined()
  })

  it("a resumed draft runs on: its calls go to the actors it is given", async () => {
    const resumed = resumeFrom(caseDraftMachine, journalOf([{ type: "LOOKUP", rut: "12.345.678-5", date: today }, done("lookupApplicant", applicant)]), input)!
    const logic = caseDraftMachine.provide({ actors: { loadServices: fromPromise(async () => services([])) } })
    const actor = createActor(logic, { input, snapshot: resumed.snapshot }).start()
    actor.send({ type: "PICK_PRODUCT", lead_id: "l1" })
    await waitFor(actor, (s) => s.matches("assistance"))
    expect(actor.getSnapshot().context.services?.lead_id).toBe("l1")
  })
})

describe("appendToCaseDraftJournal", () => {
  const typing: fc.Arbitrary<CaseDraftEvent> = fc.oneof(
    fc.record({ type: fc.constant("SET_VALUE" as const), id: fc.constantFrom("v1", "v2"), value: fc.string({ maxLength: 4 }) }),
    fc.record({ type: fc.constant("SET_EVENT" as const), location: fc.string({ maxLength: 4 }) }),
    fc.record({ type: fc.constant("SET_EVENT" as const), description: fc.string({ maxLength: 4 }) }),
    fc.record({ type: fc.constant("CONFIRM_EXCEPTION" as const), reason: fc.string({ maxLength: 4 }) })
  )
  const step: fc.Arbitrary<CaseDraftEvent> = fc.oneof(
    typing,
    fc.constantFrom<CaseDraftEvent>({ type: "NEXT" }, { type: "BACK" }, { type: "RESET" }, { type: "SET_PROCEDURE", procedure_id: "proc-specialist" })
  )

  it("replays to the same draft as every event would, and stays as short as the steps taken", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const events = [...toCoverage([{ code: "lack", message: "En carencia" }]), ...steps]
        const all = journalOf(events)
        const kept = all.reduce<Journal>(appendToCaseDraftJournal, [])
        const [full, short] = [replay(caseDraftMachine, all, input), replay(caseDraftMachine, kept, input)]
        expect(short.value).toEqual(full.value)
        expect(short.context).toEqual(full.context)
        expect(kept.length).toBeLessThanOrEqual(all.length)
      })
    )
  })

  it("keeps one entry for a field typed letter by letter, and none after RESET", () => {
    const typed = ["F", "Fi", "Fil"].map((description) => entry({ type: "SET_EVENT", description }))
    const kept = typed.reduce<Journal>(appendToCaseDraftJournal, journalOf([{ type: "NEXT" }]))
    expect(kept.map((e) => e.event)).toEqual([{ type: "NEXT" }, { type: "SET_EVENT", description: "Fil" }])
    expect(appendToCaseDraftJournal(kept, entry({ type: "RESET" }))).toEqual([])
  })
})
