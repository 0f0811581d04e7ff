import { describe, expect, it } from "vitest"
import { type AnyActorRef, type AnyStateMachine, createActor, fromPromise, waitFor } from "xstate"
import type { Session } from "../../src/domain/session.js"
import { ApiFailure } from "../../src/client/failure.js"
import { authMachine, type Credentials, type SignUpDetails } from "../../src/machines/auth.js"
import { type Journal, type JournalEntry, journalFrom, journalRecorder, replay } from "../../src/client/journal.js"
import { type ItemRemoval, type ItemWrite, type ListResult, type ResourceQuery, resourceMachine } from "../../src/machines/resource.js"
import { type Item, session } from "../machines/fixtures.js"

/** Lets pending promise callbacks and timers run, so an actor replay might have started would show. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20))

const roundTrip = (journal: Journal): Journal => JSON.parse(JSON.stringify(journal)) as Journal

const expectReplayMatches = (machine: AnyStateMachine, journal: Journal, actor: AnyActorRef, input?: unknown) => {
  const live = actor.getSnapshot()
  const replayed = replay(machine, journal, input)
  expect(replayed.value).toEqual(live.value)
  expect(replayed.context).toEqual(live.context)
  const parsed = replay(machine, roundTrip(journal), input)
  expect(parsed.value).toEqual(live.value)
  expect(parsed.context).toEqual(live.context)
}

// ---------------------------------------------------------------- auth

const fakeAuth = (sessions: Array<Session | null | Error>, signInError?: Error) => {
  const calls = { loadSession: 0, signIn: 0, signOut: 0, sessionChanged: 0 }
  const signIns: Credentials[] = []
  const machine = authMachine.provide({
    actors: {
      loadSession: fromPromise<Session | null>(async () => {
        const next = sessions[calls.loadSession++]
        if (next === undefined) throw new Error("loadSession called too many times")
        if (next instanceof Error) throw next
        return next
      }),
      signIn: fromPromise<void, Credentials>(async ({ input }) => {
        calls.signIn++
        signIns.push(input)
        if (signInError && calls.signIn === 1) throw signInError
      }),
      signOut: fromPromise<void>(async () => {
        calls.signOut++
      })
    },
    actions: { sessionChanged: () => void calls.sessionChanged++ }
  })
  return { machine, calls, signIns }
}

const settledAuth = (a: AnyActorRef) => waitFor(a, (s) => s.matches("signedIn") || s.matches("signedOut"), { timeout: 2000 })

describe("journal: auth machine", () => {
  it("records a live session and replays it to the same snapshot without running an actor", async () => {
    const sess = session()
    const { machine, calls, signIns } = fakeAuth([null, sess])
    const journal: JournalEntry[] = []
    const actor = createActor(machine, { inspect: journalRecorder((e) => journal.push(e)) }).start()

    await settledAuth(actor)
    expect(actor.getSnapshot().value).toBe("signedOut")

    actor.send({ type: "SIGN_IN", email: "ana@palma.cl", password: "secreto" })
    await settledAuth(actor)
    expect(actor.getSnapshot().value).toEqual({ signedIn: "withOrganization" })
    expect(signIns).toEqual([{ email: "ana@palma.cl", password: "secreto" }])

    actor.send({ type: "SIGN_OUT" })
    await settledAuth(actor)
    expect(actor.getSnapshot().value).toBe("signedOut")
    expect(calls).toEqual({ loadSession: 2, signIn: 1, signOut: 1, sessionChanged: 2 })

    expect(journal.map((e) => e.event.type)).toEqual([
      "xstate.done.actor.loadSession",
      "SIGN_IN",
      "xstate.done.actor.signIn",
      "xstate.done.actor.reloadSession",
      "SIGN_OUT",
      "xstate.done.actor.signOut"
    ])
    for (const entry of journal) expect(Number.isNaN(Date.parse(entry.at))).toBe(false)

    const before = { ...calls }
    expectReplayMatches(machine, journal, actor)
    await settle()
    expect(calls).toEqual(before)
    actor.stop()
  })

  it("replaying a prefix gives the snapshot the live actor had at that point", async () => {
    const sess = session({ orgId: null, orgRole: null, orgSlug: null, orgPermissions: [] })
    const { machine } = fakeAuth([sess, sess])
    const journal: JournalEntry[] = []
    const actor = createActor(machine, { inspect: journalRecorder((e) => journal.push(e)) }).start()
    await settledAuth(actor)
    const afterLoad = actor.getSnapshot()
    const cut = journal.length
    actor.send({ type: "SESSION_CHANGED" })
    await waitFor(actor, (s) => s.matches("signedIn") && journal.length > cut + 1, { timeout: 2000 })

    const prefix = replay(machine, journal.slice(0, cut))
    expect(prefix.value).toEqual(afterLoad.value)
    expect(prefix.context).toEqual(afterLoad.context)
    expect(prefix.value).toEqual({ signedIn: "withoutOrganization" })
    expectReplayMatches(machine, journal, actor)
    actor.stop()
  })

  it("a failed sign-in (an Error) replays with the same error message, also after JSON", async () => {
    const sess = session()
    const { machine, calls } = fakeAuth([null, sess], new Error("Correo o contraseña incorrectos"))
    const journal: JournalEntry[] = []
    const actor = createActor(machine, { inspect: journalRecorder((e) => journal.push(e)) }).start()
    await settledAuth(actor)
    actor.send({ type: "SIGN_IN", email: "ana@palma.cl", password: "mala" })
    await settledAuth(actor)
    expect(actor.getSnapshot().context.error).toBe("Correo o contraseña incorrectos")
    expectReplayMatches(machine, journal, actor)

    actor.send({ type: "SIGN_IN", email: "ana@palma.cl", password: "buena" })
    await settledAuth(actor)
    expect(actor.getSnapshot().value).toEqual({ signedIn: "withOrganization" })
    expect(actor.getSnapshot().context.error).toBeNull()
    const before = { ...calls }
    expectReplayMatches(machine, journal, actor)
    await settle()
    expect(calls).toEqual(before)
    actor.stop()
  })

  it("a failed session load (an Error) replays with the same message", async () => {
    const { machine } = fakeAuth([new Error("Sin conexión")])
    const journal: JournalEntry[] = []
    const actor = createActor(machine, { inspect: journalRecorder((e) => journal.push(e)) }).start()
    await settledAuth(actor)
    expect(actor.getSnapshot().context.error).toBe("Sin conexión")
    expectReplayMatches(machine, journal, actor)
    actor.stop()
  })

  it("records only the root actor's events, not those of its children", async () => {
    const { machine } = fakeAuth([null])
    const journal: JournalEntry[] = []
    const actor = createActor(machine, { inspect: journalRecorder((e) => journal.push(e)) }).start()
    await settledAuth(actor)
    expect(journal.map((e) => e.event.type)).toEqual(["xstate.done.actor.loadSession"])
    actor.stop()
  })

  it("replay of an empty journal is the initial snapshot", () => {
    const s = replay(authMachine, [])
    expect(s.value).toBe("loading")
    expect(s.context).toEqual({ session: null, error: null, failure: null, notice: null })
  })
})

// ---------------------------------------------------------------- resource

const fakeResource = () => {
  const store = new Map<string, Item>([
    ["a", { id: "a", name: "Gasfitería" }],
    ["b", { id: "b", name: "Cerrajería" }]
  ])
  let nextId = 1
  let failNextList = false
  const calls = { list: 0, create: 0, update: 0, remove: 0 }
  const queries: ResourceQuery[] = []
  const base = resourceMachine<Item, { name: string }>()
  const machine = base.provide({
    actors: {
      list: fromPromise<ListResult<Item>, ResourceQuery>(async ({ input }) => {
        calls.list++
        queries.push(input)
        if (failNextList) {
          failNextList = false
          throw new ApiFailure({ tag: "ResponseError", status: 503, message: "El servidor tuvo un problema", issues: [] })
        }
        const items = [...store.values()].filter((i) => !input.search || i.name.toLowerCase().includes(input.search.toLowerCase()))
        return { items, total: items.length }
      }),
      create: fromPromise<Item, unknown>(async ({ input }) => {
        calls.create++
        const name = (input as { name?: string }).name ?? ""
        if (name === "") {
          throw new ApiFailure({
            tag: "BadRequest",
            status: 400,
            message: "name: Este campo es obligatorio",
            issues: [{ path: ["name"], message: "Este campo es obligatorio" }]
          })
        }
        const item = { id: `n${nextId++}`, name }
        store.set(item.id, item)
        return item
      }),
      update: fromPromise<Item, ItemWrite>(async ({ input }) => {
        calls.update++
        const item = { id: input.id, name: (input.input as { name: string }).name }
        store.set(item.id, item)
        return item
      }),
      remove: fromPromise<Item, ItemRemoval>(async ({ input: { id } }) => {
        calls.remove++
        const item = store.get(id)
        if (!item) throw new ApiFailure({ tag: "NotFound", status: 404, message: "No encontrado", issues: [] })
        store.delete(id)
        return item
      })
    }
  })
  return { machine, calls, queries, failList: () => void (failNextList = true) }
}

const settledResource = (a: AnyActorRef) => waitFor(a, (s) => s.matches("ready") || s.matches("failure"), { timeout: 2000 })

describe("journal: resource machine", () => {
  it("records load → create → update → delete → load with query and replays to the same snapshot, running no actor", async () => {
    const { machine, calls, queries, failList } = fakeResource()
    const input = { query: { page: 1, pageSize: 20 } }
    const journal: JournalEntry[] = []
    const actor = createActor(machine, { input, inspect: journalRecorder((e) => journal.push(e)) }).start()

    await settledResource(actor)
    expect(actor.getSnapshot().context.items.map((i) => i.id)).toEqual(["a", "b"])

    actor.send({ type: "CREATE", input: { name: "Electricidad" } })
    await settledResource(actor)
    expect(actor.getSnapshot().context).toMatchObject({ selected: { id: "n1", name: "Electricidad" } })

    actor.send({ type: "CREATE", input: { name: "" } })
    await settledResource(actor)
    expect(actor.getSnapshot().context).toMatchObject({
      failure: { message: "Este campo es obligatorio", status: 400, issues: [{ path: ["name"], message: "Este campo es obligatorio" }] }
    })

    actor.send({ type: "UPDATE", id: "n1", input: { name: "Electricidad 24h" } })
    await settledResource(actor)
    expect(actor.getSnapshot().context).toMatchObject({ selected: { id: "n1", name: "Electricidad 24h" } })

    actor.send({ type: "DELETE", id: "n1" })
    await settledResource(actor)
    expect(actor.getSnapshot().context.selected).toBeNull()

    actor.send({ type: "SELECT", item: { id: "a", name: "Gasfitería" } })
    failList()
    actor.send({ type: "LOAD", query: { search: "cerr" } })
    await settledResource(actor)
    expect(actor.getSnapshot().value).toBe("failure")
    actor.send({ type: "RETRY" })
    await settledResource(actor)

    const live = actor.getSnapshot()
    expect(live.value).toBe("ready")
    expect(live.context).toMatchObject({
      query: { search: "cerr" },
      items: [{ id: "b", name: "Cerrajería" }],
      total: 1,
      selected: { id: "a", name: "Gasfitería" },
      loading: false,
      failure: null
    })
    expect(queries.at(-1)).toEqual({ search: "cerr" })

    const before = { ...calls }
    expect(before).toEqual({ list: 6, create: 2, update: 1, remove: 1 })
    expectReplayMatches(machine, journal, actor, input)
    await settle()
    expect(calls).toEqual(before)
    actor.stop()
  })

  it("a write rejected with an Error subclass keeps its message and issues through the journal", async () => {
    class FieldError extends Error {
      readonly issues = [{ path: ["name"], message: "Ya existe" }]
    }
    const machine = resourceMachine<Item, { name: string }>().provide({
      actors: {
        list: fromPromise<ListResult<Item>, ResourceQuery>(async () => ({ items: [], total: 0 })),
        create: fromPromise<Item, unknown>(async () => {
          throw new FieldError("Nombre duplicado")
        })
      }
    })
    const journal: JournalEntry[] = []
    const actor = createActor(machine, { input: {}, inspect: journalRecorder((e) => journal.push(e)) }).start()
    await settledResource(actor)
    actor.send({ type: "CREATE", input: { name: "Gasfitería" } })
    await settledResource(actor)
    expect(actor.getSnapshot().context).toMatchObject({ failure: { message: "Nombre duplicado", issues: [{ path: ["name"], message: "Ya existe" }] } })
    expect(journal.at(-1)?.event).toMatchObject({ type: "xstate.error.actor.create", error: { message: "Nombre duplicado" } })
    expectReplayMatches(machine, journal, actor, {})
    actor.stop()
  })

  it("replay without the host's input starts from an empty query, so the input is part of what is replayed", async () => {
    const { machine } = fakeResource()
    const input = { query: { search: "gas" } }
    const journal: JournalEntry[] = []
    const actor = createActor(machine, { input, inspect: journalRecorder((e) => journal.push(e)) }).start()
    await settledResource(actor)
    expect(replay(machine, journal, input).context.query).toEqual({ search: "gas" })
    expect(replay(machine, journal).context.query).toEqual({})
    actor.stop()
  })
})

describe("journal secrets", () => {
  it("never records a password or a token", async () => {
    const entries: Array<unknown> = []
    const actor = createActor(
      authMachine.provide({
        actors: {
          loadSession: fromPromise<Session | null>(async () => null),
          signIn: fromPromise<void, Credentials>(async () => undefined),
          signUp: fromPromise<string, SignUpDetails>(async () => ""),
          signOut: fromPromise<void>(async () => undefined)
        }
      }),
      { inspect: journalRecorder((entry) => entries.push(entry)) }
    ).start()
    await waitFor(actor, (s) => s.matches("signedOut"))
    actor.send({ type: "SIGN_IN", email: "a@palma.cl", password: "muy-secreta" })
    await waitFor(actor, (s) => s.matches("signedOut") || s.matches("signedIn"))
    expect(JSON.stringify(entries)).not.toContain("muy-secreta")
    expect(JSON.stringify(entries)).toContain("[redactado]")
    actor.stop()
  })
})

describe("journal read back from storage", () => {
  it("keeps a journal as it was written, and reads anything else as empty", () => {
    const journal: Journal = [{ at: "2026-11-27T12:00:00.000Z", event: { type: "RESUME", id: "j1" } }]
    expect(journalFrom(JSON.parse(JSON.stringify(journal)))).toEqual(journal)
    for (const tampered of [null, {}, "x", [1], [{ at: 1, event: { type: "A" } }], [{ at: "t", event: { kind: "A" } }], [{ at: "t" }]]) {
      expect(journalFrom(tampered)).toEqual([])
    }
  })
})
