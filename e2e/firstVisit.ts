import type { Browser } from "playwright-core"
import { openPage } from "./browser.js"

/** A script the browser fetched: where from, in which coding, and the bytes that crossed the wire (body only). */
export interface FetchedScript {
  readonly url: string
  readonly coding: string | undefined
  readonly transferred: number
}

/**
 * A first visit in a fresh browser profile (empty cache): `/sign-in`, sign in as `email`, then
 * open `/masters/family` from the sidebar and wait for its table. Answers every JavaScript file
 * the browser fetched on the way, once each, by following the app's real module graph (entry,
 * preloads, lazy routes) rather than a list of files.
 */
export const firstVisitScripts = async (browser: Browser, baseUrl: string, email: string): Promise<ReadonlyArray<FetchedScript>> => {
  const page = await openPage(browser, { viewport: { width: 1280, height: 800 } })
  const pending: Array<Promise<FetchedScript | undefined>> = []
  page.on("requestfinished", (request) => {
    if (request.resourceType() !== "script") return
    pending.push(
      Promise.all([request.sizes(), request.response()]).then(([sizes, response]) =>
        response === null ? undefined : { url: request.url(), coding: response.headers()["content-encoding"], transferred: sizes.responseBodySize }
      )
    )
  })
  try {
    await page.goto(`${baseUrl}/sign-in`)
    await page.getByLabel("Correo electrónico").fill(email)
    await page.getByLabel("Contraseña", { exact: true }).fill("palma-demo")
    await page.getByRole("button", { name: "Ingresar" }).click()
    await page.waitForURL(`${baseUrl}/`)
    await page.getByRole("navigation", { name: "Menú principal" }).getByRole("button", { name: "Maestros", exact: true }).click()
    await page.getByRole("navigation", { name: "Menú principal" }).getByRole("link", { name: "Familias" }).click()
    await page.getByRole("table").getByRole("row").filter({ hasText: "Hogar" }).first().waitFor()
    const scripts = (await Promise.all(pending)).filter((script) => script !== undefined)
    return [...new Map(scripts.map((script) => [script.url, script])).values()]
  } finally {
    await page.close()
  }
}
