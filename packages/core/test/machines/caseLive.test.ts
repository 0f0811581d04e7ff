import { describe, expect, it } from "vitest"
import { createActor } from "xstate"
import type { CaseNotice } from "../../src/domain/caseLive.js"
import { decodeCaseNotice } from "../../src/domain/caseLive.js"
import { caseLiveFeed, caseLiveMachine, type CaseLiveSubscribe } from "../../src/machines/caseLive.js"

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

describe("caseLive machine", () => {
  it("announces a newer version of the case and every chat message; its own version and older ones are quiet", () => {
    const { state, subscribe } = hand()
    const actor = createActor(caseLiveMachine.provide({ actors: { feed: caseLiveFeed(subscribe) } }), { input: { caseId: "c1", known: 5 } }).start()
    const heard: string[] = []
    actor.on("caseChanged", ({ version }) => heard.push(`case ${version}`))
    actor.on("chatPosted", ({ message_id }) => heard.push(`chat ${message_id}`))
    expect(state.caseId).toBe("c1")
    state.connect(true)
    expect(actor.getSnapshot().context.connected).toBe(true)
    state.push({ type: "case", case_id: "c1", version: 5, stage_code: "event" })
    state.push({ type: "case", case_id: "c1", version: 6, stage_code: "event" })
    actor.send({ type: "KNOWN", version: 7 })
    state.push({ type: "case", case_id: "c1", version: 7, stage_code: "event" })
    state.push({ type: "chat", case_id: "c1", message_id: "m1" })
    expect(heard).toEqual(["case 6", "chat m1"])
    actor.stop()
    expect(state.closed).toBe(true)
  })

  it("reads a notice's data line, and ignores what is not one", () => {
    expect(decodeCaseNotice('{"type":"chat","case_id":"c","message_id":"m"}')).toEqual({ type: "chat", case_id: "c", message_id: "m" })
    expect(decodeCaseNotice("{}")).toBeUndefined()
    expect(decodeCaseNotice("no json")).toBeUndefined()
  })
})
