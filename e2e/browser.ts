import { existsSync, mkdirSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { type Browser, chromium } from "playwright-core"

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
