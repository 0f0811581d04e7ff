import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type RunningServer, startServer } from "../packages/server/test/support/startServer.js"
import { type Browser, launch, screenshotPath } from "./browser.js"
import { signIn } from "./session.js"

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  server = await startServer()
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe("a form with unsaved changes, in Chromium", () => {
  it("asks before the sidebar or the back button drop what was typed", async () => {
    const page = await signIn(browser, server.url, "admin@palma.cl")
    await page.goto(`${server.url}/entities/retail`)
    await page.getByRole("button", { name: "Nuevo canal" }).click()
    const form = page.getByRole("form", { name: "Datos del canal" })
    await form.getByRole("textbox", { name: "Nombre", exact: true }).fill("Canal a medias")
    await form.getByRole("button", { name: "Crear canal" }).click()

    // Required before format; the example placeholder keeps its gray while the field is marked.
    const rut = form.getByRole("textbox", { name: "RUT" })
    await expect.poll(() => rut.getAttribute("aria-invalid")).toBe("true")
    const colors = await rut.evaluate((input) => ({
      placeholder: getComputedStyle(input, "::placeholder").color,
      error: getComputedStyle(input).borderColor
    }))
    expect(colors.placeholder).not.toBe(colors.error)

    await page.getByRole("navigation", { name: "Menú principal" }).getByRole("link", { name: "Inicio" }).click()
    const question = page.getByRole("dialog", { name: "¿Descartar los cambios?" })
    await question.waitFor()
    // Once faded in.
    await expect.poll(() => question.evaluate((dialog) => getComputedStyle(dialog).opacity)).toBe("1")
    await page.screenshot({ path: screenshotPath("unsaved-confirm") })
    await question.getByRole("button", { name: "Seguir editando" }).click()
    await question.waitFor({ state: "detached" })
    expect(await form.getByRole("textbox", { name: "Nombre", exact: true }).inputValue()).toBe("Canal a medias")

    // The browser's back button (Playwright's goBack would wait for a page load that never comes).
    await page.evaluate(() => history.back())
    await question.waitFor()
    await question.getByRole("button", { name: "Seguir editando" }).click()
    await question.waitFor({ state: "detached" })
    expect(new URL(page.url()).pathname).toBe("/entities/retail/new")

    await page.close()
  })
})
