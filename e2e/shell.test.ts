import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type RunningServer, startServer } from "../packages/server/test/support/startServer.js"
import { type Browser, launch, screenshotPath } from "./browser.js"
import { signIn, visibleSections } from "./session.js"

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

describe("the shell by role, in Chromium", () => {
  it.each([
    ["admin@palma.cl", ["Inicio", "Maestros", "Entidades", "Asistencia", "Reportes", "Gestión de Subidas"]],
    ["moderador@palma.cl", ["Inicio", "Asistencia"]],
    ["operador@palma.cl", ["Inicio", "Asistencia"]]
  ])("%s sees exactly the sections of their role", async (email, expected) => {
    const page = await signIn(browser, server.url, email)
    try {
      expect(await visibleSections(page)).toEqual(expected)
      await page.screenshot({ path: screenshotPath(`shell-${email.split("@")[0]}`) })
    } finally {
      await page.close()
    }
  })

  it("shows an account without a role no sidebar and whom to ask", async () => {
    const page = await signIn(browser, server.url, "invitado@palma.cl")
    try {
      await page
        .getByText(/administrador/i)
        .first()
        .waitFor()
      expect(await page.getByRole("navigation", { name: "Menú principal" }).count()).toBe(0)
      await page.screenshot({ path: screenshotPath("shell-invitado") })
    } finally {
      await page.close()
    }
  })

  it("opens the wide sidebar over an overlay that closes it", async () => {
    const page = await signIn(browser, server.url, "admin@palma.cl")
    try {
      await page.getByRole("button", { name: "Abrir menú" }).click()
      await page.getByRole("button", { name: "Cerrar menú" }).waitFor()
      await page.screenshot({ path: screenshotPath("shell-sidebar-open") })
      // A click on the page beside the sidebar lands on the overlay.
      await page.mouse.click(1100, 400)
      await page.getByRole("button", { name: "Abrir menú" }).waitFor()
    } finally {
      await page.close()
    }
  })

  it("opens the user menu from the keyboard on its first item and walks it with the arrows", async () => {
    const page = await signIn(browser, server.url, "operador@palma.cl")
    try {
      const button = page.getByRole("navigation", { name: "Menú principal" }).getByRole("button", { name: "Menú de usuario" })
      await button.focus()
      await page.keyboard.press("Enter")
      // Enter opens the menu on its first item (WAI-ARIA menu button).
      await page.getByRole("menuitem", { name: "Mi perfil" }).waitFor()
      await page.waitForFunction(() => document.activeElement?.textContent === "Mi perfil")
      await page.keyboard.press("ArrowDown")
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Sesiones")
      await page.keyboard.press("Escape")
      await page.getByRole("menuitem", { name: "Mi perfil" }).waitFor({ state: "detached" })
      expect(await button.evaluate((element) => element === document.activeElement)).toBe(true)
    } finally {
      await page.close()
    }
  })

  it("answers an operador typing a master's URL with Sin acceso, without asking the server", async () => {
    const page = await signIn(browser, server.url, "operador@palma.cl")
    const familyCalls: string[] = []
    page.on("request", (request) => {
      if (request.url().includes("/api/family/")) familyCalls.push(request.url())
    })
    try {
      await page.goto(`${server.url}/masters/family`)
      await page.getByText("Sin acceso").first().waitFor()
      expect(familyCalls).toEqual([])
      await page.screenshot({ path: screenshotPath("shell-sin-acceso") })
    } finally {
      await page.close()
    }
  })
})
