import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { initialTransition, transition, type SnapshotFrom } from "xstate"
import { type ResourceContext, type ResourceQuery, resourceMachine } from "../../src/machines/resource.js"
import { emittedBy, type Item } from "./fixtures.js"

/**
 * Model-based paths through the resource machine with pure transitions: random user events
 * interleaved with the outcome (done / error) of whatever actor the machine is running,
 * plus stray outcomes of actors it is not running. A small model predicts the state and the
 * whole context; invariants are checked on every step.
 */

const machine = resourceMachine<Item, { name: string }>()
type Snap = SnapshotFrom<typeof machine>
type Ev = Parameters<typeof transition<typeof machine>>[2]
type StateName = "loading" | "ready" | "failure" | "creating" | "updating" | "deleting"

const GENERIC = "No se pudo completar la operación"
const BUSY: ReadonlyArray<StateName> = ["loading", "creating", "updating", "deleting"]
const INVOKE: Partial<Record<StateName, string>> = { loading: "list", creating: "create", updating: "update", deleting: "remove" }
const ACTORS = ["list", "create", "update", "remove"] as const

interface Model {
  state: StateName
  ctx: ResourceContext<Item>
  /** The id the running DELETE names: the server answers with that item. */
  deleting: string | null
}
interface Real {
  snap: Snap
}

const seen = { states: new Set<string>(), lastWrites: new Set<string>(), steps: 0 }

const isIssue = (i: unknown) =>
  typeof i === "object" && i !== null && typeof (i as { message?: unknown }).message === "string" && Array.isArray((i as { path?: unknown }).path)

const expectedFailure = (error: unknown): NonNullable<ResourceContext<Item>["failure"]> => {
  const e = (typeof error === "object" && error !== null ? error : {}) as { message?: unknown; status?: unknown; issues?: unknown }
  return {
    message: typeof e.message === "string" && e.message !== "" ? e.message : GENERIC,
    status: typeof e.status === "number" ? e.status : 0,
    issues: Array.isArray(e.issues) ? (e.issues.filter(isIssue) as NonNullable<ResourceContext<Item>["failure"]>["issues"]) : []
  }
}

const apply = (r: Real, event: Ev) => {
  const [next, actions] = transition(machine, r.snap, event)
  r.snap = next
  for (const emitted of emittedBy(actions)) if ((emitted as { type: string }).type === "written") seen.lastWrites.add((emitted as { write: string }).write)
}

const checkInvariants = (m: Model, r: Real) => {
  const s = r.snap
  const value = s.value as StateName
  seen.states.add(value)
  seen.steps++
  expect(s.status).toBe("active")
  // loading is true exactly in loading / creating / updating / deleting
  expect(s.context.loading).toBe(BUSY.includes(value))
  // selected is null or an item with an id
  const sel = s.context.selected
  expect(sel === null || (typeof sel === "object" && typeof sel.id === "string" && sel.id.length > 0)).toBe(true)
  // failure always carries a message
  if (value === "failure") expect(typeof s.context.failure?.message === "string" && s.context.failure.message.length > 0).toBe(true)
  // the model agrees on the state and the whole context
  expect(value).toBe(m.state)
  expect(s.context).toEqual(m.ctx)
}

const enterLoading = (m: Model) => {
  m.state = "loading"
  m.ctx = { ...m.ctx, loading: true, failure: null }
}
const enterWrite = (m: Model, state: StateName) => {
  m.state = state
  m.ctx = { ...m.ctx, loading: true, failure: null }
}

class Send implements fc.Command<Model, Real> {
  constructor(
    readonly event: Ev,
    readonly deleteSelected = false
  ) {}
  check = () => true
  run(m: Model, r: Real) {
    let event = this.event
    if (event.type === "DELETE" && this.deleteSelected && m.ctx.selected) event = { type: "DELETE", id: m.ctx.selected.id }
    apply(r, event)
    switch (event.type) {
      case "SELECT":
        m.ctx = { ...m.ctx, selected: event.item }
        break
      case "LOAD":
        if (m.state === "ready" || m.state === "failure") {
          m.ctx = { ...m.ctx, query: event.query ?? m.ctx.query }
          enterLoading(m)
        }
        break
      case "RETRY":
        if (m.state === "failure") enterLoading(m)
        break
      case "CREATE":
        if (m.state === "ready" || m.state === "loading") enterWrite(m, "creating")
        break
      case "UPDATE":
        if (m.state === "ready" || m.state === "loading") enterWrite(m, "updating")
        break
      case "DELETE":
        if (m.state === "ready" || m.state === "loading") {
          enterWrite(m, "deleting")
          m.deleting = event.id
        }
        break
    }
    checkInvariants(m, r)
  }
  toString = () => `send(${JSON.stringify(this.event)}${this.deleteSelected ? ", selected" : ""})`
}

