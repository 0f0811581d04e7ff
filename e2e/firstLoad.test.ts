import { existsSync, statSync } from "node:fs"
import { fileURLToPath } from "node:url"
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type RunningServer, startServer } from "../packages/server/test/support/startServer.js"
import { launch } from "./browser.js"
import { type FetchedScript, firstVisitScripts } from "./firstVisit.js"

/**
 * The JavaScript of a first visit to `/sign-in` then `/masters/family`, gzip-compressed: about
 * 326 KB once pdf.js left the first load (445 KB before), 335 KB once the people and provider
 * screens joined the contract, 342 KB once cases did: the typed client holds every group's
 * schemas, so each feature grows the first load until the client is split per group. Issue 9 §2
 * asks for 250 KB; this ceiling catches growth beyond that until the client is split and the rest
 * (React, Mantine, Effect's client) is trimmed.
 */
export const budgetKb = 350

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
  it(`downloads at most ${budgetKb} KB of JavaScript (gzip) for /sign-in then /masters/family, every script compressed`, async () => {
    const scripts = await firstVisitScripts(browser, server.url, "admin@palma.cl")
    const report = scripts.map(
      (script) => `${(gzipBytes(script) / 1024).toFixed(1).padStart(7)} KB gzip  ${script.coding ?? "sin comprimir"}  ${new URL(script.url).pathname}`
    )
    const totalKb = scripts.reduce((sum, script) => sum + gzipBytes(script), 0) / 1024
    const transferredKb = scripts.reduce((sum, script) => sum + script.transferred, 0) / 1024
    console.info(`${report.join("\n")}\n${totalKb.toFixed(1).padStart(7)} KB gzip en total (${transferredKb.toFixed(1)} KB transferidos)`)
    // pdf.js, Clerk and the other screens stay out of it.
    expect(scripts.map((script) => script.url).filter((url) => /pdf|Clerk/i.test(url))).toEqual([])
    // Every script worth compressing crossed the wire compressed (the browser accepts brotli).
    expect(scripts.filter((script) => existsSync(`${dist}${new URL(script.url).pathname.slice(1)}.br`) && script.coding !== "br")).toEqual([])
    expect(totalKb).toBeLessThanOrEqual(budgetKb)
  })
})
