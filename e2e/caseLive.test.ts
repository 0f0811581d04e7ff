import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { CaseList, CaseView } from "../packages/core/src/index.js"
import { type RunningServer, startServer } from "../packages/server/test/support/startServer.js"
import { type Browser, launch, screenshotPath } from "./browser.js"
import { api, signIn } from "./session.js"

/**
 * Issue 12 "Live": an operator has a case open; a moderator, in another browser session, writes
 * on its chat and changes the case. The operator's page shows both without being reloaded, and
 * an operator's own document upload lists it.
 */

let server: RunningServer
let browser: Browser
let operator: Page
let moderator: Page

beforeAll(async () => {
  server = await startServer()
  browser = await launch()
  operator = await signIn(browser, server.url, "operador@palma.cl")
  moderator = await signIn(browser, server.url, "moderador@palma.cl")
})
afterAll(async () => {
  await operator?.close()
  await moderator?.close()
  await browser?.close()
  await server?.stop()
})

describe("a case open in two browsers, in Chromium", () => {
  it("shows the moderator's chat message and change on the operator's page as they happen", async () => {
    const list = await api<CaseList>(operator, "GET", "/api/case/getAll?records=50")
    const row = list.data.find((r) => r.code !== "close")!
    const live = operator.waitForResponse((r) => r.url().includes(`/api/case/live?case_id=${row.id}`))
    await operator.goto(`${server.url}/assistance/case/${row.id}`)
    await operator.getByRole("heading", { level: 1, name: `Caso N° ${row.number}` }).waitFor()
    const chat = operator.getByRole("region", { name: "Chat del caso" })
    await chat.getByRole("textbox", { name: /Mensaje/ }).waitFor()
    // The live stream is open once the page is (EventSource, same origin, the session cookie).
    expect((await live).status()).toBe(200)

    await api(moderator, "POST", "/api/case/createChatMessage", { case_id: row.id, message: "Aprobado por supervisión, coordinen la visita" })
    await chat.getByText("Aprobado por supervisión, coordinen la visita").waitFor({ timeout: 15_000 })

    const view = await api<CaseView>(moderator, "GET", `/api/case/getById/${row.id}`)
    await api(moderator, "POST", "/api/case/upsert", { ...view, event: { ...view.event, description: "Actualizado por la supervisora" } })
    await operator
      .getByRole("table", { name: "Historial del caso" })
      .getByText(/Actualizado por la supervisora|evento/i)
      .first()
      .waitFor({ timeout: 15_000 })
    const after = await api<CaseView>(operator, "GET", `/api/case/getById/${row.id}`)
    expect(after.version).toBeGreaterThan(view.version)
    await operator.getByText("Actualizado por la supervisora").first().waitFor({ timeout: 15_000 })
    await operator.screenshot({ path: screenshotPath("case-live"), fullPage: true })
  })
})
