import { describe, expect, it } from "vitest"
import { initialTransition, type SnapshotFrom, transition } from "xstate"
import type { Call } from "../../src/client/caller.js"
import type { FileFormat, FileFormatInput, RosterField } from "../../src/domain/fileFormat.js"
import { fileFormatMachine, type PlanFormat, savedColumns } from "../../src/machines/fileFormat.js"
import { recordVersion } from "../../src/machines/record.js"
import { replay } from "../../src/client/journal.js"
import { emittedBy } from "./fixtures.js"

const unused: Call = () => Promise.reject(new Error("sin red en transiciones puras"))
const machine = fileFormatMachine(unused)
type Snap = SnapshotFrom<typeof machine>
type Ev = Parameters<typeof transition<typeof machine>>[2]

const fields = [
  { field: "rut", label: "RUT", required: true },
  { field: "name", label: "Nombre", required: true },
  { field: "email", label: "Correo", required: false },
  { field: "phone", label: "Teléfono", required: false }
] as unknown as ReadonlyArray<RosterField>
const loaded: PlanFormat = { fields, format: null }
const step = (s: Snap, e: Ev) => transition(machine, s, e)
const fold = (s: Snap, ...events: Ev[]) => events.reduce<Snap>((acc, e) => step(acc, e)[0], s)
const start = () => initialTransition(machine, { id: "plan-1" })[0]
const editing = () => fold(start(), { type: "xstate.done.actor.0.fileFormat.loading", output: { record: loaded, version: '"1"' } } as never)
const headers = (s: Snap) => s.context.draft.map((c) => c.header)

describe("file format machine (pure transitions)", () => {
  it("loads the plan's fields and format; without a format the draft holds the columns no format can lack", () => {
    expect(start().value).toBe("loading")
    const s = editing()
    expect(s.value).toBe("ready")
    expect(headers(s)).toEqual(["RUT", "Nombre"])
    expect(savedColumns(s.context.record)).toBeNull()
  })

  it("edits the draft: add, rename, move, require, remove; DISCARD goes back to what is saved", () => {
    const s = fold(
      editing(),
      { type: "EDIT", edit: { op: "add", field: "email" } },
      { type: "EDIT", edit: { op: "add", field: "email" } },
      { type: "EDIT", edit: { op: "add", field: "nope" } },
      { type: "EDIT", edit: { op: "rename", index: 2, header: "E-mail" } },
      { type: "EDIT", edit: { op: "move", from: 2, to: 0 } },
      { type: "EDIT", edit: { op: "require", index: 0, required: true } }
    )
    expect(headers(s)).toEqual(["E-mail", "RUT", "Nombre"])
    expect(s.context.draft[0]!.required).toBe(true)
    // A locked column (RUT) is never removed.
    expect(headers(fold(s, { type: "EDIT", edit: { op: "remove", index: 1 } }))).toEqual(["E-mail", "RUT", "Nombre"])
    expect(headers(fold(s, { type: "EDIT", edit: { op: "remove", index: 0 } }))).toEqual(["RUT", "Nombre"])
    expect(headers(fold(s, { type: "DISCARD" }))).toEqual(["RUT", "Nombre"])
  })

  it("saves the whole format (the plan's id and record go to the actor) and emits `saved`; the draft is what was saved", () => {
    const payload = { productPlan_id: "plan-1", fields: [] } as unknown as FileFormatInput
    const [saving, actions] = step(fold(editing(), { type: "EDIT", edit: { op: "add", field: "email" } }), { type: "SAVE", input: payload })
    expect(saving.value).toBe("saving")
    expect(actions.find((a) => a.type === "xstate.spawnChild")?.params).toMatchObject({ src: "save", input: { id: "plan-1", input: payload, record: loaded } })
    const format = [
      { field_id: "rut", field_name: "RUT", header: "Rut", required: true, position: 1 },
      { field_id: "phone", field_name: "Teléfono", header: "Fono", required: false, position: 2 }
    ] as unknown as FileFormat
    const [ready, done] = step(saving, { type: "xstate.done.actor.0.fileFormat.saving", output: { record: { fields, format }, version: '"2"' } } as never)
    expect(ready.value).toBe("ready")
    expect(headers(ready)).toEqual(["Rut", "Fono"])
    expect(savedColumns(ready.context.record)?.map((c) => c.header)).toEqual(["Rut", "Fono"])
    expect(emittedBy(done)).toEqual([{ type: "saved", record: { fields, format }, version: '"2"', created: false }])
    expect(recordVersion(ready.context)).toBe('"2"')
  })

  it("DELETE is refused until a format is loaded; deleting emits `deleted` and leaves no saved format", () => {
    expect(step(start(), { type: "DELETE" })[0].value).toBe("loading")
    const [deleting] = step(editing(), { type: "DELETE" })
    expect(deleting.value).toBe("deleting")
    const [ready, actions] = step(deleting, { type: "xstate.done.actor.0.fileFormat.deleting", output: { record: loaded, version: undefined } } as never)
    expect(savedColumns(ready.context.record)).toBeNull()
    expect(emittedBy(actions)).toEqual([{ type: "deleted", record: loaded }])
  })

  it("a refused save keeps the server's issues and the draft", () => {
    const s = fold(editing(), { type: "EDIT", edit: { op: "add", field: "phone" } }, { type: "SAVE", input: {} as FileFormatInput })
    const issues = [{ path: ["fields", 2, "header"], message: "Encabezado repetido" }]
    const [ready, actions] = step(s, { type: "xstate.error.actor.0.fileFormat.saving", error: { message: "Datos inválidos", status: 400, issues } } as never)
    expect(ready.context.rejection).toEqual({ message: "Datos inválidos", status: 400, issues })
    expect(headers(ready)).toEqual(["RUT", "Nombre", "Teléfono"])
    expect(emittedBy(actions)).toEqual([{ type: "rejected", failure: { message: "Datos inválidos", status: 400, issues } }])
  })

  it("a journal of edits replays to the same draft with no call made", () => {
    const events: Ev[] = [
      { type: "xstate.done.actor.0.fileFormat.loading", output: { record: loaded, version: '"1"' } } as never,
      { type: "EDIT", edit: { op: "add", field: "phone" } },
      { type: "EDIT", edit: { op: "rename", index: 2, header: "Celular" } }
    ]
    const journal = events.map((event) => ({ at: "2026-11-23T12:00:00.000Z", event: event as { type: string } & Record<string, unknown> }))
    expect(replay(machine, journal, { id: "plan-1" }).context.draft).toEqual(fold(start(), ...events).context.draft)
  })
})
