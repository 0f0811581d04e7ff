import { describe, expect, it } from "vitest"
import { createActor, fromPromise } from "xstate"
import type { CaseNotice } from "../../src/domain/caseLive.js"
import { decodeCaseNotice } from "../../src/domain/caseLive.js"
import { caseLiveFeed, type CaseLiveSubscribe } from "../../src/client/caseLive.js"
import { caseRecordMachine, type LoadedCase, type StepTaken } from "../../src/machines/caseRecord.js"
import { openCase } from "./caseView.fixture.js"

/** A subscription the test drives: what EventSource does in the browser. */
const hand = () => {
  const state: { push: (n: CaseNotice) => void; connect: (c: boolean) => void; closed: boolean; caseId: string } = {
    push: () => undefined,
    connect: () => undefined,
    closed: false,
    caseId: ""
  }
  const subscribe: CaseLiveSubscribe = (caseId, onNotice, onConnected) => {
    Object.assign(state, { caseId, push: onNotice, connect: onConnected })
    return () => void (state.closed = true)
  }
  return { state, subscribe }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

/** The page's machine with a feed the test drives and a case whose version grows with each read or step. */
const page = () => {
  const { state, subscribe } = hand()
  let version = 5
  const reads: number[] = []
  const sent: StepTaken[] = []
  const loaded = (): LoadedCase => ({ view: { ...openCase, version }, names: {} })
  const actor = createActor(
    caseRecordMachine.provide({
      actors: {
        feed: caseLiveFeed(subscribe),
        load: fromPromise(async () => {
          reads.push(version)
          return loaded()
        }),
        take: fromPromise<LoadedCase, StepTaken>(async ({ input }) => {
          sent.push(input)
          version += 1
          return loaded()
        })
      }
    }),
    { input: { id: openCase.case_id, role: "user" } }
  ).start()
  return { actor, state, reads, sent, bump: (to: number) => (version = to) }
}

describe("a case's page (caseRecord machine): steps from the lifecycle, outcomes and others' changes", () => {
  it("offers the lifecycle's steps, sends one on the version read, and announces it", async () => {
    const { actor, sent } = page()
    await settle()
    const taken: string[] = []
    actor.on("taken", ({ step, record }) => taken.push(`${step} v${record.view.version}`))
    actor.send({ type: "PICK", step: "reopen" })
    expect(actor.getSnapshot().context.step).toBeNull()
    actor.send({ type: "PICK", step: "close" })
    expect(actor.getSnapshot().matches({ ready: "confirming" })).toBe(true)
    actor.send({ type: "TAKE", input: { type: "close", description: "Resuelto" } })
    await settle()
    expect(sent).toEqual([{ id: openCase.case_id, version: 5, input: { type: "close", description: "Resuelto" } }])
    expect(taken).toEqual(["close v6"])
    expect(actor.getSnapshot().context.step).toBeNull()
  })

  it("reads another user's write at once, but only notes it while a step is being confirmed; chat messages are counted", async () => {
    const { actor, state, reads, bump } = page()
    await settle()
    expect(state.caseId).toBe(openCase.case_id)
    state.connect(true)
    expect(actor.getSnapshot().context.connected).toBe(true)
    state.push({ type: "case", case_id: openCase.case_id, version: 5, stage_code: "event" })
    await settle()
    expect(reads).toEqual([5])
    bump(6)
    state.push({ type: "case", case_id: openCase.case_id, version: 6, stage_code: "event" })
    await settle()
    expect(reads).toEqual([5, 6])
    actor.send({ type: "PICK", step: "close" })
    bump(7)
    state.push({ type: "case", case_id: openCase.case_id, version: 7, stage_code: "event" })
    state.push({ type: "chat", case_id: openCase.case_id, message_id: "m1", seq: 1 })
    await settle()
    expect(reads).toEqual([5, 6])
    expect(actor.getSnapshot().context).toMatchObject({ changedElsewhere: 7, chatPosts: 1, step: "close" })
    actor.send({ type: "RELOAD" })
    await settle()
    expect(actor.getSnapshot().context).toMatchObject({ changedElsewhere: null, step: "close" })
    expect(actor.getSnapshot().matches({ ready: "confirming" })).toBe(true)
    actor.stop()
    expect(state.closed).toBe(true)
  })

  it("reads a notice's data line, and ignores what is not one", () => {
    expect(decodeCaseNotice('{"type":"chat","case_id":"c","message_id":"m","seq":2}')).toEqual({ type: "chat", case_id: "c", message_id: "m", seq: 2 })
    expect(decodeCaseNotice("{}")).toBeUndefined()
    expect(decodeCaseNotice("no json")).toBeUndefined()
  })
})
