import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { CaseList, CaseView } from "../packages/core/src/index.js"
import { type FrontProxy, startFrontProxy } from "../packages/server/test/support/frontProxy.js"
import { type RunningServer, startServer } from "../packages/server/test/support/startServer.js"
import { type Browser, launch } from "./browser.js"
import { api, signIn } from "./session.js"

/**
 * Issue 33 §4 in Chromium: an operator's case page behind a balancer (a proxy the test drives)
 * loses its live stream; what a moderator writes while it is gone reaches the page when it comes
 * back: by EventSource's own reconnection (`Last-Event-ID`), and when the browser gave up (the
 * balancer answered 503) by the page making it anew from the last id (`?last_event_id=`).
 */

let server: RunningServer
let proxy: FrontProxy
let browser: Browser
let operator: Page
let moderator: Page

beforeAll(async () => {
  server = await startServer()
  proxy = await startFrontProxy(server.url)
  browser = await launch()
  operator = await signIn(browser, proxy.url, "operador@palma.cl")
  moderator = await signIn(browser, server.url, "moderador@palma.cl")
})
afterAll(async () => {
  await operator?.close()
  await moderator?.close()
  await browser?.close()
  await proxy?.stop()
  await server?.stop()
})

/** Waits until the proxy has seen `n` live requests. */
const liveRequests = async (n: number) => {
  await expect.poll(() => proxy.live().length, { timeout: 20_000 }).toBeGreaterThanOrEqual(n)
  return proxy.live()
}

describe("a case page whose live stream drops, in Chromium", () => {
  it("gets what was written while it was away, whether the browser reconnects or gives up", async () => {
    const list = await api<CaseList>(operator, "GET", "/api/case/getAll?records=50")
    const row = list.data.find((r) => r.code !== "close")!
    await operator.goto(`${proxy.url}/assistance/case/${row.id}`)
    await operator.getByRole("heading", { level: 1, name: `Caso N° ${row.number}` }).waitFor()
    const chat = operator.getByRole("region", { name: "Chat del caso" })
    await chat.getByRole("textbox", { name: /Mensaje/ }).waitFor()
    const [first] = await liveRequests(1)
    await expect.poll(() => first!.forwardedId).not.toBe("")

    // The stream drops; EventSource comes back by itself, and is kept waiting while the moderator writes.
    let release = proxy.hold()
    proxy.cut()
    const [, second] = await liveRequests(2)
    await api(moderator, "POST", "/api/case/createChatMessage", { case_id: row.id, message: "Escrito durante el corte" })
    release()
    await chat.getByText("Escrito durante el corte").waitFor({ timeout: 15_000 })
    expect(second).toMatchObject({ lastEventId: first!.forwardedId, status: 200 })

    // Now the balancer has no server for it: the browser gives up on the 503, and the page makes its stream anew from the last id.
    proxy.refuse(1)
    release = proxy.hold()
    proxy.cut()
    const [, , refused, remade] = await liveRequests(4)
    const view = await api<CaseView>(moderator, "GET", `/api/case/getById/${row.id}`)
    await api(moderator, "POST", "/api/case/upsert", { ...view, event: { ...view.event, description: "Cambiado durante la caída" } })
    release()
    await operator.getByText("Cambiado durante la caída").first().waitFor({ timeout: 15_000 })
    expect(refused).toMatchObject({ lastEventId: second!.forwardedId, status: 503 })
    expect(remade!.lastEventId).toBeUndefined()
    expect(remade!.path).toContain(`last_event_id=${encodeURIComponent(second!.forwardedId)}`)
  })
})
