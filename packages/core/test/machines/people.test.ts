import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import type { CustomerFileData, PeopleChange, WriteInput } from "../../src/machines/customerFile.js"
import type { ContractorCreateInput } from "../../src/domain/contractorRecord.js"
import { customerFileMachine } from "../../src/machines/customerFile.js"
import { personCriteria } from "../../src/client/peopleActors.js"
import { searchActor, searchMachine } from "../../src/machines/search.js"
import type { ListResult } from "../../src/machines/resource.js"
import type { Versioned } from "../../src/client/versions.js"
import type { SubscriptionDetail } from "../../src/domain/subscription.js"
import { checkDigit, format } from "../../src/rut/Rut.js"

describe("personCriteria: one typed text as the seed's rut or name", () => {
  it("a RUT, dotted or not, whole or its start, searches by RUT", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_000_000, max: 99_999_999 }), fc.boolean(), (body, dotted) => {
        const rut = `${body}-${checkDigit(String(body))}`
        const text = dotted ? format(rut) : rut
        expect(personCriteria(text)).toEqual({ rut: text })
        expect(personCriteria(String(body).slice(0, 4))).toEqual({ rut: String(body).slice(0, 4) })
      })
    )
  })

  it("anything with a letter (but a RUT's final K) searches by name; blanks search nothing", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-zA-ZñÑáéíóú]{2,12}( [a-zA-Z]{1,8})?$/), (name) => {
        expect(personCriteria(` ${name} `)).toEqual({ name })
      })
    )
    expect(personCriteria("12.345.678-K")).toEqual({ rut: "12.345.678-K" })
    expect(personCriteria("   ")).toEqual({})
  })
})

describe("search machine", () => {
  it("keeps the query's page, drops the answer of a superseded query and retries after a failure", async () => {
    const gates = new Map<string, (r: ListResult<string>) => void>()
    let fail = true
    const machine = searchMachine<{ text: string }, string>().provide({
      actors: {
        find: searchActor<{ text: string }, string>((input) =>
          input.text === "mal" && fail
            ? Promise.reject(Object.assign(new Error("Sin conexión"), { status: 0 }))
            : new Promise((resolve) => gates.set(input.text, resolve))
        )
      }
    })
    const actor = createActor(machine, { input: { query: { text: "ana" } } }).start()
    actor.send({ type: "QUERY", query: { text: "ana m" } })
    gates.get("ana")!({ items: ["viejo"], total: 1 })
    gates.get("ana m")!({ items: ["Ana María"], total: 1 })
    const ready = await waitFor(actor, (s) => s.matches("ready"))
    expect(ready.context.result).toEqual({ items: ["Ana María"], total: 1 })
    actor.send({ type: "QUERY", query: { text: "mal" } })
    const failed = await waitFor(actor, (s) => s.matches("failure"))
    expect(failed.context.failure?.message).toBe("Sin conexión")
    // The last page found stays shown under the error.
    expect(failed.context.result?.items).toEqual(["Ana María"])
    fail = false
    actor.send({ type: "RETRY" })
    await waitFor(actor, () => gates.has("mal"))
    gates.get("mal")!({ items: [], total: 0 })
    expect((await waitFor(actor, (s) => s.matches("ready"))).context.result).toEqual({ items: [], total: 0 })
  })
})

