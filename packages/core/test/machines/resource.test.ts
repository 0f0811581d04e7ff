import { describe, expect, it } from "vitest"
import { initialTransition, transition, type SnapshotFrom } from "xstate"
import { type ResourceQuery, resourceMachine } from "../../src/machines/resource.js"
import { done, emittedBy, failed, type Item } from "./fixtures.js"

const machine = resourceMachine<Item, { name?: string }>()
type Snap = SnapshotFrom<typeof machine>
type Ev = Parameters<typeof transition<typeof machine>>[2]

const start = (input: { query?: ResourceQuery } = {}) => initialTransition(machine, input)[0]
const step = (s: Snap, e: Ev) => transition(machine, s, e)
const fold = (s: Snap, ...events: Ev[]) => events.reduce<Snap>((acc, e) => step(acc, e)[0], s)

const spawned = (actions: ReadonlyArray<{ type: string; params?: unknown }>) =>
  actions.filter((a) => a.type === "xstate.spawnChild").map((a) => a.params as { src: string; id: string; input: unknown })

const a: Item = { id: "a", name: "Gasfitería" }
const b: Item = { id: "b", name: "Cerrajería" }
const c: Item = { id: "c", name: "Electricidad" }
const list = (...items: Item[]) => ({ items, total: items.length + 10 })
const ready = (...items: Item[]) => fold(start(), done("list", list(...items)))

