import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { ApplicantLookup, CaseChatMessage, CaseView, InsuredSearchPage } from "../packages/core/src/index.js"
import { type RunningServer, startServer } from "../packages/server/test/support/startServer.js"
import { type Browser, launch, screenshotPath } from "./browser.js"
import { signIn } from "./session.js"

/**
 * Issue 12's check, whole, in Chromium on the real server: an operator on the phone opens a case
 * from the RUT to the review by keyboard, asks for a refund, writes on the chat and attaches a
 * document; a moderator, in another browser session, approves the refund and marks it paid, and
 * the operator's page shows it without a reload; the operator closes the case.
 */

let server: RunningServer
let browser: Browser
let operator: Page
let moderator: Page

beforeAll(async () => {
  server = await startServer()
  browser = await launch()
  operator = await signIn(browser, server.url, "operador@palma.cl")
  moderator = await signIn(browser, server.url, "moderador@palma.cl")
})
afterAll(async () => {
  await operator?.close()
  await moderator?.close()
  await browser?.close()
  await server?.stop()
})

/** Reads the API as the signed-in page (its session cookie goes along). */
const read = <A>(page: Page, path: string): Promise<A> => page.evaluate(async (p) => (await fetch(p)).json(), path) as Promise<A>

/** What a screen reader would call the focused element: its label, its aria-label, or its text. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null
    if (el === null) return ""
    return (el.labels?.[0]?.textContent ?? el.getAttribute("aria-label") ?? el.textContent ?? "").trim()
  })

/** Tab until the focused element is the one named, as a person would (at most 12 presses). */
const tabTo = async (page: Page, name: RegExp) => {
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press("Tab")
    if (name.test(await focusedName(page))) return
  }
  throw new Error(`Tab no llegó a ${name}`)
}

const titular = async () => {
  const found = await read<InsuredSearchPage>(operator, "/api/insured/getByRutOrName?name=e&records=50")
  for (const person of found.data) {
    const lookup = await read<ApplicantLookup>(operator, `/api/case/getApplicantByRut/${encodeURIComponent(person.rut)}`)
    if (lookup.type === "I" && lookup.products.length === 1) return person.rut
  }
  throw new Error("Ningún titular de la demo tiene una sola póliza vigente")
}

const pdf = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n")

