import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { checkDigit } from "../packages/core/src/rut/Rut.js"
import { type RunningServer, startServer } from "../packages/server/test/support/startServer.js"
import { type Browser, launch, screenshotPath } from "./browser.js"
import { cellsOf, rowWith, toast } from "./catalog/ui.js"
import { signIn } from "./session.js"

/**
 * Issue 11 §3 and §6: an admin registers a specialist from a RUT lookup (a RUT nobody has opens a
 * new record prefilled with it), with specialties picked by family and comunas picked by region
 * (the whole-region shortcut), and finds them in the list by a name typed without accents.
 */

const body = "21345678"
/** Formatted as the screens show it; its check digit by the módulo 11 rule. */
const rut = `21.345.678-${checkDigit(body)}`
const name = "Ignacio Núñez Peña"

let server: RunningServer
let browser: Browser
let page: Page

beforeAll(async () => {
  server = await startServer()
  browser = await launch()
  page = await signIn(browser, server.url, "admin@palma.cl")
})
afterAll(async () => {
  await page?.close()
  await browser?.close()
  await server?.stop()
})

describe("providers through the UI, as admin, in Chromium", () => {
  it("creates a specialist from a RUT lookup, with specialties and the comunas of a whole region, and finds them in the list", async () => {
    await page.goto(`${server.url}/entities/specialist`)
    const table = page.getByRole("table", { name: "Especialistas" })
    await table.getByRole("row").nth(1).waitFor()
    await page.screenshot({ path: screenshotPath("providers-1-specialists") })

    await page.getByRole("button", { name: "Nuevo especialista" }).click()
    await page.waitForURL(`${server.url}/entities/specialist/new`)
    const lookup = page.getByRole("form", { name: "Buscar por RUT" })
    await lookup.getByRole("textbox", { name: "RUT" }).fill(body + checkDigit(body))
    await lookup.getByRole("button", { name: "Buscar" }).click()

    // Nobody has it: a new record, prefilled with the RUT looked up.
    await page.getByText("RUT sin registro").waitFor()
    expect(await page.getByText(`RUT ${rut}`, { exact: true }).count()).toBe(1)
    const form = page.getByRole("form", { name: "Datos del especialista" })
    await form.getByRole("textbox", { name: "Nombre", exact: true }).fill("Ignacio")
    await form.getByRole("textbox", { name: "Apellido paterno" }).fill("Núñez")
    await form.getByRole("textbox", { name: "Apellido materno" }).fill("Peña")
    await form.getByRole("textbox", { name: "Teléfono" }).fill("+56 9 8765 4321")

    const hogar = form.getByRole("group", { name: "Hogar" })
    await hogar.getByRole("checkbox", { name: "Gasfitería" }).check()
    await hogar.getByRole("checkbox", { name: "Electricidad" }).check()

    // The whole of Valparaíso at once, and one comuna of Santiago.
    await form.getByRole("checkbox", { name: "Toda la región: Valparaíso" }).check()
    await form.getByRole("button", { name: /^Metropolitana de Santiago/ }).click()
    await form.getByRole("group", { name: "Comunas de Metropolitana de Santiago" }).getByRole("checkbox", { name: "Ñuñoa" }).check()
    await form.getByText("39 comunas elegidas").waitFor()
    await page.screenshot({ path: screenshotPath("providers-2-new-specialist"), fullPage: true })

    await form.getByRole("button", { name: "Crear especialista" }).click()
    await toast(page, "Especialista creado")
    await page.waitForURL(/\/entities\/specialist\/[0-9a-f-]{36}$/)
    await page.getByRole("heading", { level: 1, name }).waitFor()

    // Found in the list by a name typed without accents, with what they do and where.
    await page.getByRole("link", { name: "← Especialistas" }).click()
    await table.getByRole("row").nth(1).waitFor()
    await page.getByRole("searchbox", { name: "Buscar" }).fill("nunez pena")
    const row = rowWith(table, rut)
    await row.waitFor()
    expect(await table.getByRole("row").count()).toBe(2)
    // RUT, Nombre, Especialidades, Comuna, Atención.
    expect((await cellsOf(row)).slice(0, 5)).toEqual([rut, name, "Electricidad, Gasfitería", "", "39 comunas"])
    await page.screenshot({ path: screenshotPath("providers-3-found") })

    // Filtered by a comuna of the region, they are there too.
    await page.getByRole("searchbox", { name: "Buscar" }).fill("")
    // The cleared search reaches the URL (debounced) before the comuna is picked.
    await page.waitForURL((url) => !url.searchParams.has("search"))
    await table.getByRole("row").nth(2).waitFor()
    await page.getByRole("combobox", { name: "Filtrar por comuna" }).fill("quilpue")
    await page.getByRole("option", { name: "Quilpué — Valparaíso" }).click()
    await rowWith(table, rut).waitFor()
    expect(new URL(page.url()).searchParams.get("district")).toBe("05801")
  })

  it("shows the partners' list", async () => {
    await page.goto(`${server.url}/entities/partner`)
    await page.getByRole("table", { name: "Alianzas" }).getByRole("row").nth(1).waitFor()
    await page.screenshot({ path: screenshotPath("providers-4-partners") })
  })
})
