import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { InsuredSearchPage, InsuredSubscriptions } from "../packages/core/src/index.js"
import { type RunningServer, startServer } from "../packages/server/test/support/startServer.js"
import { type Browser, launch, screenshotPath } from "./browser.js"
import { signIn } from "./session.js"

/**
 * Issue 11 §6: an operator finds an insured by a name typed without accents and sees what their
 * subscriptions cover, in Chromium on the real server, through the sidebar like a person would.
 */

let server: RunningServer
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

const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase()

/** Reads the API as the signed-in page (its session cookie goes along). */
const read = <A>(path: string): Promise<A> => page.evaluate(async (p) => (await fetch(p)).json(), path) as Promise<A>

describe("Personas, as an operator, in Chromium", () => {
  it("finds an insured by a name without accents and sees the coverage of their subscriptions", async () => {
    const found = await read<InsuredSearchPage>("/api/insured/getByRutOrName?records=200")
    const person = found.data.find((p) => /[áéíóúñ]/i.test(p.name))!
    const typed = fold(person.name.split(" ").find((w) => /[áéíóúñ]/i.test(w))!)
    const covering = await read<InsuredSubscriptions>(`/api/insured/subscriptions/${person.id}`)

    const nav = page.getByRole("navigation", { name: "Menú principal" })
    await nav.getByRole("button", { name: "Asistencia", exact: true }).click()
    await nav.getByRole("link", { name: "Personas" }).click()
    await page.waitForURL(`${server.url}/assistance/people`)
    await page.getByRole("table", { name: "Asegurados encontrados" }).getByRole("row").nth(1).waitFor()

    await page.getByRole("searchbox", { name: "RUT o nombre" }).fill(typed)
    await page.waitForURL((url) => url.searchParams.get("q") === typed)
    const link = page.getByRole("table", { name: "Asegurados encontrados" }).getByRole("link", { name: person.name, exact: true })
    await link.waitFor()
    const shownNames = await page.getByRole("table", { name: "Asegurados encontrados" }).getByRole("link").allTextContents()
    expect(shownNames.every((name) => fold(name).includes(typed))).toBe(true)
    await page.screenshot({ path: screenshotPath("people-search"), fullPage: true })

    await link.click()
    await page.getByRole("heading", { level: 1, name: person.name }).waitFor()
    const first = covering.subscriptions[0]!
    const section = page.getByRole("region", { name: `Suscripción ${first.name}, póliza ${first.policy}` })
    const coverage = section.getByRole("table", { name: `Cobertura de ${first.name}` })
    await coverage.waitFor()
    for (const a of first.assistances) await expect(coverage.getByRole("cell", { name: a.name, exact: true }).count()).resolves.toBe(1)
    await page.screenshot({ path: screenshotPath("people-coverage"), fullPage: true })
  })
})