describe("resource machine (pure transitions)", () => {
  it("starts loading with the input query, invoking list with it", () => {
    const [s, actions] = initialTransition(machine, { query: { search: "gas", page: 2 } })
    expect(s.value).toBe("loading")
    expect(s.context).toEqual({
      query: { search: "gas", page: 2 },
      items: [],
      total: 0,
      selected: null,
      loading: true,
      failure: null,
      versions: {}
    })
    expect(spawned(actions)).toEqual([expect.objectContaining({ id: "list", src: "list", input: { search: "gas", page: 2 } })])
  })

  it("starts ready with a list its host holds, reading nothing; LOAD reads it again", () => {
    const [s, actions] = initialTransition(machine, { listed: list(a, b) })
    expect(s.value).toBe("ready")
    expect(s.context).toMatchObject({ items: [a, b], total: 12, loading: false, failure: null })
    expect(spawned(actions)).toEqual([])
    const [again, reading] = step(s, { type: "LOAD" })
    expect(again.value).toBe("loading")
    expect(spawned(reading)).toEqual([expect.objectContaining({ src: "list" })])
  })

  it("starts with an empty query without a query or without input", () => {
    expect(start().context.query).toEqual({})
    expect(initialTransition(machine, undefined as never)[0].context.query).toEqual({})
  })

  it("list done → ready with items and total, not loading", () => {
    const s = ready(a, b)
    expect(s.value).toBe("ready")
    expect(s.context.items).toEqual([a, b])
    expect(s.context.total).toBe(12)
    expect(s.context.loading).toBe(false)
    expect(s.context.failure).toBeNull()
  })

  it("list error → failure with the message", () => {
    const s = fold(start(), failed("list", { message: "El servidor tuvo un problema" }))
    expect(s.value).toBe("failure")
    expect(s.context.loading).toBe(false)
    expect(s.context.failure?.message).toBe("El servidor tuvo un problema")
  })

  it("list error without a message → the generic Spanish message", () => {
    expect(fold(start(), failed("list", undefined)).context.failure?.message).toBe("No se pudo completar la operación")
  })

  it("RETRY from failure reloads with the same query and clears the error", () => {
    const failure = fold(start({ query: { search: "x" } }), failed("list", new Error("caído")))
    const [s, actions] = step(failure, { type: "RETRY" })
    expect(s.value).toBe("loading")
    expect(s.context.loading).toBe(true)
    expect(s.context.failure).toBeNull()
    expect(spawned(actions)[0]).toMatchObject({ id: "list", input: { search: "x" } })
    expect(fold(s, done("list", list(a))).context.items).toEqual([a])
  })

  it("RETRY is ignored when ready", () => {
    const s = ready(a)
    const [next, actions] = step(s, { type: "RETRY" })
    expect(next.value).toBe("ready")
    expect(spawned(actions)).toEqual([])
  })

  it("LOAD with a query from ready → loading with the new query passed to list", () => {
    const [s, actions] = step(ready(a), { type: "LOAD", query: { search: "cerr", order: "desc" } })
    expect(s.value).toBe("loading")
    expect(s.context.query).toEqual({ search: "cerr", order: "desc" })
    expect(s.context.loading).toBe(true)
    expect(spawned(actions)[0]).toMatchObject({ id: "list", input: { search: "cerr", order: "desc" } })
    // The old items stay visible while loading
    expect(s.context.items).toEqual([a])
  })

  it("LOAD without a query keeps the current one", () => {
    const s = fold(start({ query: { page: 3 } }), done("list", list()), { type: "LOAD" })
    expect(s.value).toBe("loading")
    expect(s.context.query).toEqual({ page: 3 })
  })

  it("LOAD with a query from failure → loading", () => {
    const s = fold(start(), failed("list", new Error("x")), { type: "LOAD", query: { search: "y" } })
    expect(s.value).toBe("loading")
    expect(s.context.query).toEqual({ search: "y" })
    expect(s.context.failure).toBeNull()
  })

  it("SELECT sets and clears the selection in any state", () => {
    const loading = start()
    expect(step(loading, { type: "SELECT", item: a })[0].context.selected).toEqual(a)
    const s = fold(ready(a), { type: "SELECT", item: b })
    expect(s.context.selected).toEqual(b)
    expect(s.value).toBe("ready")
    expect(step(s, { type: "SELECT", item: null })[0].context.selected).toBeNull()
  })

  it("CREATE → creating (input passed) → done → emits 'created', loading with the created item selected → ready", () => {
    const [creating, a1] = step(ready(a), { type: "CREATE", input: { name: "Electricidad" } })
    expect(creating.value).toBe("creating")
    expect(creating.context.loading).toBe(true)
    expect(spawned(a1)).toEqual([expect.objectContaining({ id: "create", src: "create", input: { name: "Electricidad" } })])
    const [loading, a2] = step(creating, done("create", c))
    expect(loading.value).toBe("loading")
    expect(emittedBy(a2)).toEqual([{ type: "written", write: "created", item: c }])
    expect(loading.context.selected).toEqual(c)
    expect(loading.context.loading).toBe(true)
    expect(spawned(a2)[0]).toMatchObject({ id: "list" })
    const s = fold(loading, done("list", list(a, c)))
    expect(s.value).toBe("ready")
    expect(s.context.items).toEqual([a, c])
  })

  it("a new write clears the last failure on entry", () => {
    const rejected = fold(ready(a), { type: "CREATE", input: {} }, failed("create", { message: "m", issues: [{ path: ["name"], message: "x" }] }))
    expect(rejected.context.failure?.issues).toHaveLength(1)
    const s = fold(rejected, { type: "UPDATE", id: "a", input: {} })
    expect(s.context).toMatchObject({ failure: null, loading: true })
  })

  it("UPDATE → updating with id and input → done → emits 'updated', loading with the item selected", () => {
    const [updating, actions] = step(ready(a, b), { type: "UPDATE", id: "b", input: { name: "Cerrajería 24h" } })
    expect(updating.value).toBe("updating")
    expect(spawned(actions)[0]).toMatchObject({ id: "update", src: "update", input: { id: "b", input: { name: "Cerrajería 24h" } } })
    const updated = { id: "b", name: "Cerrajería 24h" }
    const [s, written] = step(updating, done("update", updated))
    expect(s.value).toBe("loading")
    expect(s.context.selected).toEqual(updated)
    expect(emittedBy(written)).toEqual([{ type: "written", write: "updated", item: updated }])
  })

  it("READ keeps the item's version, which its UPDATE and DELETE send; a read without one forgets it", () => {
    const [reading, actions] = step(ready(a, b), { type: "READ", id: "a" })
    expect(reading.value).toBe("reading")
    expect(spawned(actions)[0]).toMatchObject({ id: "read", src: "read", input: "a" })
    const [read, announced] = step(reading, done("read", { record: a, version: '"7"' }))
    expect(read.value).toBe("ready")
    expect(read.context.versions).toEqual({ a: '"7"' })
    expect(emittedBy(announced)).toEqual([{ type: "read", item: a }])
    expect(spawned(step(read, { type: "UPDATE", id: "a", input: { name: "A2" } })[1])[0]).toMatchObject({
      src: "update",
      input: { id: "a", input: { name: "A2" }, version: '"7"' }
    })
    expect(spawned(step(read, { type: "DELETE", id: "a" })[1])[0]).toMatchObject({ src: "remove", input: { id: "a", version: '"7"' } })
    expect(spawned(step(read, { type: "DELETE", id: "b" })[1])[0]).toMatchObject({ src: "remove", input: { id: "b", version: undefined } })
    const reread = fold(read, { type: "READ", id: "a" }, done("read", { record: a, version: undefined }))
    expect(reread.context.versions).toEqual({})
  })

  it("a READ while the list loads reloads it after; a failed read is announced and leaves the list as it was", () => {
    const [reading] = step(start(), { type: "READ", id: "a" })
    expect(step(reading, done("read", { record: a, version: '"1"' }))[0].value).toBe("loading")
    const [unread, announced] = step(step(ready(a, b), { type: "READ", id: "a" })[0], failed("read", { message: "No encontrado", status: 404 }))
    expect(unread.value).toBe("ready")
    expect(emittedBy(announced)).toEqual([{ type: "unreadable", failure: { message: "No encontrado", status: 404, issues: [] } }])
  })

  it("DELETE → deleting with the id; deleting the selected item resets the selection", () => {
    const selected = fold(ready(a, b), { type: "SELECT", item: a })
    const [deleting, actions] = step(selected, { type: "DELETE", id: "a" })
    expect(deleting.value).toBe("deleting")
    expect(spawned(actions)[0]).toMatchObject({ id: "remove", src: "remove", input: { id: "a", version: undefined } })
    const [s, written] = step(deleting, done("remove", a))
    expect(s.value).toBe("loading")
    expect(s.context.selected).toBeNull()
    expect(emittedBy(written)).toEqual([{ type: "written", write: "deleted", item: a }])
  })

  it("DELETE of another item keeps the selection", () => {
    const s = fold(ready(a, b), { type: "SELECT", item: a }, { type: "DELETE", id: "b" }, done("remove", b))
    expect(s.value).toBe("loading")
    expect(s.context.selected).toEqual(a)
  })

  it("DELETE with nothing selected keeps it null", () => {
    const s = fold(ready(a, b), { type: "DELETE", id: "b" }, done("remove", b))
    expect(s.context.selected).toBeNull()
  })

  it.each([
    ["create", { type: "CREATE", input: { name: "" } }],
    ["update", { type: "UPDATE", id: "a", input: { name: "" } }],
    ["remove", { type: "DELETE", id: "a" }]
  ] as const)("a rejected %s keeps the list and selection, keeps the message, status and field issues, and emits them", (id, event) => {
    const issues = [{ path: ["name"], message: "Este campo es obligatorio" }]
    const before = fold(ready(a, b), { type: "SELECT", item: a })
    const [s, actions] = step(fold(before, event as Ev), failed(id, { _tag: "ApiFailure", status: 400, message: "Datos inválidos", issues }))
    expect(s.value).toBe("ready")
    expect(s.context.items).toEqual([a, b])
    expect(s.context.total).toBe(12)
    expect(s.context.selected).toEqual(a)
    expect(s.context.loading).toBe(false)
    const failure = { message: "Datos inválidos", status: 400, issues }
    expect(s.context.failure).toEqual(failure)
    expect(emittedBy(actions)).toEqual([{ type: "rejected", failure }])
  })

  it("a rejected write with malformed issues gets no issues and the generic message", () => {
    const s = fold(ready(a), { type: "CREATE", input: {} }, failed("create", { message: 42, issues: "nope" }))
    expect(s.value).toBe("ready")
    expect(s.context.failure).toEqual({ message: "No se pudo completar la operación", status: 0, issues: [] })
  })

  it("a write asked while the list loads goes ahead (the list is read after it); in failure it is ignored", () => {
    const loading = start()
    for (const [e, state] of [
      [{ type: "CREATE", input: {} }, "creating"],
      [{ type: "UPDATE", id: "a", input: {} }, "updating"],
      [{ type: "DELETE", id: "a" }, "deleting"]
    ] as Array<[Ev, string]>) {
      expect(step(loading, e)[0].value).toBe(state)
      expect(step(fold(start(), failed("list", null)), e)[0].value).toBe("failure")
    }
    // The list's late answer does not land over the write.
    const writing = fold(start(), { type: "CREATE", input: {} })
    expect(fold(writing, done("list", { items: [a], total: 1 })).value).toBe("creating")
  })

  it("a list that fails after a write → failure, keeping the written item selected", () => {
    const s = fold(ready(a), { type: "CREATE", input: {} }, done("create", c), failed("list", new Error("caído")))
    expect(s.value).toBe("failure")
    expect(s.context.failure?.message).toBe("caído")
    expect(s.context.selected).toEqual(c)
  })
})
