import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { checkDigit } from "../packages/core/src/rut/Rut.js"
import ExcelJS from "../packages/server/node_modules/exceljs"
import { type RunningServer, startServer } from "../packages/server/test/support/startServer.js"
import { tinyPng } from "../packages/server/test/support/tinyPng.js"
import { type Browser, launch, screenshotPath } from "./browser.js"
import { cellsOf, drawnWidth, headersShown, listed, pick, rowWith, toast } from "./catalog/ui.js"
import { signIn } from "./session.js"

/**
 * The commercial catalog built by an admin through the screens, in Chromium, on the real server:
 * a service, a product covering it, a channel with its logo, the channel's plan of that product
 * (and its contract in the PDF viewer), and the plan's file format with its Excel template.
 * Each step builds on the one before, so the steps share one server and one signed-in page.
 */

const service = "Filtraciones y humedad"
const product = "Hogar Seguro Total"
const channel = "Seguros Araucanía"
const rutBody = "76543210"
/** Formatted as the screens show it; its check digit by the módulo 11 rule. */
const rut = "76.543.210-3"
const comuna = "Providencia — Metropolitana de Santiago"

let server: RunningServer
let browser: Browser
let page: Page
let work: string

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "palma-e2e-catalog-"))
  server = await startServer()
  browser = await launch()
  page = await signIn(browser, server.url, "admin@palma.cl")
})
afterAll(async () => {
  await page?.close()
  await browser?.close()
  await server?.stop()
  if (work) rmSync(work, { recursive: true, force: true })
})

