import { existsSync, mkdirSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { type Browser, type BrowserContextOptions, type Page, chromium } from "playwright-core"

const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"

export const artifactsDir = fileURLToPath(new URL("../test-artifacts/", import.meta.url))

/**
 * Debian's Chromium, driven by playwright-core (no browser download). A
 * missing browser fails loudly with how to install it.
 */
export const launch = async (): Promise<Browser> => {
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