describe("customerFile machine", () => {
  const origin = (subscription_id: number) => ({ subscription_id }) as CustomerFileData["origins"]["origins"][number]
  const data = (ids: ReadonlyArray<number>) => ({ contractor: {}, origins: { origins: ids.map(origin) } }) as unknown as CustomerFileData
  const detail = (subscription_id: number) => ({ subscription_id, insured: [] }) as unknown as SubscriptionDetail

  const run = (ids: ReadonlyArray<number>, write: (change: PeopleChange, subscription_id: number | null) => Promise<unknown>) => {
    const loads: number[] = []
    const contractorLoads: string[] = []
    const machine = customerFileMachine.provide({
      actors: {
        load: fromPromise<Versioned<CustomerFileData>, string>(async ({ input }) => {
          contractorLoads.push(input)
          return { record: data(ids), version: undefined }
        }),
        loadSubscription: fromPromise<SubscriptionDetail, number>(async ({ input }) => {
          loads.push(input)
          return detail(input)
        }),
        write: fromPromise<unknown, WriteInput>(({ input }) => write(input.change, input.subscription_id))
      }
    })
    return { actor: createActor(machine, { input: { id: "c1" } }).start(), loads, contractorLoads }
  }

  it("selects the first subscription, as the original's screen does; another on SELECT", async () => {
    const { actor, loads } = run([7, 9], async () => null)
    expect((await waitFor(actor, (s) => s.matches("ready"))).context.subscription?.subscription_id).toBe(7)
    actor.send({ type: "SELECT", subscription_id: 9 })
    expect((await waitFor(actor, (s) => s.matches("ready") && s.context.subscription !== null)).context.subscription?.subscription_id).toBe(9)
    expect(loads).toEqual([7, 9])
  })

  it("a contractor without subscriptions is ready with nothing selected and refuses changes", async () => {
    const writes: PeopleChange[] = []
    const { actor } = run([], async (change) => writes.push(change))
    const ready = await waitFor(actor, (s) => s.matches("ready"))
    expect(ready.context.selected).toBeNull()
    actor.send({ type: "CHANGE", change: { kind: "removeBeneficiary", insured_id: "i", beneficiary_id: "b" } })
    expect(actor.getSnapshot().matches("ready")).toBe(true)
    expect(writes).toEqual([])
  })

  it("a change is written for the selected subscription, announced, and the subscription loaded again; a refusal is announced", async () => {
    const sent: Array<[PeopleChange, number | null]> = []
    let refuse = false
    const { actor, loads } = run([7], async (change, id) => {
      if (refuse) throw Object.assign(new Error("El parentesco no existe"), { status: 400 })
      sent.push([change, id])
      return null
    })
    await waitFor(actor, (s) => s.matches("ready"))
    const heard: string[] = []
    actor.on("changed", ({ change }) => heard.push(change.kind))
    actor.on("rejected", ({ failure }) => heard.push(failure.message))
    const change: PeopleChange = { kind: "removeBeneficiary", insured_id: "i", beneficiary_id: "b" }
    actor.send({ type: "CHANGE", change })
    await waitFor(actor, (s) => s.matches("ready") && loads.length === 2)
    expect(sent).toEqual([[change, 7]])
    refuse = true
    actor.send({ type: "CHANGE", change })
    await waitFor(actor, () => heard.length === 2)
    expect(heard).toEqual(["removeBeneficiary", "El parentesco no existe"])
    expect(loads).toEqual([7, 7])
  })
  it("the contractor's own data is written by id even without a subscription, then the page is loaded again keeping the subscription shown", async () => {
    // The machine passes the input through untouched: its fields do not matter here.
    const change: PeopleChange = { kind: "contractor", id: "c1", contractor: {} as ContractorCreateInput }
    const unsubscribed: Array<number | null> = []
    const none = run([], async (_, id) => unsubscribed.push(id))
    await waitFor(none.actor, (s) => s.matches("ready"))
    none.actor.send({ type: "CHANGE", change })
    await waitFor(none.actor, (s) => s.matches("ready") && none.contractorLoads.length === 2)
    expect(unsubscribed).toEqual([null])

    const sent: Array<[PeopleChange, number | null]> = []
    const { actor, loads, contractorLoads } = run([7, 9], async (c, id) => sent.push([c, id]))
    await waitFor(actor, (s) => s.matches("ready"))
    actor.send({ type: "SELECT", subscription_id: 9 })
    await waitFor(actor, (s) => s.matches("ready") && s.context.subscription?.subscription_id === 9)
    const heard: string[] = []
    actor.on("changed", ({ change: done }) => heard.push(done.kind))
    actor.send({ type: "CHANGE", change })
    const after = await waitFor(actor, (s) => s.matches("ready") && contractorLoads.length === 2)
    expect(sent).toEqual([[change, 9]])
    expect(heard).toEqual(["contractor"])
    expect(after.context.selected).toBe(9)
    expect(loads).toEqual([7, 9, 9])
  })
})