describe("the commercial catalog through the UI, as admin, in Chromium", () => {
  it("creates a Hogar service with ordered values, a specialty, a document, a benefit and an exclusion", async () => {
    await page.goto(`${server.url}/masters/assistance`)
    await page.getByRole("table", { name: "Servicios" }).waitFor()
    await page.getByRole("button", { name: "Nuevo servicio" }).click()
    const dialog = page.getByRole("dialog", { name: "Nuevo servicio" })

    await pick(page, dialog, "Familia", "Hogar")
    await dialog.getByRole("textbox", { name: "Nombre", exact: true }).fill(service)
    await dialog.getByRole("textbox", { name: "Descripción", exact: true }).fill("Detección y reparación de filtraciones y humedad en muros y techos.")

    for (const value of ["Tipo de vivienda", "Descripción del daño", "Metros cuadrados afectados"]) await pick(page, dialog, "Agregar valor", value)
    const values = dialog.getByRole("list", { name: "Valores a capturar" })
    await expect.poll(() => listed(values)).toEqual(["Tipo de vivienda", "Descripción del daño", "Metros cuadrados afectados"])
    // The surface is asked before the description of the damage.
    await dialog.getByRole("button", { name: "Subir Metros cuadrados afectados" }).click()
    await expect.poll(() => listed(values)).toEqual(["Tipo de vivienda", "Metros cuadrados afectados", "Descripción del daño"])

    await pick(page, dialog, "Especialidades", "Gasfitería")
    await page.keyboard.press("Escape")
    await pick(page, dialog, "Documentos", "Foto del daño")
    await page.keyboard.press("Escape")
    await page.getByRole("listbox").waitFor({ state: "detached" })

    await dialog.getByRole("textbox", { name: "Nuevo beneficio" }).fill("Detección de filtraciones con equipo especializado")
    await dialog.getByRole("button", { name: "Agregar beneficio" }).click()
    await dialog.getByRole("textbox", { name: "Nueva exclusión" }).fill("Daños por falta de mantención")
    await dialog.getByRole("button", { name: "Agregar exclusión" }).click()
    expect(await listed(dialog.getByRole("list", { name: "Beneficios" }))).toEqual(["Detección de filtraciones con equipo especializado"])
    expect(await listed(dialog.getByRole("list", { name: "Exclusiones" }))).toEqual(["Daños por falta de mantención"])
    // The dialog still holds the choices made above (Escape closed only the pickers).
    expect(await dialog.getByRole("combobox", { name: "Familia", exact: true }).inputValue()).toBe("Hogar")
    await values.scrollIntoViewIfNeeded()
    await page.screenshot({ path: screenshotPath("catalog-1-service-form") })

    await dialog.getByRole("button", { name: "Guardar" }).click()
    await toast(page, "Servicio creado")
    await dialog.waitFor({ state: "detached" })
    // Sixteen demo services come first: the new one is found by searching.
    await page.getByRole("searchbox", { name: "Buscar" }).fill(service)
    const row = rowWith(page.getByRole("table", { name: "Servicios" }), service)
    await row.waitFor()
    // Nombre, Familia, Valores, Especialidades, Documentos.
    expect((await cellsOf(row)).slice(0, 5)).toEqual([service, "Hogar", "3", "1", "1"])
    await page.screenshot({ path: screenshotPath("catalog-1-service-created") })

    // Opened again, the service keeps what was set, in order.
    await page.getByRole("button", { name: `Editar ${service}` }).click()
    const edit = page.getByRole("dialog", { name: "Editar servicio" })
    await expect
      .poll(() => listed(edit.getByRole("list", { name: "Valores a capturar" })))
      .toEqual(["Tipo de vivienda", "Metros cuadrados afectados", "Descripción del daño"])
    expect(await listed(edit.getByRole("list", { name: "Beneficios" }))).toEqual(["Detección de filtraciones con equipo especializado"])
    expect(await listed(edit.getByRole("list", { name: "Exclusiones" }))).toEqual(["Daños por falta de mantención"])
    await edit.getByRole("button", { name: "Cancelar" }).click()
    await edit.waitFor({ state: "detached" })
  })

  it("creates a product in pesos covering two services, each with its coverage", async () => {
    await page.goto(`${server.url}/masters/product`)
    await page.getByRole("table", { name: "Productos" }).waitFor()
    await page.getByRole("button", { name: "Nuevo producto" }).click()
    const dialog = page.getByRole("dialog", { name: "Nuevo producto" })

    await pick(page, dialog, "Familia", "Hogar")
    await dialog.getByRole("textbox", { name: "Nombre", exact: true }).fill(product)
    await dialog.getByRole("textbox", { name: "Título", exact: true }).fill("Hogar Seguro Total")
    await dialog.getByRole("textbox", { name: "Subtítulo", exact: true }).fill("Filtraciones y cerrajería, todo el año")
    // A new product is in pesos (CLP).
    expect(await dialog.getByRole("radio", { name: "Pesos (CLP)" }).isChecked()).toBe(true)
    const cost = dialog.getByRole("textbox", { name: "Costo", exact: true })
    await cost.fill("12990")
    await cost.blur()
    await expect.poll(() => cost.inputValue()).toBe("12.990")
    const minimum = dialog.getByRole("textbox", { name: "Precio mínimo empresa por asegurado" })
    await minimum.fill("9990")
    await minimum.blur()
    await expect.poll(() => minimum.inputValue()).toBe("9.990")
    await dialog.getByRole("radio", { name: "Mensual" }).check()
    await dialog.getByRole("radio", { name: "12 meses" }).check()
    await dialog.getByRole("textbox", { name: "Día de pago" }).fill("5")
    await dialog.getByRole("textbox", { name: "Descripción", exact: true }).fill("Técnicos a domicilio para filtraciones, humedad y cerraduras.")
    await dialog.getByRole("textbox", { name: "Ámbito territorial" }).fill("Región Metropolitana, zonas urbanas.")

    await pick(page, dialog, "Agregar servicio", service)
    await pick(page, dialog, "Agregar servicio", "Cerrajería")
    const coverages = [
      { of: service, amount: ["150000", "150.000"], maximum: ["50000", "50.000"], events: "3", lack: "30" },
      { of: "Cerrajería", amount: ["100000", "100.000"], maximum: ["40000", "40.000"], events: "2", lack: "0" }
    ]
    for (const c of coverages) {
      const card = dialog.getByRole("group", { name: `Cobertura de ${c.of}` })
      // The coverage starts in the product's currency.
      expect(await card.getByRole("combobox", { name: "Moneda" }).inputValue()).toBe("P")
      const amount = card.getByRole("textbox", { name: "Monto por período" })
      await amount.fill(c.amount[0]!)
      await amount.blur()
      await expect.poll(() => amount.inputValue()).toBe(c.amount[1])
      const maximum = card.getByRole("textbox", { name: "Máximo por evento" })
      await maximum.fill(c.maximum[0]!)
      await maximum.blur()
      await expect.poll(() => maximum.inputValue()).toBe(c.maximum[1])
      await card.getByRole("textbox", { name: "Eventos por período" }).fill(c.events)
      await card.getByRole("textbox", { name: "Carencia (días)" }).fill(c.lack)
    }
    await dialog.getByRole("group", { name: `Cobertura de ${service}` }).scrollIntoViewIfNeeded()
    await page.screenshot({ path: screenshotPath("catalog-2-product-form") })

    await dialog.getByRole("button", { name: "Guardar" }).click()
    await toast(page, "Producto creado")
    await dialog.waitFor({ state: "detached" })
    const row = rowWith(page.getByRole("table", { name: "Productos" }), product)
    await row.waitFor()
    // Nombre, Familia, Moneda, Costo, Precio mín. empresa, Frecuencia, Plazo, Servicios.
    expect((await cellsOf(row)).slice(0, 8)).toEqual([product, "Hogar", "CLP", "$12.990", "$9.990", "Mensual", "12 meses", "2"])
    await page.screenshot({ path: screenshotPath("catalog-2-product-created") })

    // Opened again, both coverages are there as typed.
    await page.getByRole("button", { name: `Editar ${product}` }).click()
    const edit = page.getByRole("dialog", { name: "Editar producto" })
    for (const c of coverages) {
      const card = edit.getByRole("group", { name: `Cobertura de ${c.of}` })
      expect(await card.getByRole("textbox", { name: "Monto por período" }).inputValue()).toBe(c.amount[1])
      expect(await card.getByRole("textbox", { name: "Máximo por evento" }).inputValue()).toBe(c.maximum[1])
      expect(await card.getByRole("textbox", { name: "Eventos por período" }).inputValue()).toBe(c.events)
      expect(await card.getByRole("textbox", { name: "Carencia (días)" }).inputValue()).toBe(c.lack)
    }
    await edit.getByRole("button", { name: "Cancelar" }).click()
    await edit.waitFor({ state: "detached" })
  })

  it("creates a channel with a valid RUT and a comuna, and uploads its logo", async () => {
    expect(checkDigit(rutBody)).toBe("3")
    await page.goto(`${server.url}/entities/retail`)
    await page.getByRole("table", { name: "Canales" }).waitFor()
    await page.getByRole("button", { name: "Nuevo canal" }).click()
    await page.getByRole("heading", { level: 1, name: "Nuevo canal" }).waitFor()
    const form = page.getByRole("form", { name: "Datos del canal" })

    const rutInput = form.getByRole("textbox", { name: "RUT" })
    // Typed bare; leaving the field shows it formatted (and looks it up: no channel has it).
    await rutInput.fill(`${rutBody}3`)
    await rutInput.blur()
    await expect.poll(() => rutInput.inputValue()).toBe(rut)
    expect(await rutInput.getAttribute("aria-invalid")).not.toBe("true")
    await form.getByRole("textbox", { name: "Nombre", exact: true }).fill(channel)
    await form.getByRole("textbox", { name: "Representante legal" }).fill("María José Catrileo")
    await form.getByRole("textbox", { name: "Giro" }).fill("Corredora de seguros")
    await form.getByRole("textbox", { name: "Dirección" }).fill("Av. Nueva Providencia 1881, of. 1201")
    await form.getByRole("combobox", { name: "Comuna" }).fill("providencia")
    await page.getByRole("option", { name: comuna, exact: true }).click()
    expect(await form.getByRole("combobox", { name: "Comuna" }).inputValue()).toBe(comuna)
    await form.getByRole("textbox", { name: "Correo electrónico" }).fill("contacto@araucania.cl")
    await form.getByRole("textbox", { name: "Teléfono" }).fill("+56 2 2345 6789")
    await form.getByRole("button", { name: "Crear canal" }).click()

    await toast(page, "Canal creado")
    await page.getByRole("heading", { level: 1, name: channel }).waitFor()
    await page.waitForURL(/\/entities\/retail\/[0-9a-f-]{36}$/)
    const channelId = new URL(page.url()).pathname.split("/").pop()!
    await page.getByText(`RUT ${rut}`).waitFor()

    const logo = page.getByRole("region", { name: "Logo", exact: true })
    await logo.getByText("Sin logo").waitFor()
    const png = join(work, "logo-araucania.png")
    writeFileSync(png, tinyPng([200, 30, 60, 255]))
    const [chooser] = await Promise.all([page.waitForEvent("filechooser"), logo.getByRole("button", { name: "Archivo del logo" }).click()])
    await chooser.setFiles(png)
    const preview = logo.getByRole("img", { name: "Vista previa del logo elegido" })
    await preview.waitFor()
    await logo.getByRole("button", { name: "Subir logo" }).click()
    await toast(page, "Logo actualizado")
    await logo.getByText("Logo actual").waitFor()
    const shown = logo.getByRole("img", { name: `Logo de ${channel}` })
    await shown.waitFor()
    expect(await shown.getAttribute("src")).toMatch(new RegExp(`/api/retail/logo/${channelId}(\\?|$)`))
    // Really drawn from the server's bytes: the 1×1 image loaded.
    await expect.poll(() => shown.evaluate(drawnWidth)).toBe(1)
    await logo.scrollIntoViewIfNeeded()
    await page.screenshot({ path: screenshotPath("catalog-3-channel-logo") })

    // The list shows the channel with its formatted RUT, its comuna and its logo.
    await page.getByRole("link", { name: "← Canales" }).click()
    const row = rowWith(page.getByRole("table", { name: "Canales" }), rut)
    await row.waitFor()
    const cells = await cellsOf(row)
    expect(cells.slice(1, 6)).toEqual([rut, channel, "Providencia", "contacto@araucania.cl", "+56 2 2345 6789"])
    const listLogo = row.getByRole("img", { name: `Logo de ${channel}` })
    await expect.poll(() => listLogo.evaluate(drawnWidth)).toBe(1)
    await page.screenshot({ path: screenshotPath("catalog-3-channel-list") })
  })

  it("adds the product as a plan of the channel and opens its contract in the PDF viewer", async () => {
    await page.goto(`${server.url}/entities/retail`)
    await page.getByRole("link", { name: channel }).click()
    await page.getByRole("heading", { level: 1, name: channel }).waitFor()
    const plans = page.getByRole("region", { name: "Planes", exact: true })
    await plans.getByText("Sin planes").waitFor()
    await plans.getByRole("button", { name: "Agregar plan" }).click()
    const dialog = page.getByRole("dialog", { name: "Agregar plan" })
    await pick(page, dialog, "Producto", `${product} · Pesos`)
    const prices = [
      ["Precio cliente", "14990", "14.990"],
      ["Precio empresa", "11990", "11.990"],
      ["Precio anual", "149900", "149.900"]
    ] as const
    for (const [label, typed, tidy] of prices) {
      const input = dialog.getByRole("textbox", { name: label })
      await input.fill(typed)
      await input.blur()
      await expect.poll(() => input.inputValue()).toBe(tidy)
    }
    await dialog.getByRole("button", { name: "Guardar" }).click()
    await toast(page, "Plan agregado")
    await dialog.waitFor({ state: "detached" })

    const row = rowWith(plans.getByRole("table", { name: "Planes del canal" }), product)
    await row.waitFor()
    expect((await cellsOf(row)).slice(0, 5)).toEqual([product, "Pesos", "$14.990", "$11.990", "$149.900"])
    await plans.scrollIntoViewIfNeeded()
    await page.screenshot({ path: screenshotPath("catalog-4-plan-added") })

    await row.getByRole("button", { name: `Ver contrato de ${product}` }).click()
    const contract = page.getByRole("dialog", { name: `Contrato de ${product}` })
    const viewer = contract.getByRole("region", { name: `Contrato ${product}` })
    const toolbar = viewer.getByRole("group", { name: "Controles del documento" })
    // pdf.js read the document: the toolbar knows how many pages it has.
    await toolbar.getByText(/^Página 1 de \d+$/).waitFor({ timeout: 30_000 })
    const pages = Number((await toolbar.getByText(/^Página 1 de \d+$/).innerText()).match(/de (\d+)$/)![1])
    expect(pages).toBeGreaterThanOrEqual(1)
    // …and drew its first page, whose text layer carries the product's title.
    const firstPage = viewer.getByRole("group", { name: "Página 1 del documento" })
    await firstPage.locator("canvas").first().waitFor()
    await expect.poll(() => firstPage.innerText(), { timeout: 30_000 }).toContain("Hogar Seguro Total")
    // The contract is this channel's plan, with both coverages.
    const text = await firstPage.innerText()
    for (const expected of [channel, "$14.990", service, "$150.000", "Cerrajería", "$100.000"]) expect(text).toContain(expected)
    await page.screenshot({ path: screenshotPath("catalog-4-contract") })
    // Toasts sit under dialogs: the close button answers even while "Plan agregado" is still up.
    await contract.getByRole("button", { name: "Cerrar" }).click({ trial: true, timeout: 2_000 })
    await contract.getByRole("button", { name: "Cerrar" }).click()
    await contract.waitFor({ state: "detached" })
  })

  it("builds the plan's file format and downloads a template with those headers", async () => {
    await page.goto(`${server.url}/masters/fileFormat`)
    await page.getByRole("heading", { level: 1, name: "Formatos de archivo" }).waitFor()
    await pick(page, page.getByRole("main"), "Canal", `${channel} · ${rut}`)
    await pick(page, page.getByRole("main"), "Plan", product)
    const columns = page.getByRole("list", { name: "Columnas del archivo" })
    await columns.waitFor()
    expect(new URL(page.url()).searchParams.get("plan")).toMatch(/^[0-9a-f-]{36}$/)
    // A plan without format starts from the columns no format can lack.
    expect(await headersShown(columns)).toEqual(["RUT", "Nombre", "Apellido paterno"])
    await page.getByText("Sin formato guardado").waitFor()

    // The plan's values come from its services, in the order the first service asks them.
    const available = page.getByRole("region", { name: "Campos disponibles" })
    const offered = await available.getByRole("button").evaluateAll((buttons) => buttons.map((b) => b.getAttribute("aria-label")))
    expect(offered.slice(-3)).toEqual(["Agregar Tipo de vivienda", "Agregar Metros cuadrados afectados", "Agregar Descripción del daño"])

    await available.getByRole("button", { name: "Agregar Correo electrónico" }).click()
    await available.getByRole("button", { name: "Agregar Metros cuadrados afectados" }).click()
    await available.getByRole("button", { name: "Agregar Metros cuadrados afectados" }).waitFor({ state: "detached" })
    await columns.getByRole("textbox", { name: "Encabezado de Nombre" }).fill("NOMBRES")
    await columns.getByRole("textbox", { name: "Encabezado de Metros cuadrados afectados" }).fill("M2 AFECTADOS")
    await columns.getByRole("button", { name: "Subir Metros cuadrados afectados" }).click()
    await columns.getByRole("checkbox", { name: "Obligatoria: Metros cuadrados afectados" }).check()
    const expected = ["RUT", "NOMBRES", "Apellido paterno", "M2 AFECTADOS", "Correo electrónico"]
    await expect.poll(() => headersShown(columns)).toEqual(expected)
    // A template is of a saved format.
    expect(await page.getByRole("button", { name: "Descargar plantilla" }).isDisabled()).toBe(true)

    await page.getByRole("button", { name: "Guardar formato" }).click()
    await toast(page, "Formato guardado")
    await page.getByText("Guardado", { exact: true }).waitFor()
    // The columns now shown are the server's answer.
    const headers = await headersShown(columns)
    expect(headers).toEqual(expected)
    expect(await columns.getByRole("checkbox", { name: "Obligatoria: Metros cuadrados afectados" }).isChecked()).toBe(true)
    expect(await columns.getByRole("checkbox", { name: "Obligatoria: Correo electrónico" }).isChecked()).toBe(false)
    await page.screenshot({ path: screenshotPath("catalog-5-format-saved") })

    const download = page.getByRole("button", { name: "Descargar plantilla" })
    await expect.poll(() => download.isEnabled()).toBe(true)
    const [file] = await Promise.all([page.waitForEvent("download"), download.click()])
    // Named after the channel and the plan (issue 9 §4).
    expect(file.suggestedFilename()).toBe("plantilla-seguros-araucania-hogar-seguro-total.xlsx")
    const saved = join(work, "plantilla.xlsx")
    await file.saveAs(saved)

    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile(saved)
    const sheet = workbook.worksheets[0]!
    const headerRow = (sheet.getRow(1).values as ReadonlyArray<unknown>).slice(1)
    expect(headerRow).toEqual(headers)
    // An empty template: the headers and nothing else.
    expect(sheet.actualRowCount).toBe(1)
  })
})
