import ExcelJS from "exceljs"
import { readFile } from "node:fs/promises"
import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { FileFormat } from "../packages/core/src/index.js"
import { rutOf } from "../packages/server/test/support/catalogFixture.js"
import { rosterForFormat } from "../packages/server/test/support/roster.js"
import { type RunningServer, startServer } from "../packages/server/test/support/startServer.js"
import { seriousViolations } from "./axe.js"
import { type Browser, launch, screenshotPath } from "./browser.js"
import { signIn } from "./session.js"

/**
 * Issue 13 in a real browser: an admin opens a channel's plan, follows «Subir asegurados», checks a
 * roster (two good rows, one wrong RUT), downloads errores.xlsx, confirms and sees the load finish.
 */

let server: RunningServer
let browser: Browser
let admin: Page

beforeAll(async () => {
  server = await startServer()
  browser = await launch()
  admin = await signIn(browser, server.url, "admin@palma.cl")
})
afterAll(async () => {
  await admin?.close()
  await browser?.close()
  await server?.stop()
})

const api = <A>(page: Page, path: string): Promise<A> => page.evaluate(async (p) => (await fetch(p)).json(), path) as Promise<A>

/** The plan's format filled as a channel would: the person's fields, dates as dd-mm-aaaa, values by their type. */
const roster = async (format: FileFormat, ruts: ReadonlyArray<string>) =>
  Buffer.from(
    await rosterForFormat(
      format,
      ruts.map((rut, n) => ({
        rut,
        name: `Nombre${n}`,
        paternalLastName: "Navegador",
        maternalLastName: "Chromium",
        birthDate: "15-06-1985",
        address: "Av. Siempre Viva 742",
        district: "Providencia",
        email: `e2e${n}@correo.cl`,
        phone: "+56 9 8765 4321",
        initialDate: "01-02-2026",
        endDate: "31-01-2027"
      }))
    )
  )

describe("insured upload in Chromium", () => {
  it("checks a roster, downloads the failed rows, confirms and follows the load to the end", async () => {
    const retails = await api<ReadonlyArray<{ id: string; products: ReadonlyArray<{ productplan_id: string; name: string }> }>>(
      admin,
      "/api/retail/getProductsAndRetail"
    )
    const retail = retails.find((r) => r.products.length > 0)!
    const plan = retail.products[0]!
    const format = await api<FileFormat>(admin, `/api/fileFormat/getByProductPlanId/${plan.productplan_id}`)

    await admin.goto(`${server.url}/entities/retail/${retail.id}`)
    await admin.getByRole("link", { name: `Subir asegurados de ${plan.name}` }).click()
    await admin.getByRole("heading", { level: 1, name: "Carga de asegurados" }).waitFor()
    expect(new URL(admin.url()).pathname).toBe("/uploads-insured")
    await expect.poll(() => admin.getByRole("combobox", { name: "Plan" }).inputValue()).toBe(plan.name)

    const bytes = await roster(format, [rutOf(18_200_001), rutOf(18_200_002), "9.999.999-1"])
    await admin.locator("input[type=file]").setInputFiles({ name: "nomina febrero.xlsx", mimeType: "application/octet-stream", buffer: bytes })
    await admin.getByRole("button", { name: "Revisar archivo" }).click()
    const panel = admin.getByRole("region", { name: "Carga en curso" })
    await panel.getByText("Listo para cargar").waitFor({ timeout: 20_000 })
    await panel
      .getByRole("table", { name: "Filas con errores" })
      .getByText(/El RUT no es válido/)
      .waitFor()

    const download = admin.waitForEvent("download")
    await panel.getByRole("button", { name: "Descargar errores (errores.xlsx)" }).click()
    const file = await download
    expect(file.suggestedFilename()).toBe("errores.xlsx")
    const errors = new ExcelJS.Workbook()
    await errors.xlsx.load((await readFile((await file.path())!)) as unknown as ArrayBuffer)
    const sheet = errors.worksheets[0]!
    expect(sheet.rowCount).toBe(2)
    expect(String(sheet.getRow(2).getCell(format.length + 2).value)).toMatch(/El RUT no es válido/)

    await panel.getByRole("button", { name: "Cargar 2 filas" }).click()
    await panel.getByText("Terminado").waitFor({ timeout: 20_000 })
    await panel.getByText(/3 de 3 filas \(100 %\) · 2 cargadas · 1 con errores/).waitFor()
    await admin.getByRole("table", { name: "Historial de cargas" }).getByText("nomina febrero.xlsx").first().waitFor()
    expect(await seriousViolations(admin)).toEqual([])
    await admin.screenshot({ path: screenshotPath("bulk-load-done"), fullPage: true })
  })
})
