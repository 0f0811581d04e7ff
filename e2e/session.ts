import type { Page } from "playwright-core"
import { type Browser, openPage } from "./browser.js"

/** Signs in through the real form and waits for the signed-in layout. */
export const signIn = async (browser: Browser, baseUrl: string, email: string): Promise<Page> => {
  const page = await openPage(browser, { viewport: { width: 1280, height: 800 } })
  await page.goto(`${baseUrl}/sign-in`)
  await page.getByLabel("Correo electrónico").fill(email)
  await page.getByLabel("Contraseña", { exact: true }).fill("palma-demo")
  await page.getByRole("button", { name: "Ingresar" }).click()
  await page.waitForURL(`${baseUrl}/`)
  return page
}

/** Calls the API as the signed-in page (its session cookie goes along). */
export const api = <A>(page: Page, method: string, path: string, body?: unknown): Promise<A> =>
  page.evaluate(
    async ([m, p, b]) => {
      const response = await fetch(p as string, {
        method: m as string,
        headers: { "content-type": "application/json" },
        ...(b === undefined ? {} : { body: JSON.stringify(b) })
      })
      return response.json()
    },
    [method, path, body] as const
  ) as Promise<A>

export const sections = ["Inicio", "Maestros", "Entidades", "Asistencia", "Reportes", "Gestión de Subidas"]

/** Section names in the sidebar's icon strip (Inicio is a link, the others buttons). */
export const visibleSections = async (page: Page): Promise<string[]> => {
  const nav = page.getByRole("navigation", { name: "Menú principal" })
  await nav.waitFor()
  const shown: string[] = []
  for (const name of sections) {
    const count = (await nav.getByRole("link", { name, exact: true }).count()) + (await nav.getByRole("button", { name, exact: true }).count())
    if (count > 0) shown.push(name)
  }
  return shown
}
