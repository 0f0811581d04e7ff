import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, it } from "vitest"
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

const row = (page: Page, text: string) => page.getByRole("row").filter({ hasText: text })

describe("master data through the UI, as admin, in Chromium", () => {
  it("creates, edits and deletes a family", async () => {
    const page = await signIn(browser, server.url, "admin@palma.cl")
    try {
      await page.goto(`${server.url}/masters/family`)
      await row(page, "Hogar").first().waitFor()

      await page.getByRole("button", { name: "Nueva familia" }).click()
      const dialog = page.getByRole("dialog")
      await dialog.getByLabel("Nombre").fill("Hogar Plus")
      await dialog.getByRole("button", { name: "Guardar" }).click()
      await row(page, "Hogar Plus").waitFor()
      await page.screenshot({ path: screenshotPath("masters-family-created") })

      await page.getByRole("button", { name: "Editar Hogar Plus" }).click()
      await page.getByRole("dialog").getByLabel("Nombre").fill("Hogar Total")
      await page.getByRole("dialog").getByRole("button", { name: "Guardar" }).click()
      await row(page, "Hogar Total").waitFor()

      await page.getByRole("button", { name: "Eliminar Hogar Total" }).click()
      await page.getByRole("dialog").getByRole("button", { name: "Eliminar" }).click()
      await row(page, "Hogar Total").waitFor({ state: "detached" })
      await page.screenshot({ path: screenshotPath("masters-family-deleted") })
    } finally {
      await page.close()
    }
  })

  it("creates, edits and deletes a specialty of a family", async () => {
    const page = await signIn(browser, server.url, "admin@palma.cl")
    try {
      await page.goto(`${server.url}/masters/specialty`)
      await row(page, "Gasfitería").first().waitFor()

      await page.getByRole("button", { name: "Nueva especialidad" }).click()
      const dialog = page.getByRole("dialog", { name: "Nueva especialidad" })
      await dialog.getByRole("combobox", { name: "Familia" }).click()
      await page.getByRole("option", { name: "Hogar", exact: true }).click()
      await dialog.getByRole("textbox", { name: "Nombre" }).fill("Techumbre")
      await dialog.getByRole("textbox", { name: "Descripción" }).fill("Reparación de techos y canaletas")
      await dialog.getByRole("button", { name: "Guardar" }).click()
      await row(page, "Techumbre").waitFor()
      await page.screenshot({ path: screenshotPath("masters-specialty-created") })

      await page.getByRole("button", { name: "Editar Techumbre" }).click()
      await page.getByRole("dialog").getByLabel("Nombre").fill("Techumbres")
      await page.getByRole("dialog").getByRole("button", { name: "Guardar" }).click()
      await row(page, "Techumbres").waitFor()

      await page.getByRole("button", { name: "Eliminar Techumbres" }).click()
      await page.getByRole("dialog").getByRole("button", { name: "Eliminar" }).click()
      await row(page, "Techumbres").waitFor({ state: "detached" })
    } finally {
      await page.close()
    }
  })
})
