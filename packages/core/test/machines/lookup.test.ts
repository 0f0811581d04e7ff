import { describe, expect, it } from "vitest"
import { createActor, fromPromise, initialTransition, type SnapshotFrom, transition, waitFor } from "xstate"
import type { Call } from "../../src/client/caller.js"
import { lookupMachine } from "../../src/machines/lookup.js"
import { createLookupCache } from "../../src/client/lookupCache.js"

const machine = lookupMachine<ReadonlyArray<string>>()
type Snap = SnapshotFrom<typeof machine>
type Ev = Parameters<typeof transition<typeof machine>>[2]
const fold = (s: Snap, ...events: Ev[]) => events.reduce<Snap>((acc, e) => transition(machine, acc, e)[0], s)
const loaded = (value: ReadonlyArray<string>) => ({ type: "xstate.done.actor.0.lookup.loading", output: value }) as never
const idle = () => initialTransition(machine)[0]

describe("lookup machine (pure transitions)", () => {
  it("loads on the first LOAD only; later LOADs are ignored while loading or fresh", () => {
    expect(idle().value).toBe("idle")
    const loading = fold(idle(), { type: "LOAD" })
    expect(loading.value).toBe("loading")
    expect(transition(machine, loading, { type: "LOAD" })[1].filter((a) => a.type === "xstate.spawnChild")).toEqual([])
    const ready = fold(loading, loaded(["Hogar"]))
    expect(ready.value).toBe("ready")
    expect(fold(ready, { type: "LOAD" }).value).toBe("ready")
  })

  it("a write makes it stale, its value kept; the next LOAD loads it again", () => {
    const stale = fold(idle(), { type: "LOAD" }, loaded(["Hogar"]), { type: "REFRESH" })
    expect(stale.value).toBe("stale")
    expect(stale.context.value).toEqual(["Hogar"])
    expect(fold(stale, { type: "LOAD" }, loaded(["Hogar", "Mascotas"])).context.value).toEqual(["Hogar", "Mascotas"])
  })

  it("a write while loading asks again (the answer on the way may predate it); before any load it changes nothing", () => {
    const [reloading, actions] = transition(machine, fold(idle(), { type: "LOAD" }), { type: "REFRESH" })
    expect(reloading.value).toBe("loading")
    expect(actions.map((a) => a.type)).toEqual(expect.arrayContaining(["xstate.stopChild", "xstate.spawnChild"]))
    expect(fold(idle(), { type: "REFRESH" }).value).toBe("idle")
  })

  it("a failure keeps message and status; RETRY or another LOAD tries again", () => {
    const failure = fold(idle(), { type: "LOAD" }, { type: "xstate.error.actor.0.lookup.loading", error: { message: "Sin conexión", status: 0 } } as never)
    expect(failure.value).toBe("failure")
    expect(failure.context.failure).toEqual({ message: "Sin conexión", status: 0, issues: [] })
    expect(fold(failure, { type: "RETRY" }).value).toBe("loading")
    expect(fold(failure, { type: "LOAD" }).value).toBe("loading")
  })
})

describe("lookup cache", () => {
  /** A Call that answers every list with the names of the calls made so far. */
  const counting = () => {
    const calls: string[] = []
    const call: Call = async (f) => {
      const recorder = new Proxy(
        {},
        { get: (_, group: string) => new Proxy({}, { get: (__, endpoint: string) => () => (calls.push(`${group}.${endpoint}`), Promise.resolve([])) }) }
      )
      // The recorder stands in for the client: each endpoint records its name and answers [].
      return (await (f(recorder as never) as unknown as Promise<unknown>)) as never
    }
    return { call, calls }
  }

  it("gives every asker the same actor: one request however many screens ask", async () => {
    const { call, calls } = counting()
    const cache = createLookupCache(call)
    const a = cache.actorOf("families")
    expect(cache.actorOf("families")).toBe(a)
    a.send({ type: "LOAD" })
    cache.actorOf("families").send({ type: "LOAD" })
    await waitFor(a, (s) => s.matches("ready"))
    expect(calls).toEqual(["family.list"])
    expect(cache.actorOf("familyMembers", "f1")).not.toBe(cache.actorOf("familyMembers", "f2"))
  })

  it("a write to a resource makes stale only the lists that hold it", async () => {
    const cache = createLookupCache(counting().call)
    const families = cache.actorOf("families")
    const valueTypes = cache.actorOf("valueTypes")
    for (const actor of [families, valueTypes]) actor.send({ type: "LOAD" })
    await waitFor(families, (s) => s.matches("ready"))
    await waitFor(valueTypes, (s) => s.matches("ready"))
    cache.touched("family")
    expect(families.getSnapshot().value).toBe("stale")
    expect(valueTypes.getSnapshot().value).toBe("ready")
  })

  it("runs its own load actor (hosts may provide another)", async () => {
    const actor = createActor(machine.provide({ actors: { load: fromPromise(async (): Promise<ReadonlyArray<string>> => ["Hogar"]) } })).start()
    actor.send({ type: "LOAD" })
    expect((await waitFor(actor, (s) => s.matches("ready"))).context.value).toEqual(["Hogar"])
  })
})
