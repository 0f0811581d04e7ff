import { describe, expect, it } from "vitest"
import { initialTransition, type SnapshotFrom, transition } from "xstate"
import type { Call } from "../../src/client/caller.js"
import type { RetailDetail, RetailInput } from "../../src/domain/retail.js"
import { recordVersion } from "../../src/machines/record.js"
import { retailMachine } from "../../src/machines/retail.js"
import { emittedBy } from "./fixtures.js"

// Pure transitions run no actor: the machine's calls are never made.
const unused: Call = () => Promise.reject(new Error("sin red en transiciones puras"))
const machine = retailMachine(unused)
type Snap = SnapshotFrom<typeof machine>
type Ev = Parameters<typeof transition<typeof machine>>[2]

const retail = { id: "r1", rut: "76512340-2", name: "Tiendas Andes" } as unknown as RetailDetail
const input = (rut: string) => ({ rut, name: "Tiendas Andes" }) as unknown as RetailInput
const step = (s: Snap, e: Ev) => transition(machine, s, e)
const fold = (s: Snap, ...events: Ev[]) => events.reduce<Snap>((acc, e) => step(acc, e)[0], s)
const spawned = (actions: ReadonlyArray<{ type: string; params?: unknown }>) =>
  actions.filter((a) => a.type === "xstate.spawnChild").map((a) => a.params as { src: string; input: unknown })

const fresh = () => initialTransition(machine, { id: null })[0]

describe("retail machine (pure transitions)", () => {
  it("a new retail starts ready with nothing to load; a known one loads it; one the opener had is ready at once", () => {
    expect(fresh().value).toBe("ready")
    const [loading, actions] = initialTransition(machine, { id: "r1" })
    expect(loading.value).toBe("loading")
    expect(spawned(actions)).toEqual([expect.objectContaining({ src: "load", input: "r1" })])
    expect(initialTransition(machine, { id: "r1", record: retail })[0].context.record).toEqual(retail)
  })

  it("a load failure keeps its message and status; RETRY loads again", () => {
    const failure = fold(initialTransition(machine, { id: "r1" })[0], {
      type: "xstate.error.actor.0.retail.loading",
      error: { message: "No se encontró el canal", status: 404 }
    } as never)
    expect(failure.value).toBe("failure")
    expect(failure.context.failure).toEqual({ message: "No se encontró el canal", status: 404, issues: [] })
    expect(step(failure, { type: "RETRY" })[0].value).toBe("loading")
  })

  it("saving a new retail first looks its RUT up; a free RUT goes on to save it", () => {
    const [checking, actions] = step(fresh(), { type: "SAVE", input: input("76512340-2") })
    expect(checking.value).toBe("checking")
    expect(spawned(actions)).toEqual([expect.objectContaining({ src: "find", input: "76512340-2" })])
    const [saving, saveActions] = step(checking, { type: "xstate.done.actor.0.retail.checking", output: null } as never)
    expect(saving.value).toBe("saving")
    expect(spawned(saveActions)[0]).toMatchObject({ src: "save", input: { id: null, input: input("76512340-2"), record: null } })
    const [ready, savedActions] = step(saving, { type: "xstate.done.actor.0.retail.saving", output: { record: retail, version: undefined } } as never)
    expect(ready.value).toBe("ready")
    expect(ready.context.record).toEqual(retail)
    expect(emittedBy(savedActions)).toEqual([{ type: "saved", record: retail, version: undefined, created: true }])
  })

  it("a taken RUT emits `exists` with that retail and its version, and stops: nothing is written", () => {
    const [found, actions] = step(fold(fresh(), { type: "CHECK", key: "76512340-2" }), {
      type: "xstate.done.actor.0.retail.checking",
      output: { record: retail, version: '"3"' }
    } as never)
    expect(found.value).toBe("found")
    expect(found.status).toBe("done")
    expect(emittedBy(actions)).toEqual([{ type: "exists", record: retail, version: '"3"' }])
    expect(spawned(actions)).toEqual([])
  })

  it("a RUT looked up on leaving the field is not asked again on save", () => {
    const checked = fold(fresh(), { type: "CHECK", key: "76512340-2" }, { type: "xstate.done.actor.0.retail.checking", output: null } as never)
    expect(checked.value).toBe("ready")
    expect(step(checked, { type: "CHECK", key: "76512340-2" })[0].value).toBe("ready")
    expect(step(checked, { type: "SAVE", input: input("76512340-2") })[0].value).toBe("saving")
    expect(step(checked, { type: "SAVE", input: input("77345670-4") })[0].value).toBe("checking")
  })

  it("an existing retail saves without a lookup; a refusal keeps message, status and issues, and is emitted", () => {
    const s = initialTransition(machine, { id: "r1", record: retail })[0]
    const [saving] = step(s, { type: "SAVE", input: input("76512340-2") })
    expect(saving.value).toBe("saving")
    const issues = [{ path: ["email"], message: "Correo inválido" }]
    const [ready, actions] = step(saving, { type: "xstate.error.actor.0.retail.saving", error: { message: "Datos inválidos", status: 400, issues } } as never)
    expect(ready.value).toBe("ready")
    expect(ready.context.rejection).toEqual({ message: "Datos inválidos", status: 400, issues })
    expect(ready.context.pending).toBeNull()
    expect(emittedBy(actions)).toEqual([{ type: "rejected", failure: { message: "Datos inválidos", status: 400, issues } }])
  })

  it("keeps the version it loaded and sends it with the save; a save answers the next one", () => {
    const [loading] = initialTransition(machine, { id: "r1" })
    const ready = step(loading, { type: "xstate.done.actor.0.retail.loading", output: { record: retail, version: '"3"' } } as never)[0]
    expect(recordVersion(ready.context)).toBe('"3"')
    const [saving, actions] = step(ready, { type: "SAVE", input: {} as RetailInput })
    expect(spawned(actions)[0]).toMatchObject({ src: "save", input: { id: "r1", version: '"3"' } })
    const saved = step(saving, { type: "xstate.done.actor.0.retail.saving", output: { record: retail, version: '"4"' } } as never)[0]
    expect(recordVersion(saved.context)).toBe('"4"')
    // A read answered without a version leaves the record unguarded rather than guarded by a stale one.
    const reloaded = step(step(saved, { type: "RELOAD" })[0], {
      type: "xstate.done.actor.0.retail.reloading",
      output: { record: retail, version: undefined }
    } as never)[0]
    expect(reloaded.context.versions).toEqual({})
  })

  it("sends the version the page that opened it handed over with the record", () => {
    const [ready] = initialTransition(machine, { id: "r1", record: retail, version: '"9"' })
    expect(ready.context.versions).toEqual({ r1: '"9"' })
    const [, deletes] = step(ready, { type: "DELETE" })
    expect(spawned(deletes)[0]).toMatchObject({ src: "remove", input: { id: "r1", version: '"9"' } })
    const [, saves] = step(ready, { type: "SAVE", input: {} as RetailInput })
    expect(spawned(saves)[0]).toMatchObject({ src: "save", input: { id: "r1", version: '"9"' } })
  })
})
