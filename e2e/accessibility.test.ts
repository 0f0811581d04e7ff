import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type RunningServer, startServer } from "../packages/server/test/support/startServer.js"
import { seriousViolations } from "./axe.js"
import { type Browser, launch, openPage } from "./browser.js"
import { quietNetwork } from "./quietNetwork.js"
import { signIn } from "./session.js"

/** Issue 9 §3: axe-core finds no serious or critical violation on any main page, nor with a dialog open. */

let server: RunningServer
let browser: Browser
let page: Page
let settledNetwork: () => Promise<void>

beforeAll(async () => {
  server = await startServer()
  browser = await launch()
  page = await signIn(browser, server.url, "admin@palma.cl")
  settledNetwork = quietNetwork(page)
})
afterAll(async () => {
  await page?.close()
  await browser?.close()
  await server?.stop()
})

/**
 * Opens `path` and waits until its list has drawn its rows (or its content has loaded). Another
 * address is reached inside the app, as its own links do (the router follows the history's
 * popstate): the page keeps its document, so the app's scripts and axe are not parsed again for
 * every check. The address already shown is loaded anew, so nothing a test left open (a dialog)
 * is carried into the next.
 */
const open = async (path: string, ready: (page: Page) => Promise<void>) => {
  const target = new URL(path, server.url)
  const current = new URL(page.url())
  if (current.origin === target.origin && current.pathname + current.search !== target.pathname + target.search) {
    await page.evaluate(`history.pushState(null, "", ${JSON.stringify(path)}); dispatchEvent(new PopStateEvent("popstate"))`)
    await page.waitForURL(target.href)
  } else {
    await page.goto(target.href)
  }
  await ready(page)
  await settledNetwork()
}

const tableRows = (name: string) => (p: Page) => p.getByRole("table", { name }).getByRole("row").nth(1).waitFor()

const lists: ReadonlyArray<readonly [path: string, table: string]> = [
  ["/masters/family", "Familias"],
  ["/masters/specialty", "Especialidades"],
  ["/masters/valueType", "Tipos de valor"],
  ["/masters/value", "Valores"],
  ["/masters/document", "Documentos"],
  ["/masters/stage", "Etapas"],
  ["/masters/assistance", "Servicios"],
  ["/masters/product", "Productos"],
  ["/entities/retail", "Canales"],
  ["/entities/specialist", "Especialistas"],
  ["/entities/partner", "Alianzas"],
  ["/entities/contractor", "Contratantes"],
  ["/assistance/people", "Asegurados encontrados"],
  ["/assistance/people?kind=customer", "Clientes encontrados"],
  ["/assistance/case", "Casos encontrados"]
]

