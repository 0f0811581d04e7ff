import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { CaseList, CaseView } from "../packages/core/src/index.js"
import { demo, signIn as apiSignIn } from "../packages/server/test/support/api.js"
import { caseFixture, newCase, servedComuna } from "../packages/server/test/support/caseFixture.js"
import { send } from "../packages/server/test/security/http.js"
import { type InProcessServer, startServer } from "../packages/server/test/support/startServer.js"
import { type Browser, launch, screenshotPath } from "./browser.js"
import { signIn } from "./session.js"

/**
 * Issue 12 §3: an operator opens Casos, filters by the applicant's name, opens a case and closes
 * it with a description, from the keyboard, in Chromium on the real server.
 */

let server: InProcessServer
let browser: Browser
let page: Page

beforeAll(async () => {
  server = await startServer()
  browser = await launch()
  page = await signIn(browser, server.url, "operador@palma.cl")
})
afterAll(async () => {
  await page?.close()
  await browser?.close()
  await server?.stop()
})

/** Reads the API as the signed-in page (its session cookie goes along). */
const read = <A>(path: string): Promise<A> => page.evaluate(async (p) => (await fetch(p)).json(), path) as Promise<A>

/** Calls the API as the operator, expecting it to be taken. */
const take = async (path: string, body: unknown, version?: number): Promise<CaseView> => {
  const answer = await send(server.url, "POST", path, {
    token: await apiSignIn(server.url, demo.user),
    body: JSON.stringify(body),
    headers: version === undefined ? {} : { "if-match": `"${version}"` }
  })
  expect(answer.status, answer.text).toBe(200)
  return answer.json as CaseView
}

/** A case whose specialist was sent and then cancelled, in a comuna someone serves, made here (the demo's depend on the clock). */
const cancelledVisit = async (): Promise<CaseView> => {
  const f = await caseFixture(server)
  const body = newCase(f)
  let view = await take("/api/case/upsert", { ...body, event: { ...body.event, location: await servedComuna(server, f) } })
  view = await take(`/api/case/${view.case_id}/step`, { type: "chooseProcedure", procedure_id: f.procedures.specialist }, view.version)
  const assign = { type: "assignProvider", kind: "specialist", provider_id: f.specialist, specialty_id: null, scheduled_date: null, scheduled_time: null }
  view = await take(`/api/case/${view.case_id}/step`, assign, view.version)
  return take(`/api/case/${view.case_id}/step`, { type: "cancelAssignment" }, view.version)
}

describe("Casos, as an operator, in Chromium", () => {
  it("filters the list, opens a case and closes it by keyboard", async () => {
    const list = await read<CaseList>("/api/case/getAll?records=100")
    const open = list.data.find((row) => row.code !== "close")!
    const surname = open.applicant_name.split(" ").at(-2)!

    const nav = page.getByRole("navigation", { name: "Menú principal" })
    await nav.getByRole("button", { name: "Asistencia", exact: true }).click()
    await nav.getByRole("link", { name: "Casos" }).click()
    await page.waitForURL(`${server.url}/assistance/case`)
    await page.getByRole("table", { name: "Casos encontrados" }).getByRole("row").nth(1).waitFor()

    await page.getByRole("textbox", { name: "Nombre del solicitante" }).focus()
    await page.keyboard.type(surname)
    await page.keyboard.press("Enter")
    await page.waitForURL((url) => url.searchParams.get("name") === surname)
    const link = page.getByRole("link", { name: `Caso ${open.number}`, exact: true })
    await link.waitFor()
    await page.screenshot({ path: screenshotPath("cases-list"), fullPage: true })

    await link.focus()
    await page.keyboard.press("Enter")
    await page.getByRole("heading", { level: 1, name: `Caso N° ${open.number}` }).waitFor()
    await page.getByRole("button", { name: "Cerrar caso" }).focus()
    await page.keyboard.press("Enter")
    const dialog = page.getByRole("dialog", { name: "Cerrar caso" })
    await dialog.waitFor()
    // The description has the focus as the dialog opens; Tab reaches Cancelar, then the confirmation.
    await page.keyboard.type("Resuelto por teléfono")
    await page.keyboard.press("Tab")
    await page.keyboard.press("Tab")
    await expect(dialog.getByRole("button", { name: "Cerrar caso" }).evaluate((b) => b.ownerDocument.activeElement === b)).resolves.toBe(true)
    await page.keyboard.press("Enter")

    await page.getByLabel("Etapa: Caso cerrado").waitFor()
    await page.getByText("Cierre: Resuelto por teléfono").waitFor()
    await expect(page.getByRole("button", { name: "Reabrir caso" }).isDisabled()).resolves.toBe(true)
    await page.screenshot({ path: screenshotPath("case-closed"), fullPage: true })
  })

  it("sends another specialist to a case whose specialist was cancelled: the ranked candidates, picked by keyboard", async () => {
    const view = await cancelledVisit()
    await page.goto(`${server.url}/assistance/case/${view.case_id}`)
    await page.getByRole("heading", { level: 1, name: `Caso N° ${view.case_number}` }).waitFor()
    await page.getByRole("button", { name: "Asignar especialista" }).focus()
    await page.keyboard.press("Enter")
    const dialog = page.getByRole("dialog", { name: "Asignar especialista" })
    await dialog.getByRole("radio").first().waitFor()
    // The best-ranked candidate has the focus as the list opens: Space picks it.
    await page.keyboard.press("Space")
    const first = await dialog.getByRole("radio").first().getAttribute("value")
    await expect(dialog.getByRole("radio").first().isChecked()).resolves.toBe(true)
    await page.screenshot({ path: screenshotPath("case-assign"), fullPage: true })
    await dialog.getByRole("button", { name: "Asignar especialista" }).focus()
    await page.keyboard.press("Enter")
    await dialog.waitFor({ state: "detached" })
    const stored = await read<CaseView>(`/api/case/getById/${view.case_id}`)
    expect(stored.specialist).toMatchObject({ specialist_id: first, cancel: false })
    await page.getByRole("button", { name: "Agendar visita" }).waitFor()
    await page.screenshot({ path: screenshotPath("case-assigned"), fullPage: true })
  })
})
