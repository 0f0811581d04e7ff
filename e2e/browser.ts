import { existsSync, mkdirSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { type Browser as Chromium, type BrowserContext, type BrowserContextOptions, type Page, chromium } from "playwright-core"

const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"

export const artifactsDir = fileURLToPath(new URL("../test-artifacts/", import.meta.url))

/**
 * Debian's Chromium, driven by playwright-core (no browser download). A
 * missing browser fails loudly with how to install it.
 */
export const launchChromium = async (): Promise<Chromium> => {
  if (!existsSync(executablePath)) {
    throw new Error(
      `No se encontró Chromium en ${executablePath}. Instálelo con "apt-get install -y chromium" ` +
        "(o indique otra ruta con CHROMIUM_PATH) para correr las pruebas de navegador."
    )
  }
  mkdirSync(artifactsDir, { recursive: true })
  return chromium.launch({
    executablePath,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run"
    ]
  })
}

/** What a test file uses of its browser: pages, each in a context of its own (its own cookies), and closing them all. */
export interface Browser {
  readonly newPage: (options?: BrowserContextOptions) => Promise<Page>
  readonly close: () => Promise<void>
}

/** The worker's one Chromium, and how many files have it open. */
let shared: Promise<Chromium> | undefined
let files = 0
let idle: NodeJS.Timeout | undefined

/**
 * A test file's browser. Launching Chromium costs seconds of CPU, so the files a worker runs (one
 * after another, in one process: the e2e project does not isolate them) open their pages in one
 * Chromium, each page in a fresh context as `Browser.newPage` makes it (closed with it); `close`
 * closes this file's contexts. Chromium closes once no file has used it for a moment, or with the
 * worker (Playwright ends the browsers it launched when the process exits).
 */
export const launch = async (): Promise<Browser> => {
  clearTimeout(idle)
  if (shared === undefined) {
    const launching: Promise<Chromium> = launchChromium().then(
      (browser) => {
        // A Chromium that crashed or was closed is launched anew for the next file.
        browser.once("disconnected", () => {
          if (shared === launching) shared = undefined
        })
        return browser
      },
      (error: unknown) => {
        shared = undefined
        throw error
      }
    )
    shared = launching
  }
  const running = await shared
  files += 1
  const contexts = new Set<BrowserContext>()
  let closed = false
  return {
    newPage: async (options) => {
      const context = await running.newContext(options)
      contexts.add(context)
      context.once("close", () => contexts.delete(context))
      const page = await context.newPage()
      page.once("close", () => void context.close())
      return page
    },
    close: async () => {
      if (closed) return
      closed = true
      await Promise.all([...contexts].map((context) => context.close()))
      files -= 1
      if (files > 0) return
      // A worker's next file asks at once; after its last one, nothing else will.
      idle = setTimeout(() => {
        const closing = shared
        shared = undefined
        void closing?.then((browser) => browser.close())
      }, 2_000).unref()
    }
  }
}

export const screenshotPath = (name: string) => join(artifactsDir, `${name}.png`)

const violations: Array<string> = []

/**
 * A new page that reports every Content Security Policy violation (Chromium logs each as a
 * console error): the app must run under its own policy, so `e2e/setup.ts` fails the test that saw one.
 */
export const openPage = async (browser: Browser, options?: BrowserContextOptions): Promise<Page> => {
  const page = await browser.newPage(options)
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`)
  })
  return page
}

/** The violations seen since the last call. */
export const takeViolations = (): ReadonlyArray<string> => violations.splice(0)
