import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type RunningServer, startServer } from "../packages/server/test/support/startServer.js"
import { launch, openPage, screenshotPath } from "./browser.js"

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

describe("the API docs in Chromium", () => {
  it("render under the page's Content Security Policy, its inline scripts allowed by hash only", async () => {
    const page = await openPage(browser, { viewport: { width: 1280, height: 800 } })
    try {
      const response = await page.goto(`${server.url}/api/docs`)
      const policy = response?.headers()["content-security-policy"] ?? ""
      // No 'unsafe-inline' and no JavaScript eval for scripts: only the origin, WebAssembly and these hashes.
      expect(policy).toMatch(/script-src 'self' 'wasm-unsafe-eval'( 'sha256-[A-Za-z0-9+/=]+')+;/)
      expect(policy).toContain("frame-ancestors 'none'")
      // Scalar drew the reference from the embedded spec: an endpoint of the contract is listed.
      await page.getByText("/api/family/list").first().waitFor({ timeout: 30_000 })
      await page.screenshot({ path: screenshotPath("api-docs") })
    } finally {
      await page.close()
    }
  })
})
