import { type Browser, openPage } from "./browser.js"

/** A script the browser fetched: where from, in which coding, the bytes that crossed the wire (body only), and when. */
export interface FetchedScript {
  readonly url: string
  readonly coding: string | undefined
  readonly transferred: number
  /**
   * `sign-in`: the sign-in page's own scripts; `prefetch`: the app's, fetched by the sign-in page
   * while the person types; `app`: what the app asked for after the sign-in (from the cache when prefetched).
   */
  readonly phase: "sign-in" | "prefetch" | "app"
}

const isScript = (url: string) => new URL(url).pathname.endsWith(".js")

/**
 * A first visit in a fresh browser profile (empty cache): `/sign-in` (loaded), sign in as `email`,
 * then open `/masters/family` from the sidebar and wait for its table. Answers every JavaScript file
 * the browser fetched on the way, once each (its first fetch), by following the real module graph
 * (entries, preloads, prefetches, lazy routes) rather than a list of files.
 */
export const firstVisitScripts = async (browser: Browser, baseUrl: string, email: string): Promise<ReadonlyArray<FetchedScript>> => {
  const page = await openPage(browser, { viewport: { width: 1280, height: 800 } })
  const pending: Array<Promise<FetchedScript | undefined>> = []
  let signingIn = false
  page.on("request", (request) => {
    if (!isScript(request.url())) return
    const phase = signingIn ? "app" : request.resourceType() === "script" ? "sign-in" : "prefetch"
    pending.push(
      request.response().then(async (response) => {
        if (response === null) return undefined
        await response.finished()
        const sizes = await request.sizes()
        return { url: request.url(), coding: response.headers()["content-encoding"], transferred: sizes.responseBodySize, phase }
      })
    )
  })
  try {
    await page.goto(`${baseUrl}/sign-in`)
    await page.getByLabel("Correo electrónico").fill(email)
    await page.getByLabel("Contraseña", { exact: true }).fill("palma-demo")
    signingIn = true
    await page.getByRole("button", { name: "Ingresar" }).click()
    await page.waitForURL(`${baseUrl}/`)
    await page.getByRole("navigation", { name: "Menú principal" }).getByRole("button", { name: "Maestros", exact: true }).click()
    await page.getByRole("navigation", { name: "Menú principal" }).getByRole("link", { name: "Familias" }).click()
    await page.getByRole("table").getByRole("row").filter({ hasText: "Hogar" }).first().waitFor()
    const scripts = (await Promise.all(pending)).filter((script) => script !== undefined)
    // The first fetch of each file says when it came; a later one is the same bytes from the cache.
    const first = new Map<string, FetchedScript>()
    for (const script of scripts) if (!first.has(script.url)) first.set(script.url, script)
    return [...first.values()]
  } finally {
    await page.close()
  }
}
