import { existsSync, statSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type RunningServer, startServer } from "../packages/server/test/support/startServer.js"
import { type Browser, launch } from "./browser.js"
import { type FetchedScript, firstVisitScripts } from "./firstVisit.js"

/**
 * The JavaScript of a first visit to `/sign-in` then `/masters/family`, gzip-compressed: 445 KB
 * at first, 326 KB once pdf.js left it, 346 KB once people, providers and cases joined the
 * contract, 330.6 KB once the generic form and the family filter loaded on demand. Issue 9 §2
 * asks for 250 KB: react-dom (63), Effect's runtime, Schema and HTTP client (~83), React Router
 * (30) and XState (13) alone are 189 KB, before Mantine (~77 with floating-ui's 16), the
 * contract (~21) and Palma's own code. 335.4 KB once the case lifecycle's step and verify calls
 * and the nearby specialists joined the contract; 336.2 KB on issue 34's main. Issue 34 §6 moved
 * /sign-in to a page of its own (2.5 KB) that fetches the app's files while the person types: the
 * visit's total, 340.2 KB, stays the app's, but none of it stands between the visitor and the form.
 * 341.6 KB once the version keeping and the shared messages moved into core (issue 34 §2–3), the
 * logo a file both pages share (inlined in some builds, it made the total 342.0); 342.3 KB once
 * each shared Spanish message has one home in core's domain, which the first chunks now carry.
 * These ceilings catch growth.
 */
export const budgetKb = 343

/** Issue 34 §6: the light sign-in page's own JavaScript, before it fetches the app's. */
export const signInBudgetKb = 80

const dist = fileURLToPath(new URL("../packages/web/dist/", import.meta.url))

/** What a gzip-only browser downloads for a script: its .gz copy, or the file itself when the build left it small. */
const gzipBytes = (script: FetchedScript): number => {
  const file = `${dist}${new URL(script.url).pathname.slice(1)}`
  return statSync(existsSync(`${file}.gz`) ? `${file}.gz` : file).size
}

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  if (!existsSync(`${dist}index.html`)) throw new Error("La web no está compilada: corra `npx -y pnpm@10 test`, que la compila primero.")
  server = await startServer()
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe("the first load", () => {
  it(`downloads at most ${signInBudgetKb} KB of JavaScript (gzip) for /sign-in, ${budgetKb} KB with /masters/family after it, every script compressed`, async () => {
    const scripts = await firstVisitScripts(browser, server.url, "admin@palma.cl")
    const report = scripts.map(
      (script) =>
        `${(gzipBytes(script) / 1024).toFixed(1).padStart(7)} KB gzip  ${script.phase.padEnd(8)}  ${script.coding ?? "sin comprimir"}  ${new URL(script.url).pathname}`
    )
    const kb = (some: ReadonlyArray<FetchedScript>) => some.reduce((sum, script) => sum + gzipBytes(script), 0) / 1024
    const totalKb = kb(scripts)
    const signInKb = kb(scripts.filter((script) => script.phase === "sign-in"))
    const transferredKb = scripts.reduce((sum, script) => sum + script.transferred, 0) / 1024
    console.info(
      `${report.join("\n")}\n${signInKb.toFixed(1).padStart(7)} KB gzip de /sign-in, ${kb(scripts.filter((script) => script.phase === "prefetch")).toFixed(1)} KB ` +
        `de la app mientras se escribe, ${totalKb.toFixed(1)} KB gzip en total (${transferredKb.toFixed(1)} KB transferidos)`
    )
    expect(signInKb).toBeGreaterThan(0)
    expect(signInKb).toBeLessThanOrEqual(signInBudgetKb)
    // pdf.js, Clerk and the other screens stay out of it.
    expect(scripts.map((script) => script.url).filter((url) => /pdf|Clerk/i.test(url))).toEqual([])
    // Every script worth compressing crossed the wire compressed (the browser accepts brotli).
    expect(scripts.filter((script) => existsSync(`${dist}${new URL(script.url).pathname.slice(1)}.br`) && script.coding !== "br")).toEqual([])
    expect(totalKb).toBeLessThanOrEqual(budgetKb)
  })
})
