import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest"
import { type BulkLoadJob, type Call, type CaseNotice, type StreamEvent } from "@palma/core"
import { send } from "../security/http.js"
import { clientAs, demoTokens } from "../support/api.js"
import { caseFixture, type Fixture, newCase } from "../support/caseFixture.js"
import { openLive } from "../support/liveFollower.js"
import { rosterForm, rosterPlan, rosterWorkbook, ruts, settled } from "../support/roster.js"
import { type InProcessServer, startServer } from "../support/startServer.js"

/**
 * Issue 33 §4: every case and job event on a live stream carries its position in the store as
 * `id:`; a follower that dropped and comes back with `Last-Event-ID` gets what it missed, read
 * from the store, then the live ones, nothing twice and nothing left out.
 */

let server: InProcessServer
let tokens: Awaited<ReturnType<typeof demoTokens>>
let f: Fixture

beforeAll(async () => {
  server = await startServer()
  tokens = await demoTokens(server.url)
  f = await caseFixture(server)
})
afterAll(() => server?.stop())

const call = async (method: string, path: string, body?: unknown) => {
  const response = await send(server.url, method, path, { token: tokens.moderator, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
  expect(response.status, JSON.stringify(response.json)).toBe(200)
  return response.json as { case_id: string; version: number; stage: { code: string } }
}

/** A step on the case: closed and reopened in turn (a moderator may do both), each one event. */
const step = (caseId: string, type: "close" | "reopen") => call("POST", `/api/case/${caseId}/step`, { type, description: `Paso ${type}` })
const chat = (caseId: string, message: string) => call("POST", "/api/case/createChatMessage", { case_id: caseId, message })

const follow = async (caseId: string, lastEventId?: string, query = "") => {
  const connection = await openLive(server.url, `/api/case/live?case_id=${caseId}${query}`, {
    token: tokens.user,
    ...(lastEventId === undefined ? {} : { lastEventId })
  })
  onTestFinished(connection.drop)
  return connection
}

/** An event as the test compares it: its type, its id and what it says. */
const seen = (event: StreamEvent) => {
  const data = JSON.parse(event.data) as CaseNotice | { version: number; chat: number }
  return { type: event.type, id: event.lastEventId, data }
}
const caseEvent = (caseId: string, version: number, chatSeq: number, stage_code = expect.any(String) as unknown as string) => ({
  type: "case",
  id: `${version}.${chatSeq}`,
  data: { type: "case", case_id: caseId, version, stage_code }
})
const chatEvent = (caseId: string, version: number, seq: number) => ({
  type: "chat",
  id: `${version}.${seq}`,
  data: { type: "chat", case_id: caseId, message_id: expect.any(String) as unknown as string, seq }
})

describe("a case's live stream resumes after Last-Event-ID", () => {
  it("gives every event its position; a follower back with it gets exactly what it missed, from the store, then the live ones", async () => {
    const opened = await call("POST", "/api/case/upsert", newCase(f))
    const id = opened.case_id
    const v = opened.version

    const first = await follow(id)
    expect(first.status).toBe(200)
    // Where it starts, even before anything happens: a follower that gets nothing else can still resume.
    expect((await first.take(1)).map(seen)).toEqual([{ type: "position", id: `${v}.0`, data: { version: v, chat: 0 } }])
    expect(first.retry()).toBe(3000)
    const closed = await step(id, "close")
    expect(closed.version).toBe(v + 1)
    await chat(id, "Antes del corte")
    expect((await first.take(2)).map(seen)).toEqual([caseEvent(id, v + 1, 0, closed.stage.code), chatEvent(id, v + 1, 1)])
    first.drop()

    // While it is away: two steps and a message.
    await step(id, "reopen")
    await chat(id, "Durante el corte")
    const last = await step(id, "close")
    expect(last.version).toBe(v + 3)

    const back = await follow(id, `${v + 1}.1`)
    expect((await back.take(4)).map(seen)).toEqual([
      { type: "position", id: `${v + 1}.1`, data: { version: v + 1, chat: 1 } },
      caseEvent(id, v + 2, 1),
      caseEvent(id, v + 3, 1, last.stage.code),
      chatEvent(id, v + 3, 2)
    ])
    // Then the live ones, and nothing it already had in between.
    await chat(id, "Después del corte")
    const reopened = await step(id, "reopen")
    expect((await back.take(2)).map(seen)).toEqual([chatEvent(id, v + 3, 3), caseEvent(id, v + 4, 3, reopened.stage.code)])

    // A remade EventSource cannot set headers: a position in the query resumes the same way. What
    // the store holds is sent in its order: the case's changes, then the chat's messages.
    const remade = await follow(id, undefined, `&last_event_id=${v + 2}.1`)
    expect((await remade.take(5)).map(seen).slice(1)).toEqual([
      caseEvent(id, v + 3, 1),
      caseEvent(id, v + 4, 1),
      chatEvent(id, v + 4, 2),
      chatEvent(id, v + 4, 3)
    ])
    back.drop()
    remade.drop()
  })

  it("numbers a case's chat messages 1, 2, … in the order they commit, even posted at once (the case's lock)", async () => {
    const opened = await call("POST", "/api/case/upsert", newCase(f))
    await Promise.all(Array.from({ length: 8 }, (_, i) => chat(opened.case_id, `A la vez ${i}`)))
    const stored = await server.sql(
      (sql) => sql<{ seq: number; message: string }>`SELECT seq, message FROM case_chat WHERE case_id = ${opened.case_id} ORDER BY created_at, seq`
    )
    expect(stored.map((m) => m.seq).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    // The chat reads in that order, and a follower from the start gets each message once.
    const read = (await send(server.url, "GET", `/api/case/getChatByCase/${opened.case_id}`, { token: tokens.user })).json as Array<{ message: string }>
    expect(read.map((m) => m.message)).toEqual([...stored].sort((a, b) => a.seq - b.seq).map((m) => m.message))
    const back = await follow(opened.case_id, `${opened.version}.0`)
    expect((await back.take(9)).slice(1).map((e) => e.lastEventId)).toEqual(Array.from({ length: 8 }, (_, i) => `${opened.version}.${i + 1}`))
  })

  it("refuses an id it never sent, and an unknown case", async () => {
    const opened = await call("POST", "/api/case/upsert", newCase(f))
    const bad = await follow(opened.case_id, "siete")
    expect(bad.status).toBe(400)
    bad.drop()
    const unknown = await follow("00000000-0000-4000-8000-000000000000")
    expect(unknown.status).toBe(404)
    unknown.drop()
  })
})

describe("an upload job's live stream resumes after Last-Event-ID", () => {
  let admin: Call
  let plan: Awaited<ReturnType<typeof rosterPlan>>
  const HEADERS = ["RUT Asegurado", "Nombres", "Apellido Paterno"]

  beforeAll(async () => {
    admin = clientAs(server.url, tokens.admin)
    plan = await rosterPlan(admin, "Reanudar", 76555444, [
      { field_id: "rut", header: "RUT Asegurado", required: true },
      { field_id: "name", header: "Nombres", required: true },
      { field_id: "paternalLastName", header: "Apellido Paterno", required: true }
    ])
  })

  const followJob = async (id: string, lastEventId?: string) => {
    const connection = await openLive(server.url, `/api/retail/uploads/${id}/live`, {
      token: tokens.admin,
      ...(lastEventId === undefined ? {} : { lastEventId })
    })
    onTestFinished(connection.drop)
    return connection
  }
  const jobsOf = (events: ReadonlyArray<StreamEvent>) => events.map((e) => ({ id: e.lastEventId, job: JSON.parse(e.data) as BulkLoadJob }))
  /** The ids' order: phase, then rows processed. */
  const order = (id: string) => id.split(".").map(Number) as [number, number]
  const ascending = (ids: ReadonlyArray<string>) =>
    ids.every((id, i) => i === 0 || order(id)[0] > order(ids[i - 1]!)[0] || (order(id)[0] === order(ids[i - 1]!)[0] && order(id)[1] > order(ids[i - 1]!)[1]))

  it("a follower back after the job moved on gets where it is now, then the rest; at rest and known, nothing (204)", async () => {
    const bytes = await rosterWorkbook(
      HEADERS,
      ruts(15_900_000, 400).map((rut, i) => [rut, `Reanuda ${i}`, "Sse"])
    )
    const queued = await admin((c) =>
      c.bulkLoad.addLeadFromExcel({ payload: rosterForm({ retailId: plan.retailId, planId: plan.planId, dryRun: true }, bytes) })
    )
    const checking = await followJob(queued.id)
    const checked = jobsOf(await checking.rest())
    expect(checked.at(-1)!.job).toMatchObject({ status: "ready", total: 400 })
    expect(checked.at(-1)!.id).toBe("2.0")
    expect(ascending(checked.map((c) => c.id))).toBe(true)

    // At rest, and the follower has it: nothing more will come (EventSource stops reconnecting on 204).
    expect((await followJob(queued.id, "2.0")).status).toBe(204)

    await admin((c) => c.bulkLoad.confirmUpload({ path: { id: queued.id }, payload: { removeMissing: false } }))
    const back = jobsOf(await (await followJob(queued.id, "2.0")).rest())
    expect(back.length).toBeGreaterThan(0)
    expect(order(back[0]!.id)[0]).toBeGreaterThanOrEqual(3)
    expect(ascending(back.map((b) => b.id))).toBe(true)
    expect(back.at(-1)).toEqual({ id: "4.400", job: expect.objectContaining({ status: "done", processed: 400 }) })
    for (const { id, job } of back) expect(id).toBe(`${job.status === "loading" ? 3 : 4}.${job.processed}`)

    // Missed entirely: only where it ended.
    const done = await settled(admin, queued.id)
    const late = jobsOf(await (await followJob(queued.id, "0.0")).rest())
    expect(late).toEqual([{ id: "4.400", job: done }])
    expect((await followJob(queued.id, "4.400")).status).toBe(204)
    const query = await openLive(server.url, `/api/retail/uploads/${queued.id}/live?last_event_id=4.400`, { token: tokens.admin })
    expect(query.status).toBe(204)
  })
})