describe("axe-core in Chromium, as admin", () => {
  it.each([1280, 390])("passes the sign-in page (the light page /sign-in sends), its errors shown, %i px wide", async (width) => {
    const guest = await openPage(browser, { viewport: { width, height: 800 } })
    try {
      await guest.goto(`${server.url}/sign-in`)
      await guest.getByRole("link", { name: "Crear cuenta" }).waitFor()
      expect(await seriousViolations(guest)).toEqual([])
      await guest.getByRole("button", { name: "Ingresar" }).click()
      await guest.getByText("Correo electrónico inválido").waitFor()
      expect(await seriousViolations(guest)).toEqual([])
      await guest.getByLabel("Correo electrónico").fill("admin@palma.cl")
      await guest.getByLabel("Contraseña", { exact: true }).fill("equivocada")
      await guest.getByRole("button", { name: "Ingresar" }).click()
      await guest.getByRole("alert").waitFor()
      expect(await seriousViolations(guest)).toEqual([])
    } finally {
      await guest.close()
    }
  })

  it("passes the home page", async () => {
    await open("/", (p) => p.getByRole("region", { name: "Accesos rápidos" }).waitFor())
    expect(await seriousViolations(page)).toEqual([])
  })

  it("passes the side menu open, a section unfolded, and its user menu", async () => {
    await open("/", (p) => p.getByRole("region", { name: "Accesos rápidos" }).waitFor())
    await page.getByRole("button", { name: "Abrir menú" }).click()
    const nav = page.getByRole("navigation", { name: "Menú principal" })
    await nav.getByRole("button", { name: "Maestros" }).click()
    await nav.getByRole("link", { name: "Familias" }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await nav.getByRole("button", { name: "Menú de usuario" }).click()
    await page.getByRole("menuitem", { name: "Mi perfil" }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await page.keyboard.press("Escape")
    await page.getByRole("menuitem", { name: "Mi perfil" }).waitFor({ state: "detached" })
    await page.keyboard.press("Escape")
    await page.getByRole("button", { name: "Abrir menú" }).waitFor()
  })

  it("passes the user menu opened from the icon strip, as an operador", async () => {
    const operador = await signIn(browser, server.url, "operador@palma.cl")
    try {
      await operador.getByRole("navigation", { name: "Menú principal" }).getByRole("button", { name: "Menú de usuario" }).click()
      await operador.getByRole("menuitem", { name: "Mi perfil" }).waitFor()
      expect(await seriousViolations(operador)).toEqual([])
    } finally {
      await operador.close()
    }
  })

  it("passes the dashboard, its chart drawn", async () => {
    await open("/reports/dashboard", (p) => p.getByRole("table", { name: "Casos por mes" }).waitFor())
    await page.locator(".recharts-surface").first().waitFor()
    expect(await seriousViolations(page)).toEqual([])
  })

  it.each(lists)("passes the list at %s", async (path, table) => {
    await open(path, tableRows(table))
    expect(await seriousViolations(page)).toEqual([])
  })

  it("passes a case's page, and its close dialog", async () => {
    await open("/assistance/case", tableRows("Casos encontrados"))
    await page.getByRole("table", { name: "Casos encontrados" }).getByRole("link").first().click()
    await page.getByRole("table", { name: "Historial del caso" }).waitFor()
    await settledNetwork()
    expect(await seriousViolations(page)).toEqual([])
    const step = page.getByRole("button", { name: /^(Cerrar|Reabrir) caso$/ })
    await step.click()
    await page.getByRole("dialog").waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await page.keyboard.press("Escape")
  })

  it("passes the file formats page, with a plan's format open", async () => {
    await open("/masters/fileFormat", (p) => p.getByRole("heading", { level: 1, name: "Formatos de archivo" }).waitFor())
    expect(await seriousViolations(page)).toEqual([])
    const main = page.getByRole("main")
    for (const picker of ["Canal", "Plan"]) {
      await main.getByRole("combobox", { name: picker, exact: true }).click()
      await page.getByRole("option").first().click()
    }
    await page.getByRole("list", { name: "Columnas del archivo" }).waitFor()
    await settledNetwork()
    expect(await seriousViolations(page)).toEqual([])
  })

  it("passes a channel's page", async () => {
    await open("/entities/retail", tableRows("Canales"))
    await page.getByRole("table", { name: "Canales" }).getByRole("link").first().click()
    await page.waitForURL(/\/entities\/retail\/[0-9a-f-]{36}$/)
    await page.getByRole("link", { name: "← Canales" }).waitFor()
    await settledNetwork()
    expect(await seriousViolations(page)).toEqual([])
  })

  it.each([
    ["/entities/specialist", "Especialistas", "Datos del especialista"],
    ["/entities/partner", "Alianzas", "Datos de la alianza"]
  ])("passes a provider's page from %s", async (path, table, form) => {
    await open(path, tableRows(table))
    await page.getByRole("table", { name: table }).getByRole("link").first().click()
    await page.waitForURL(/\/entities\/(specialist|partner)\/[0-9a-f-]{36}$/)
    await page.getByRole("form", { name: form }).waitFor()
    await settledNetwork()
    expect(await seriousViolations(page)).toEqual([])
    // A specialist's comunas, one region open.
    const region = page.getByRole("button", { name: /^Valparaíso/ })
    if ((await region.count()) > 0) {
      await region.click()
      await page.getByRole("group", { name: "Comunas de Valparaíso" }).waitFor()
      expect(await seriousViolations(page)).toEqual([])
    }
  })

  it("passes a new provider's RUT lookup", async () => {
    await open("/entities/specialist/new", (p) => p.getByRole("form", { name: "Buscar por RUT" }).waitFor())
    expect(await seriousViolations(page)).toEqual([])
  })

  it("passes a contractor's page, with the add-carga dialog open", async () => {
    await open("/entities/contractor?active=1", tableRows("Contratantes"))
    await page.getByRole("table", { name: "Contratantes" }).getByRole("link").first().click()
    await page.waitForURL(/\/entities\/contractor\/[0-9a-f-]{36}$/)
    await page.getByRole("table", { name: "Pagos" }).waitFor()
    await page
      .getByRole("button", { name: /^Agregar carga a / })
      .first()
      .waitFor()
    await settledNetwork()
    expect(await seriousViolations(page)).toEqual([])
    await page
      .getByRole("button", { name: /^Agregar carga a / })
      .first()
      .click()
    const dialog = page.getByRole("dialog", { name: /^Agregar carga a / })
    await dialog.getByRole("button", { name: "Guardar" }).click()
    await dialog.locator("[aria-invalid=true]").first().waitFor()
    expect(await seriousViolations(page)).toEqual([])
  })

  it("passes the new contractor form and a person's coverage", async () => {
    await open("/entities/contractor/new", (p) => p.getByRole("form", { name: "Datos del contratante" }).waitFor())
    expect(await seriousViolations(page)).toEqual([])
    await open("/assistance/people", tableRows("Asegurados encontrados"))
    await page.getByRole("table", { name: "Asegurados encontrados" }).getByRole("link").first().click()
    await page
      .getByRole("table", { name: /^Cobertura de / })
      .first()
      .waitFor()
    await settledNetwork()
    expect(await seriousViolations(page)).toEqual([])
  })

  it("passes a create dialog", async () => {
    await open("/masters/family", tableRows("Familias"))
    await page.getByRole("button", { name: "Nueva familia" }).click()
    await page.getByRole("dialog", { name: "Nueva familia" }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
  })

  it("passes a create dialog that says what is wrong", async () => {
    await open("/masters/family", tableRows("Familias"))
    await page.getByRole("button", { name: "Nueva familia" }).click()
    const dialog = page.getByRole("dialog", { name: "Nueva familia" })
    await dialog.getByRole("button", { name: "Guardar" }).click()
    await dialog.locator("[aria-invalid=true]").first().waitFor()
    expect(await seriousViolations(page)).toEqual([])
  })

  it.each([
    ["a product's edit dialog", "/masters/product", "Productos", /^Editar /],
    ["a delete confirmation", "/masters/family", "Familias", /^Eliminar /]
  ])("passes %s", async (_what, path, table, opener) => {
    await open(path, tableRows(table))
    await page.getByRole("button", { name: opener }).first().click()
    await page.getByRole("dialog").getByRole("button").last().waitFor()
    await settledNetwork()
    expect(await seriousViolations(page)).toEqual([])
  })
})
