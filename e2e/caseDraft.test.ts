import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type ApplicantLookup, type InsuredSearchPage, Rut } from "../packages/core/src/index.js"
import { type RunningServer, startServer } from "../packages/server/test/support/startServer.js"
import { type Browser, launch, screenshotPath } from "./browser.js"
import { signIn } from "./session.js"

/**
 * Issue 12 §2–§3, Nuevo caso in Chromium on the real server: a reload of the page resumes the
 * draft where it was, and a person nobody covers is registered with the plan they take.
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

/** Reads the API as the signed-in page (its session cookie goes along). */
const read = <A>(path: string): Promise<A> => page.evaluate(async (p) => (await fetch(p)).json(), path) as Promise<A>

const titular = async () => {
  const found = await read<InsuredSearchPage>("/api/insured/getByRutOrName?name=a&records=50")
  for (const person of found.data) {
    const lookup = await read<ApplicantLookup>(`/api/case/getApplicantByRut/${encodeURIComponent(person.rut)}`)
    if (lookup.type === "I" && lookup.products.length === 1) return { rut: person.rut, policy: lookup.products[0]!.policy.number }
  }
  throw new Error("Ningún titular de la demo tiene una sola póliza vigente")
}

describe("Nuevo caso, in Chromium", () => {
  it("a reload resumes the draft at the step it reached", async () => {
    const { rut, policy } = await titular()
    await page.goto(`${server.url}/assistance/case/new`)
    const rutField = page.getByRole("textbox", { name: /RUT del solicitante/ })
    await rutField.fill(rut)
    await rutField.press("Enter")
    // The only product comes chosen.
    await page.getByRole("radio", { name: new RegExp(`póliza ${policy}`), checked: true }).waitFor()
    await page.getByRole("button", { name: "Continuar" }).click()
    await page.getByRole("region", { name: "Servicio" }).waitFor()

    await page.reload()
    const services = page.getByRole("region", { name: "Servicio" })
    await services.waitFor()
    expect(await services.getByRole("radio").count()).toBeGreaterThan(0)
    await page.screenshot({ path: screenshotPath("case-draft-resumed"), fullPage: true })
    await services.getByRole("button", { name: "Volver" }).click()
    expect(await page.getByRole("radio", { name: new RegExp(`póliza ${policy}`) }).isChecked()).toBe(true)
  })

  it("registers a person nobody covers with a plan, from the keyboard, and goes on to the services", async () => {
    await page.goto(`${server.url}/assistance/case/new`)
    // A draft left by the last test resumes: start over from the RUT.
    while (!(await page.getByRole("textbox", { name: /RUT del solicitante/ }).isVisible())) await page.getByRole("button", { name: "Volver" }).first().click()
    const rut = Rut.format(`30123460-${Rut.checkDigit("30123460")}`)
    const rutField = page.getByRole("textbox", { name: /RUT del solicitante/ })
    await rutField.fill(rut)
    await rutField.press("Enter")
    const form = page.getByRole("region", { name: "Registrar cliente" })
    await form.waitFor()
    await page.keyboard.type("Camila")
    await page.keyboard.press("Tab")
    await page.keyboard.type("Reyes")
    await form.getByRole("combobox", { name: /Plan que toma/ }).click()
    await page.getByRole("option").first().click()
    await page.screenshot({ path: screenshotPath("case-draft-newcomer"), fullPage: true })
    await form.getByRole("button", { name: "Registrar y continuar" }).click()
    await page.getByRole("region", { name: "Servicio" }).waitFor()
    const lookup = await read<ApplicantLookup>(`/api/case/getApplicantByRut/${encodeURIComponent(rut)}`)
    expect(lookup).toEqual({ type: "C" })
  })
})
