import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { initialTransition, transition } from "xstate"
import type { Call } from "../../src/client/caller.js"
import { providerMachine, providerPageQuery } from "../../src/machines/providers.js"

// Pure transitions run no actor: the machine's calls are never made.
const unused: Call = () => Promise.reject(new Error("sin red en transiciones puras"))

describe("providerPageQuery", () => {
  it("sends the list's filters as the page's parameters, remote work as a boolean", () => {
    expect(
      providerPageQuery({ search: "nunez", page: 2, pageSize: 20, filters: { specialty_id: "s1", district: "05109", remote: "true", active: "all" } })
    ).toEqual({ search: "nunez", page: 2, pageSize: 20, specialty_id: "s1", district: "05109", remote: true, active: "all" })
    expect(providerPageQuery({ filters: { remote: "false" } })).toEqual({ remote: false })
  })

  it("drops a filter the page does not know, or a value it would refuse, instead of failing the list", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (remote, active) => {
        const query = providerPageQuery({ filters: { remote, active, other: "x" } })
        expect(Object.keys(query).every((k) => ["remote", "active"].includes(k))).toBe(true)
        if ("remote" in query) expect(["true", "false"]).toContain(remote)
        if ("active" in query) expect(["true", "false", "all"]).toContain(active)
      })
    )
  })
})

describe("provider machine (pure transitions)", () => {
  const machine = providerMachine(unused, "specialist")

  it("a new provider starts from its RUT: CHECK looks it up, once per RUT", () => {
    const [fresh] = initialTransition(machine, { id: null })
    expect(fresh.value).toBe("ready")
    const [checking, actions] = transition(machine, fresh, { type: "CHECK", key: "21345678-4" })
    expect(checking.value).toBe("checking")
    expect(checking.context.checkedKey).toBe("21345678-4")
    expect(actions.some((a) => a.type === "xstate.spawnChild" && (a.params as { src: string }).src === "find")).toBe(true)
  })

  it("an existing provider's page loads it by id", () => {
    const [loading] = initialTransition(machine, { id: "p1" })
    expect(loading.value).toBe("loading")
  })
})