describe("a whole case, in Chromium", () => {
  it("is opened by keyboard from the RUT, gets a refund a moderator approves in another browser, a chat message and a document, and is closed", async () => {
    const rut = await titular()
    const page = operator
    await page.goto(`${server.url}/assistance/case/new`)

    // Solicitante: the RUT field has the focus; Enter looks it up.
    await page.getByRole("textbox", { name: /RUT del solicitante/ }).waitFor()
    await page.keyboard.type(rut)
    await page.keyboard.press("Enter")
    // Producto: the only product comes chosen with «Continuar» focused; Enter moves on.
    await page.getByRole("region", { name: "Producto" }).getByRole("radio", { checked: true }).waitFor()
    await page.getByRole("button", { name: "Continuar" }).and(page.locator(":focus")).waitFor()
    await page.keyboard.press("Enter")
    // Servicio: the first option has the focus; Space takes it and moves on.
    const service = page.getByRole("region", { name: "Servicio" }).getByRole("radio").first()
    await service.waitFor()
    const serviceName = (await service.evaluate((el: HTMLInputElement) => el.labels?.[0]?.textContent ?? "")).split(" · ")[0]!
    await page.keyboard.press("Space")
    const coverage = page.getByRole("region", { name: "Cobertura" })
    await coverage.waitFor()
    if (await coverage.getByRole("textbox", { name: /Motivo de la excepción/ }).isVisible()) {
      await page.keyboard.type("Autoriza la supervisora por teléfono")
      await tabTo(page, /^Continuar con excepción$/)
    }
    await page.keyboard.press("Enter")
    // Valores: each value in turn (Enter moves on from the last one), or the button when none is asked.
    await page.getByRole("region", { name: "Valores" }).waitFor()
    await page.keyboard.press("Enter")
    // Evento: the comuna, typed without its tildes, then what happened.
    await page.getByRole("combobox", { name: /Comuna/ }).waitFor()
    expect(await focusedName(page)).toMatch(/Comuna/)
    await page.keyboard.type("nunoa")
    await page.getByRole("option", { name: "Ñuñoa — Metropolitana de Santiago" }).waitFor()
    await page.keyboard.press("Enter")
    await page.keyboard.press("Tab")
    expect(await focusedName(page)).toMatch(/Qué pasó/)
    await page.keyboard.type("Consulta médica pagada por el titular")
    await tabTo(page, /^Continuar$/)
    await page.keyboard.press("Enter")
    // Procedimiento, searched by name.
    await page.getByRole("region", { name: "Procedimiento" }).waitFor()
    await page.keyboard.type("reembolso")
    await page.getByRole("option", { name: "Solicitud de reembolso" }).waitFor()
    await page.keyboard.press("Enter")
    await tabTo(page, /^Continuar$/)
    await page.keyboard.press("Enter")
    const review = page.getByRole("region", { name: "Revisión" })
    await review.getByText("Procedimiento: Solicitud de reembolso").waitFor()
    await review.getByText(/Ñuñoa — Metropolitana de Santiago — Consulta médica pagada por el titular/).waitFor()
    await page.screenshot({ path: screenshotPath("case-journey-review"), fullPage: true })
    await page.keyboard.press("Enter")
    const opened = page.getByRole("heading", { level: 1, name: /^Caso N° \d+ abierto$/ })
    await opened.waitFor()
    const number = Number((await opened.textContent())!.match(/\d+/)![0])
    expect(await focusedName(page)).toBe("Ver el caso")
    await page.keyboard.press("Enter")
    await page.getByRole("heading", { level: 1, name: `Caso N° ${number}`, exact: true }).waitFor()
    const caseId = page.url().split("/").at(-1)!

    // The refund, asked in pesos as typed in Chile.
    await page.getByRole("button", { name: "Solicitar reembolso" }).focus()
    await page.keyboard.press("Enter")
    const ask = page.getByRole("dialog", { name: "Solicitar reembolso" })
    await ask.getByRole("textbox", { name: /Monto en pesos/ }).waitFor()
    await page.keyboard.type("38.500")
    await page.keyboard.press("Enter")
    await ask.waitFor({ state: "detached" })
    const procedure = page.getByRole("region", { name: "Procedimiento" })
    await procedure.getByText("Pendiente", { exact: true }).waitFor()

    // The chat: Enter sends.
    const chat = page.getByRole("region", { name: "Chat del caso" })
    await chat.getByRole("textbox", { name: /Mensaje/ }).focus()
    await page.keyboard.type("El titular envía la boleta por correo")
    await page.keyboard.press("Enter")
    await chat.getByRole("list", { name: "Mensajes" }).getByText("El titular envía la boleta por correo").waitFor()

    // A document: its type searched by keyboard; the file chosen as the system's dialog would.
    // As a keyboard user sees it: the type's field once the types loaded (disabled before), the
    // list opened by ArrowDown with its first type highlighted, and only then Enter.
    const documents = page.getByRole("region", { name: "Documentos" })
    const documentType = documents
      .getByRole("textbox", { name: "Tipo de documento", disabled: false })
      .or(documents.getByRole("combobox", { name: "Tipo de documento", disabled: false }))
    await documentType.waitFor()
    await documentType.focus()
    await page.keyboard.press("ArrowDown")
    await page.locator("[data-combobox-selected]").waitFor()
    await page.keyboard.press("Enter")
    await documents.locator("input[type=file]").setInputFiles({ name: "boleta consulta.pdf", mimeType: "application/pdf", buffer: pdf })
    const upload = documents.getByRole("button", { name: "Subir documento", disabled: false })
    await upload.waitFor()
    await upload.focus()
    await page.keyboard.press("Enter")
    await documents.getByRole("table", { name: "Documentos del caso" }).getByText("boleta consulta.pdf").waitFor()

    // The moderator, in another browser session, approves the refund and marks it paid.
    await moderator.goto(`${server.url}/assistance/case/${caseId}`)
    await moderator.getByRole("heading", { level: 1, name: `Caso N° ${number}`, exact: true }).waitFor()
    await moderator.getByRole("region", { name: "Chat del caso" }).getByText("El titular envía la boleta por correo").waitFor()
    for (const step of ["Aprobar reembolso", "Marcar reembolso pagado"]) {
      await moderator.getByRole("button", { name: step }).focus()
      await moderator.keyboard.press("Enter")
      const dialog = moderator.getByRole("dialog", { name: step })
      await dialog.getByRole("button", { name: step }).waitFor()
      await dialog.getByRole("button", { name: step }).focus()
      await moderator.keyboard.press("Enter")
      await dialog.waitFor({ state: "detached" })
    }
    await moderator.screenshot({ path: screenshotPath("case-journey-moderator"), fullPage: true })
    // The operator's page shows it as it happens.
    await procedure.getByText("Reembolsado", { exact: true }).waitFor({ timeout: 15_000 })

    // The operator closes the case.
    await page.getByRole("button", { name: "Cerrar caso" }).focus()
    await page.keyboard.press("Enter")
    const close = page.getByRole("dialog", { name: "Cerrar caso" })
    await close.waitFor()
    await page.keyboard.type("Reembolso pagado al titular")
    await tabTo(page, /^Cerrar caso$/)
    await page.keyboard.press("Enter")
    await page.getByLabel("Etapa: Caso cerrado").waitFor()
    await page.getByRole("button", { name: "Reabrir caso" }).waitFor()
    // Its own write's live notice is not someone else's change.
    expect(await page.getByText("Otro usuario cambió este caso").count()).toBe(0)
    await page.screenshot({ path: screenshotPath("case-journey-closed"), fullPage: true })

    const stored = await read<CaseView>(page, `/api/case/getById/${caseId}`)
    expect(stored).toMatchObject({
      case_number: number,
      type: "I",
      event: { location: "Ñuñoa", district_id: "13120", description: "Consulta médica pagada por el titular" },
      refund: { amount: { required: 38500 }, status: "Reembolsado" },
      status: { isClosed: true, description: "Reembolso pagado al titular" },
      stage: { code: "close" }
    })
    expect(stored.assistance?.name).toBe(serviceName)
    expect(stored.files.map((f) => f.file_tag)).toEqual(["boleta consulta.pdf"])
    const chatLog = await read<ReadonlyArray<CaseChatMessage>>(page, `/api/case/getChatByCase/${caseId}`)
    expect(chatLog.map((m) => m.message)).toContain("El titular envía la boleta por correo")
    // Who did what: the history names the operator and the moderator, and what the moderator did.
    const byModerator = stored.history.filter((h) => h.name.startsWith("Reembolso:") || h.name.startsWith("Montos del reembolso"))
    expect(byModerator.map((h) => h.name).reverse()).toEqual([
      "Reembolso: Pendiente → Aprobado",
      "Montos del reembolso: solicitado $38.500, reembolsado $38.500",
      "Reembolso: Aprobado → Reembolsado"
    ])
    expect(new Set(byModerator.map((h) => h.user)).size).toBe(1)
    expect(stored.history.find((h) => h.name === "Caso cerrado")!.user).not.toBe(byModerator[0]!.user)
  })
})