/** The running actor finishes. */
class Resolve implements fc.Command<Model, Real> {
  constructor(
    readonly items: ReadonlyArray<Item>,
    readonly total: number,
    readonly item: Item
  ) {}
  check = (m: Readonly<Model>) => BUSY.includes(m.state)
  run(m: Model, r: Real) {
    switch (m.state) {
      case "loading":
        apply(r, { type: "xstate.done.actor.list", output: { items: this.items, total: this.total } } as never)
        m.state = "ready"
        m.ctx = { ...m.ctx, items: this.items, total: this.total, loading: false }
        break
      case "creating":
      case "updating":
        apply(r, { type: `xstate.done.actor.${INVOKE[m.state]}`, output: this.item } as never)
        m.ctx = { ...m.ctx, selected: this.item }
        enterLoading(m)
        break
      case "deleting": {
        const removed = { ...this.item, id: m.deleting! }
        apply(r, { type: "xstate.done.actor.remove", output: removed } as never)
        m.ctx = {
          ...m.ctx,
          selected: m.ctx.selected !== null && m.ctx.selected.id === removed.id ? null : m.ctx.selected
        }
        m.deleting = null
        enterLoading(m)
        break
      }
      default:
        throw new Error(`not busy: ${m.state}`)
    }
    checkInvariants(m, r)
  }
  toString = () => `resolve(${JSON.stringify({ items: this.items, total: this.total, item: this.item })})`
}

/** The running actor fails. */
class Reject implements fc.Command<Model, Real> {
  constructor(readonly error: unknown) {}
  check = (m: Readonly<Model>) => BUSY.includes(m.state)
  run(m: Model, r: Real) {
    apply(r, { type: `xstate.error.actor.${INVOKE[m.state]}`, error: this.error } as never)
    const f = expectedFailure(this.error)
    if (m.state === "loading") {
      m.state = "failure"
      m.ctx = { ...m.ctx, loading: false, failure: f }
    } else {
      m.state = "ready"
      m.deleting = null
      m.ctx = { ...m.ctx, loading: false, failure: f }
    }
    checkInvariants(m, r)
  }
  toString = () => `reject(${fc.stringify(this.error)})`
}

/**
 * The result of an actor the machine is not running changes nothing. (Only results: live, a
 * stopped child never reports, and xstate turns an unhandled actor *error* into an error snapshot,
 * see the last test.)
 */
class Stray implements fc.Command<Model, Real> {
  constructor(
    readonly actor: (typeof ACTORS)[number],
    readonly payload: unknown
  ) {}
  check = (m: Readonly<Model>) => INVOKE[m.state] !== this.actor
  run(m: Model, r: Real) {
    const before = r.snap
    apply(r, { type: `xstate.done.actor.${this.actor}`, output: this.payload } as never)
    expect(r.snap.value).toEqual(before.value)
    expect(r.snap.context).toEqual(before.context)
    checkInvariants(m, r)
  }
  toString = () => `stray(done ${this.actor})`
}

const id = fc.constantFrom("a", "b", "c", "d")
const item: fc.Arbitrary<Item> = fc.record({ id, name: fc.string({ maxLength: 8 }) })
const query: fc.Arbitrary<ResourceQuery> = fc.record(
  {
    search: fc.string({ maxLength: 6 }),
    family_id: id,
    order: fc.constantFrom("asc" as const, "desc" as const),
    page: fc.integer({ min: 1, max: 50 }),
    pageSize: fc.constantFrom(10, 20, 50)
  },
  { requiredKeys: [] }
)
const error = fc.oneof(
  fc.record({
    message: fc.string({ minLength: 1, maxLength: 20 }),
    issues: fc.array(fc.record({ path: fc.array(fc.oneof(fc.string({ maxLength: 5 }), fc.nat(9)), { maxLength: 2 }), message: fc.string({ minLength: 1 }) }), {
      maxLength: 3
    })
  }),
  fc.string({ minLength: 1, maxLength: 20 }).map((m) => new Error(m)),
  fc.anything()
)

