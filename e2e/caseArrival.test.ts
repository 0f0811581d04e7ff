import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { CaseList } from "../packages/core/src/index.js"
import { type RunningServer, startServer } from "../packages/server/test/support/startServer.js"
import { type Browser, launch, screenshotPath } from "./browser.js"
import { api, signIn } from "./session.js"

/**
 * Issue 31 §4.1: a case opened from the list shows its number, stage and actions, not its chat:
 * the chat scrolls inside itself, the heading takes the focus, and a skip link leads past the
 * header and the sidebar to the content.
 */

let server: RunningServer
let browser: Browser
let page: Page

beforeAll(async () => {
  server = await startServer()
  browser = await launch()
  page = await signIn(browser, server.url, "operador@palma.cl")
})
afterAll(async () => {
  await page?.close()
  await browser?.close()
  await server?.stop()
})

/** Calls the API as the signed-in operator. */
const operator = <A>(method: string, path: string, body?: unknown): Promise<A> => api<A>(page, method, path, body)

/** Whether the element with the focus is the page's h1 and the window is at its top. */
const arrived = () => page.evaluate(() => ({ focus: document.activeElement?.tagName, heading: document.activeElement?.textContent, scrollY: window.scrollY }))

describe("opening a case, in Chromium", () => {
  it.each([
    [1440, 900],
    [390, 844]
  ])("at %ix%i from the list by Enter: the heading has the focus, the window stays at its top, the chat shows its newest message", async (width, height) => {
    await page.setViewportSize({ width, height })
    const list = await operator<CaseList>("GET", "/api/case/getAll?records=20")
    const row = list.data[width === 1440 ? 0 : 1]!
    // More messages than the chat's box holds, so it has something to scroll.
    for (let i = 1; i <= 12; i++) await operator("POST", "/api/case/createChatMessage", { case_id: row.id, message: `Mensaje ${i} de ${width}` })

    await page.goto(`${server.url}/assistance/case`)
    const link = page.getByRole("link", { name: `Caso ${row.number}`, exact: true })
    await link.focus()
    await page.keyboard.press("Enter")
    await page.getByRole("heading", { level: 1, name: `Caso N° ${row.number}` }).waitFor()
    const messages = page.getByRole("list", { name: "Mensajes" })
    await messages.getByText(`Mensaje 12 de ${width}`).waitFor()
    // The chat's own box scrolled to its newest message...
    await messages.evaluate(
      (element) =>
        new Promise<void>((resolve) => {
          const check = () =>
            element.scrollTop > 0 && element.scrollTop + element.clientHeight >= element.scrollHeight - 1 ? resolve() : requestAnimationFrame(check)
          check()
        })
    )
    // ...and the window did not move to it.
    expect(await arrived()).toEqual({ focus: "H1", heading: `Caso N° ${row.number}`, scrollY: 0 })
    await page.screenshot({ path: screenshotPath(`case-arrival-${width}`) })

    // The next Tab goes on from the heading into the case's own controls, not the chat's.
    await page.keyboard.press("Tab")
    const next = await page.evaluate(() => document.activeElement?.closest("section")?.getAttribute("aria-label") ?? null)
    expect(next).not.toBe("Chat del caso")
  })

  it("offers a skip link as the first Tab stop that leads to the page's content", async () => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(`${server.url}/assistance/case`)
    await page.getByRole("table", { name: "Casos encontrados" }).getByRole("row").nth(1).waitFor()
    await page.keyboard.press("Tab")
    const skip = page.getByRole("link", { name: "Saltar al contenido" })
    expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true)
    // Visible once it has the focus.
    const box = await skip.boundingBox()
    expect(box !== null && box.y >= 0 && box.height > 0).toBe(true)
    await page.screenshot({ path: screenshotPath("skip-link") })
    await page.keyboard.press("Enter")
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("MAIN")
    // The next stop is the page's first control, past the header and the sidebar.
    await page.keyboard.press("Tab")
    expect(await page.evaluate(() => document.activeElement?.closest("main") !== null)).toBe(true)
  })
})
