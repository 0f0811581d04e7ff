import { existsSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type RunningServer, startServer } from "../packages/server/test/support/startServer.js"
import { type Browser, launch, openPage, screenshotPath } from "./browser.js"
import { signIn } from "./session.js"

const dist = fileURLToPath(new URL("../packages/web/dist/index.html", import.meta.url))

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  if (!existsSync(dist)) throw new Error("La web no está compilada: corra `npx -y pnpm@10 test`, que la compila primero.")
  server = await startServer()
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

const accounts = [
  { email: "admin@palma.cl", role: "Administrador" },
  { email: "moderador@palma.cl", role: "Supervisor" },
  { email: "operador@palma.cl", role: "Operador" }
]

describe("sign-in in Chromium", () => {
  it.each(accounts)("$email signs in through the form and sees who they are", async ({ email, role }) => {
    const page = await openPage(browser)
    try {
      await page.goto(`${server.url}/`)
      await page.getByLabel("Correo electrónico").fill(email)
      await page.getByLabel("Contraseña", { exact: true }).fill("palma-demo")
      await page.getByRole("button", { name: "Ingresar" }).click()
      await page.getByText(role).first().waitFor()
      expect(page.url()).toBe(`${server.url}/`)
      await expect(page.getByText(email).count()).resolves.toBeGreaterThan(0)
      await page.screenshot({ path: screenshotPath(`home-${email.split("@")[0]}`) })
    } finally {
      await page.close()
    }
  })

  it("tells an account without a role that it has no access yet", async () => {
    const page = await openPage(browser)
    try {
      await page.goto(`${server.url}/sign-in`)
      await page.getByLabel("Correo electrónico").fill("invitado@palma.cl")
      await page.getByLabel("Contraseña", { exact: true }).fill("palma-demo")
      await page.getByRole("button", { name: "Ingresar" }).click()
      await page
        .getByText(/administrador/i)
        .first()
        .waitFor()
      await page.screenshot({ path: screenshotPath("home-invitado") })
      await page.getByRole("button", { name: "Cerrar sesión" }).click()
      await page.getByRole("button", { name: "Ingresar" }).waitFor()
    } finally {
      await page.close()
    }
  })

  it("shows one clear message for wrong credentials", async () => {
    const page = await openPage(browser)
    try {
      await page.goto(`${server.url}/sign-in`)
      await page.getByLabel("Correo electrónico").fill("admin@palma.cl")
      await page.getByLabel("Contraseña", { exact: true }).fill("equivocada")
      await page.getByRole("button", { name: "Ingresar" }).click()
      await page.getByText("Correo o contraseña incorrectos").waitFor()
      await page.screenshot({ path: screenshotPath("sign-in-error") })
    } finally {
      await page.close()
    }
  })
})

describe("a session outliving its access token in Chromium", () => {
  it("reopens signed in from the refresh cookie, which only the local auth routes receive, and signs out for good", async () => {
    const page = await signIn(browser, server.url, "operador@palma.cl")
    try {
      const cookies = await page.context().cookies()
      const refresh = cookies.find((c) => c.name === "__palma_refresh")
      expect(refresh).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/api/auth/local" })
      // What a night asleep does: the access token is gone (expired), the session is not.
      await page.context().clearCookies({ name: "__session" })
      await page.reload()
      await page.getByText("Operador").first().waitFor()
      expect(page.url()).toBe(`${server.url}/`)
      await page.getByRole("button", { name: "Menú de usuario" }).click()
      await page.getByRole("menuitem", { name: "Cerrar sesión" }).click()
      await page.getByRole("heading", { name: "Iniciar sesión" }).waitFor()
      // Signed out ends the session: the refresh cookie is gone and a reload stays signed out.
      expect((await page.context().cookies()).map((c) => c.name)).not.toContain("__palma_refresh")
      await page.reload()
      await page.getByRole("heading", { name: "Iniciar sesión" }).waitFor()
    } finally {
      await page.close()
    }
  })
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
