/**
 * `pnpm bench:lcp` (issue 9 §2, issue 34 §6): largest contentful paint in Chromium throttled to
 * 10 Mbit/s, 40 ms round trip and 4× slower CPU, against the built server (`pnpm build` first), of
 * three visits: `/sign-in` signed out (target ≤ 1.0 s); `/masters/family` right after signing in
 * there (≤ 1.5 s); a cold `/masters/family` with a session cookie and nothing cached (≤ 1.5 s).
 * Each run is a fresh browser context. Prints every run and the medians. See bench/README.md.
 */
import type { Browser, BrowserContext, Page } from "playwright-core"
import { launchChromium } from "../e2e/browser.ts"
import { signIn } from "../e2e/session.ts"
import { startServerProcess } from "../packages/server/test/support/serverProcess.ts"

const runs = Number(process.env.BENCH_LCP_RUNS ?? 5)
if (!Number.isInteger(runs) || runs < 1 || runs > 50) throw new Error(`BENCH_LCP_RUNS debe ser un entero entre 1 y 50, no "${process.env.BENCH_LCP_RUNS}"`)

/** 10 Mbit/s both ways, in bytes per second as the DevTools protocol takes them. */
const throughput = (10 * 1_000_000) / 8

interface Run {
  readonly lcpMs: number
  readonly fcpMs: number
  readonly transferredKb: number
  readonly element: string
}

/** In the page (as text: this project has no DOM types): the paint timings the browser recorded and what crossed the wire. */
const pageTimings = `new Promise((resolve) => {
  new PerformanceObserver((list) => {
    const entries = list.getEntries()
    const last = entries[entries.length - 1]
    const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0
    const loaded = [...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")]
    const bytes = loaded.reduce((sum, entry) => sum + entry.transferSize, 0)
    const element = last?.element ? last.element.tagName.toLowerCase() + ' "' + (last.element.textContent ?? "").trim().slice(0, 40) + '"' : "?"
    resolve({ lcp: last?.startTime ?? 0, fcp, bytes, element })
  }).observe({ type: "largest-contentful-paint", buffered: true })
})`

/** What `pageTimings` answers. */
interface Timings {
  readonly lcp: number
  readonly fcp: number
  readonly bytes: number
  readonly element: string
}

type State = Awaited<ReturnType<BrowserContext["storageState"]>>

/** One visit: where it starts (a session cookie or none), what it does, and the page whose paint is measured. */
interface Visit {
  readonly name: string
  readonly targetMs: number
  readonly signedIn: boolean
  readonly run: (page: Page, baseUrl: string) => Promise<void>
}

const familyTable = (page: Page) =>
  page.getByRole("table", { name: "Familias" }).getByRole("row").filter({ hasText: "Hogar" }).first().waitFor({ timeout: 60_000 })

const visits: ReadonlyArray<Visit> = [
  {
    name: "/sign-in, signed out",
    targetMs: 1000,
    signedIn: false,
    run: async (page, baseUrl) => {
      await page.goto(`${baseUrl}/sign-in`)
      await page.getByRole("button", { name: "Ingresar" }).waitFor({ timeout: 60_000 })
    }
  },
  {
    name: "/masters/family right after signing in at /sign-in",
    targetMs: 1500,
    signedIn: false,
    run: async (page, baseUrl) => {
      await page.goto(`${baseUrl}/sign-in`)
      // A person takes seconds to type: whatever the page fetches meanwhile has arrived.
      await page.waitForLoadState("networkidle")
      await page.getByLabel("Correo electrónico").fill("admin@palma.cl")
      await page.getByLabel("Contraseña", { exact: true }).fill("palma-demo")
      await page.getByRole("button", { name: "Ingresar" }).click()
      await page.waitForURL(`${baseUrl}/`)
      await page.getByRole("navigation", { name: "Menú principal" }).waitFor({ timeout: 60_000 })
      await page.waitForLoadState("networkidle")
      await page.goto(`${baseUrl}/masters/family`)
      await familyTable(page)
    }
  },
  {
    name: "/masters/family cold, with a session cookie",
    targetMs: 1500,
    signedIn: true,
    run: async (page, baseUrl) => {
      await page.goto(`${baseUrl}/masters/family`)
      await familyTable(page)
    }
  }
]

/** A fresh context (empty cache; the session cookie when the visit starts signed in), throttled, through `visit`: the paint of its last page. */
const measure = async (browser: Browser, baseUrl: string, state: State, visit: Visit): Promise<Run> => {
  const context = await browser.newContext({ ...(visit.signedIn ? { storageState: state } : {}), viewport: { width: 1280, height: 800 } })
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send("Network.enable")
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: false })
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 40, downloadThroughput: throughput, uploadThroughput: throughput })
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 })
    await visit.run(page, baseUrl)
    await page.waitForLoadState("networkidle")
    // The page answers the shape above (pageTimings builds it).
    const timings = (await page.evaluate(pageTimings)) as Timings
    return { lcpMs: timings.lcp, fcpMs: timings.fcp, transferredKb: timings.bytes / 1024, element: timings.element }
  } finally {
    await context.close()
  }
}

const median = (values: ReadonlyArray<number>) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

const main = async () => {
  process.stderr.write("Iniciando Palma (PGlite, datos de demostración)…\n")
  const server = await startServerProcess()
  const browser = await launchChromium()
  try {
    const signedIn = await signIn(browser, server.url, "admin@palma.cl")
    const state = await signedIn.context().storageState()
    await signedIn.close()
    // One load first so the server's caches (comunas, master lists) are warm, as in production.
    await measure(browser, server.url, state, visits[2]!)
    for (const visit of visits) {
      const measured: Array<Run> = []
      console.log(`\n${visit.name}\nrun  LCP ms  FCP ms  transferred KB  LCP element`)
      for (let run = 1; run <= runs; run++) {
        const result = await measure(browser, server.url, state, visit)
        measured.push(result)
        console.log(
          `${String(run).padStart(3)}  ${result.lcpMs.toFixed(0).padStart(6)}  ${result.fcpMs.toFixed(0).padStart(6)}  ${result.transferredKb.toFixed(1).padStart(14)}  ${result.element}`
        )
      }
      const lcp = median(measured.map((run) => run.lcpMs))
      console.log(
        `median LCP ${lcp.toFixed(0)} ms (target ≤ ${visit.targetMs} ms: ${lcp <= visit.targetMs ? "PASS" : "MISS"}), median FCP ${median(measured.map((run) => run.fcpMs)).toFixed(0)} ms`
      )
    }
  } finally {
    await browser.close()
    await server.stop()
  }
}

await main()