const commands = fc.commands(
  [
    fc.option(query, { nil: undefined }).map((q) => new Send(q === undefined ? { type: "LOAD" } : { type: "LOAD", query: q })),
    fc.option(item, { nil: null }).map((i) => new Send({ type: "SELECT", item: i })),
    fc.string({ maxLength: 8 }).map((name) => new Send({ type: "CREATE", input: { name } })),
    fc.tuple(id, fc.string({ maxLength: 8 })).map(([i, name]) => new Send({ type: "UPDATE", id: i, input: { name } })),
    fc.tuple(id, fc.boolean()).map(([i, sel]) => new Send({ type: "DELETE", id: i }, sel)),
    fc.constant(new Send({ type: "RETRY" })),
    fc.tuple(fc.array(item, { maxLength: 4 }), fc.nat(1000), item).map(([items, total, it]) => new Resolve(items, total, it)),
    fc.tuple(fc.array(item, { maxLength: 4 }), fc.nat(1000), item).map(([items, total, it]) => new Resolve(items, total, it)),
    error.map((e) => new Reject(e)),
    fc.tuple(fc.constantFrom(...ACTORS), fc.oneof(item, fc.record({ items: fc.array(item), total: fc.nat() }))).map(([a, p]) => new Stray(a, p))
  ],
  { maxCommands: 60, size: "medium" }
)

describe("resource machine: model-based paths", () => {
  // 300 paths of up to 60 pure transitions each: seconds of CPU, more on a loaded machine than the default 5 s allows.
  it("keeps its invariants and agrees with the model on every step", () => {
    fc.assert(
      fc.property(fc.option(query, { nil: undefined }), commands, (q, cmds) => {
        // Hosts may start it without a query (at runtime even without input at all).
        const input = q === undefined ? (undefined as never) : { query: q }
        const [snap] = initialTransition(machine, input)
        const model: Model = {
          state: "loading",
          deleting: null,
          ctx: { query: q ?? {}, items: [], total: 0, selected: null, loading: true, failure: null, versions: {} }
        }
        const real: Real = { snap }
        checkInvariants(model, real)
        fc.modelRun(() => ({ model, real }), cmds)
      }),
      { numRuns: 300 }
    )
    // The generators reach every state and every kind of write (the paths are not vacuous).
    expect([...seen.states].sort()).toEqual(["creating", "deleting", "failure", "loading", "ready", "updating"])
    expect([...seen.lastWrites].sort()).toEqual(["created", "deleted", "updated"])
    expect(seen.steps).toBeGreaterThan(4000)
  }, 60_000)

  it("a deleted selection is reset on some generated path (the guard is exercised both ways)", () => {
    let reset = 0
    let kept = 0
    fc.assert(
      fc.property(fc.array(item, { minLength: 1, maxLength: 3 }), id, fc.boolean(), (items, other, same) => {
        const selected = items[0]!
        const target = same ? selected.id : other
        let [s] = initialTransition(machine, {})
        for (const e of [
          { type: "xstate.done.actor.list", output: { items, total: items.length } },
          { type: "SELECT", item: selected },
          { type: "DELETE", id: target },
          { type: "xstate.done.actor.remove", output: { id: target, name: "x" } }
        ])
          s = transition(machine, s, e as never)[0]
        expect(s.value).toBe("loading")
        if (target === selected.id) {
          reset++
          expect(s.context.selected).toBeNull()
        } else {
          kept++
          expect(s.context.selected).toEqual(selected)
        }
      })
    )
    expect(reset).toBeGreaterThan(0)
    expect(kept).toBeGreaterThan(0)
  })

  it("an error of an actor it is not running is not silently dropped: the snapshot becomes an error", () => {
    const [loading] = initialTransition(machine, {})
    const [s] = transition(machine, loading, { type: "xstate.error.actor.update", error: new Error("x") } as never)
    expect(s.status).toBe("error")
    const [handled] = transition(machine, loading, { type: "xstate.error.actor.list", error: new Error("x") } as never)
    expect(handled.status).toBe("active")
  })
})
