import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from "vitest"
import { type Call, caseStepsOf, type CaseView, type StreamEvent } from "@palma/core"
import { send } from "../security/http.js"
import { clientAs, demo, signIn } from "../support/api.js"
import { openLive } from "../support/liveFollower.js"
import { psql } from "../support/psql.js"
import { startServerProcess } from "../support/serverProcess.js"

/**
 * Issue 33 §4 across processes: two API processes on one PostgreSQL, as behind a load balancer.
 * A follower of a case on the first loses its connection; what was written meanwhile, on either
 * process, reaches it when it comes back to the second with `Last-Event-ID`, then the live ones
 * from both. Only PostgreSQL has two processes on one database (PGlite allows one per data dir).
 */
const databaseUrl = process.env.DATABASE_URL

describe.skipIf(!databaseUrl)("a live follower moving from one API process to another (PostgreSQL)", () => {
  let a: Awaited<ReturnType<typeof startServerProcess>>
  let b: Awaited<ReturnType<typeof startServerProcess>>
  let token: string

  beforeAll(async () => {
    // One public address for both, as behind a balancer: a token names it as its issuer.
    const env = { PALMA_PUBLIC_URL: "http://palma.localhost" }
    a = await startServerProcess({ keep: true, env, template: inject("palmaTemplate") })
    b = await startServerProcess({ env: { ...env, DATABASE_URL: a.databaseUrl! } })
    // Sessions and the signing key live in the database: a token from one process is good on the other.
    token = await signIn(a.url, demo.moderator)
  }, 240_000)
  afterAll(async () => {
    await b?.stop()
    await a?.stop()
    if (a?.databaseUrl && databaseUrl) psql(databaseUrl, `DROP DATABASE IF EXISTS ${new URL(a.databaseUrl).pathname.slice(1)} WITH (FORCE)`)
  })

  /** A demo case the lifecycle lets a moderator close now (and so reopen after). */
  const closableCase = async (call: Call): Promise<CaseView> => {
    const list = await call((c) => c.case.getAll({ urlParams: { records: 50 } }))
    for (const row of list.data) {
      const view = await call((c) => c.case.getById({ path: { id: row.id } }))
      if (caseStepsOf(view, "moderator").some((o) => o.step === "close" && o.refusal === null)) return view
    }
    throw new Error("Ningún caso de la demo se puede cerrar")
  }

  const on = (url: string) => ({
    step: async (caseId: string, type: "close" | "reopen") => {
      const response = await send(url, "POST", `/api/case/${caseId}/step`, { token, body: JSON.stringify({ type, description: `Paso ${type}` }) })
      expect(response.status, response.text).toBe(200)
      return response.json as CaseView
    },
    chat: async (caseId: string, message: string) => {
      const response = await send(url, "POST", "/api/case/createChatMessage", { token, body: JSON.stringify({ case_id: caseId, message }) })
      expect(response.status, response.text).toBe(200)
    },
    follow: (caseId: string, lastEventId?: string) => live(url, `/api/case/live?case_id=${caseId}`, lastEventId)
  })
  /** A follower, dropped when the test ends: an open stream would keep its process from stopping. */
  const live = async (url: string, path: string, lastEventId?: string) => {
    const connection = await openLive(url, path, { token, ...(lastEventId === undefined ? {} : { lastEventId }) })
    onTestFinished(connection.drop)
    return connection
  }
  const ids = (events: ReadonlyArray<StreamEvent>) => events.map((e) => `${e.type} ${e.lastEventId}`)

  it(
    "comes back on the other process with its last id: what it missed from the store, written on either, then the live ones",
    { timeout: 120_000 },
    async () => {
      const view = await closableCase(clientAs(a.url, token))
      const id = view.case_id
      const v = view.version
      const chatOf = async () => (await clientAs(a.url, token)((c) => c.case.getChatByCase({ path: { case_id: id } }))).length
      const c = await chatOf()

      const first = await on(a.url).follow(id)
      expect(ids(await first.take(1))).toEqual([`position ${v}.${c}`])
      await on(a.url).step(id, "close")
      expect(ids(await first.take(1))).toEqual([`case ${v + 1}.${c}`])
      first.drop()

      // Away: a step on each process and a message.
      await on(b.url).step(id, "reopen")
      await on(a.url).chat(id, "Mientras tanto")
      await on(a.url).step(id, "close")

      const back = await on(b.url).follow(id, `${v + 1}.${c}`)
      expect(ids(await back.take(4))).toEqual([`position ${v + 1}.${c}`, `case ${v + 2}.${c}`, `case ${v + 3}.${c}`, `chat ${v + 3}.${c + 1}`])

      // Every case as it changes, on the second process (no store reads: notices only).
      const list = await live(b.url, "/api/case/live")
      // Another follower on the second process leaves: the process keeps listening for the rest.
      const other = await on(b.url).follow(id)
      await other.take(1)
      other.drop()

      // Written on the first process, heard on the second.
      await on(a.url).step(id, "reopen")
      expect(ids(await back.take(1))).toEqual([`case ${v + 4}.${c + 1}`])
      const notice = await list.take(1)
      expect(JSON.parse(notice[0]!.data)).toMatchObject({ type: "case", case_id: id, version: v + 4 })
    }
  )
})
