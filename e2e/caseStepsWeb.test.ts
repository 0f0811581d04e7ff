import type { Locator, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type CaseStep, type CaseView, caseSteps } from "../packages/core/src/index.js"
import { demo, signIn as apiSignIn } from "../packages/server/test/support/api.js"
import { type Fixture, caseFixture, newCase, servedComuna, today } from "../packages/server/test/support/caseFixture.js"
import { type InProcessServer, startServer } from "../packages/server/test/support/startServer.js"
import { send } from "../packages/server/test/security/http.js"
import { type Browser, launch, screenshotPath } from "./browser.js"
import { signIn } from "./session.js"

/**
 * Issue 32: every step of the case lifecycle taken once from the case page in Chromium, by the
 * role the lifecycle asks for (an operator, a moderator for reopening and paying, an admin for a
 * rejection), through its button and its dialog. After each step the person sees the case's stage,
 * the history's newest line (with who took it) and the steps now offered; the stored case, read
 * through the API, moved the same way.
 */

type Role = "user" | "moderator" | "admin"

let server: InProcessServer
let browser: Browser
let f: Fixture
const pages = {} as Record<Role, Page>
const tokens = {} as Record<Role, string>
const staff = {} as Record<Role, { readonly id: string; readonly name: string }>
let qualificationName: string

beforeAll(async () => {
  server = await startServer()
  f = await caseFixture(server)
  browser = await launch()
  for (const role of ["user", "moderator", "admin"] as const) {
    pages[role] = await signIn(browser, server.url, demo[role])
    tokens[role] = await apiSignIn(server.url, demo[role])
    const [who] = await server.sql((sql) => sql<{ id: string; name: string }>`SELECT id, full_name AS name FROM app_user WHERE email = ${demo[role]}`)
    staff[role] = who!
  }
  const [qualification] = await server.sql((sql) => sql<{ name: string }>`SELECT name FROM qualification WHERE id = ${f.qualification}`)
  qualificationName = qualification!.name
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

const supervisorsOnly = "Solo un moderador o un administrador puede aprobar, rechazar o pagar un reembolso"
const visitDay = today.split("-").reverse().join("-")

/** The stored case, as the API answers it. */
const stored = async (id: string): Promise<CaseView> => {
  const answer = await send(server.url, "GET", `/api/case/getById/${id}`, { token: tokens.user })
  expect(answer.status, answer.text).toBe(200)
  return answer.json as CaseView
}

/** A case opened by the API on the fixture's subscription (its opening is not what is under test), its event in `location`. */
const opened = async (location?: string): Promise<CaseView> => {
  const body = newCase(f)
  const answer = await send(server.url, "POST", "/api/case/upsert", {
    token: tokens.user,
    body: JSON.stringify(location === undefined ? body : { ...body, event: { ...body.event, location } })
  })
  expect(answer.status, answer.text).toBe(200)
  return answer.json as CaseView
}

const actions = (page: Page) => page.getByRole("region", { name: "Acciones" })

/** The step buttons as a person meets them: their names, and for one that cannot be pressed, " — " and what it says why. */
const stepsOn = (page: Page): Promise<ReadonlyArray<string>> =>
  actions(page)
    .getByRole("button")
    .evaluateAll((buttons) =>
      buttons.map((b) => {
        const why = b.getAttribute("aria-describedby")
        const name = b.textContent ?? ""
        return (b as HTMLButtonElement).disabled ? `${name} — ${why === null ? "" : (document.getElementById(why)?.textContent ?? "")}` : name
      })
    )

/** What the Procedimiento section shows, label by label. */
const procedureFacts = (page: Page): Promise<Record<string, string>> =>
  page
    .getByRole("region", { name: "Procedimiento" })
    .locator("dl > div")
    .evaluateAll((pairs) => Object.fromEntries(pairs.map((p) => [p.querySelector("dt")?.textContent ?? "", p.querySelector("dd")?.textContent ?? ""])))

/** The last role whose page took a step: another role's page is opened afresh on the case. */
let lastRole: Role | null = null

/** `role`'s page on the case, opened there unless it already is and took the step before. */
const onCase = async (role: Role, view: CaseView): Promise<Page> => {
  const page = pages[role]
  const url = `${server.url}/assistance/case/${view.case_id}`
  if (page.url() !== url || lastRole !== role) {
    await page.goto(url)
    await page.getByRole("heading", { level: 1, name: `Caso N° ${view.case_number}`, exact: true }).waitFor()
  }
  lastRole = role
  return page
}

/** What the dialog asks for, filled in as a person does. */
type Filler = (dialog: Locator, page: Page) => Promise<void>
/** null: the step only asks for a yes, given with Enter. */
type Fill = Filler | null

/** What the person sees once the step is taken. */
interface Seen {
  readonly stage: string
  /** The history's newest line. */
  readonly line: string
  /** The steps offered now, as `stepsOn` reads them. */
  readonly steps: ReadonlyArray<string>
}

/** The lifecycle's steps this file took from the page. */
const taken = new Set<CaseStep>()

/**
 * Takes `step` on the case page: its button `label` (by keyboard), its dialog filled by `fill`, its
 * confirmation. Checks what the page shows then and that the stored case moved with it (a new
 * version, the same stage, the history's line by this person); answers the stored case.
 */
const take = async (role: Role, view: CaseView, step: CaseStep, label: string, fill: Fill, seen: Seen): Promise<CaseView> => {
  taken.add(step)
  const page = await onCase(role, view)
  await actions(page).getByRole("button", { name: label, exact: true }).focus()
  await page.keyboard.press("Enter")
  const dialog = page.getByRole("dialog", { name: label })
  await dialog.waitFor()
  const confirm = dialog.getByRole("button", { name: label, exact: true })
  if (fill === null) {
    // A plain step opens on its confirmation.
    await confirm.and(page.locator(":focus")).waitFor()
    await page.keyboard.press("Enter")
  } else {
    await fill(dialog, page)
    await confirm.click()
  }
  await dialog.waitFor({ state: "detached" })

  await page.getByLabel(`Etapa: ${seen.stage}`, { exact: true }).waitFor()
  const newest = page.getByRole("table", { name: "Historial del caso" }).getByRole("row").nth(1)
  // The line is in «Acción»; «Etapa» may say the same (a closing belongs to «Caso cerrado»).
  await newest.getByRole("cell", { name: seen.line, exact: true }).first().waitFor()
  expect((await newest.getByRole("cell").allTextContents()).slice(1, 3)).toEqual([staff[role].name, seen.line])
  expect(await stepsOn(page)).toEqual(seen.steps)

  const now = await stored(view.case_id)
  expect(now.version).toBeGreaterThan(view.version)
  expect(now.stage.name).toBe(seen.stage)
  expect(now.history[0]).toMatchObject({ name: seen.line, user: staff[role].id })
  return now
}

const choose =
  (label: RegExp, option: string): Filler =>
  async (dialog, page) => {
    await dialog.getByRole("combobox", { name: label }).click()
    await page.getByRole("option", { name: option, exact: true }).click()
  }
const procedure = (name: string) => choose(/^Procedimiento/, name)

/** Picks the best-ranked candidate by keyboard (it has the focus as the list opens), keeping its id and its name. */
const firstRanked =
  (picked: Array<{ id: string; name: string }>, visit?: { date: string; time: string }): Filler =>
  async (dialog, page) => {
    const first = dialog.getByRole("radio").first()
    await first.waitFor()
    await first.and(page.locator(":focus")).waitFor()
    await page.keyboard.press("Space")
    expect(await first.isChecked()).toBe(true)
    const label = await first.evaluate((el: HTMLInputElement) => el.labels?.[0]?.textContent ?? "")
    expect(label).toMatch(/^1\. /)
    picked.push({ id: (await first.getAttribute("value"))!, name: label.slice(3) })
    if (visit !== undefined) await schedule(visit.date, visit.time)(dialog, page)
  }

const schedule =
  (date: string, time: string): Filler =>
  async (dialog) => {
    await dialog.getByLabel("Día de la visita").fill(date)
    await dialog.getByLabel("Hora").fill(time)
  }

/** Types into the field the dialog opens on. */
const typed =
  (field: RegExp, text: string): Filler =>
  async (dialog, page) => {
    await dialog.getByRole("textbox", { name: field }).and(page.locator(":focus")).waitFor()
    await page.keyboard.type(text)
  }

describe("every step of a case, taken from its page in Chromium", () => {
  it(
    "sends a specialist, cancels and sends another, schedules, confirms, completes, qualifies, closes and (a moderator) reopens",
    { timeout: 180_000 },
    async () => {
      let view = await opened(await servedComuna(server, f))
      const sent: Array<{ id: string; name: string }> = []
      const visitSteps = ["Cerrar caso", "Agendar visita", "Confirmar visita", "Anular especialista"]

      view = await take("user", view, "chooseProcedure", "Definir procedimiento", procedure("Designación de especialista"), {
        stage: "Evento",
        line: "Procedimiento definido",
        steps: ["Cerrar caso", "Cambiar procedimiento", "Asignar especialista"]
      })
      expect(view).toMatchObject({ procedure_id: f.procedures.specialist, procedure_code: "specialist", specialist: null })

      view = await take("user", view, "assignProvider", "Asignar especialista", firstRanked(sent, { date: today, time: "10:30" }), {
        stage: "Envío de especialista",
        line: "Especialista asignado",
        steps: visitSteps
      })
      expect(view.specialist).toMatchObject({ specialist_id: sent[0]!.id, scheduled_date: today, scheduled_time: "10:30", confirmed: false, cancel: false })
      expect(await procedureFacts(pages.user)).toMatchObject({ Especialista: sent[0]!.name, Visita: `${visitDay} a las 10:30`, Anulada: "No" })

      view = await take("user", view, "cancelAssignment", "Anular especialista", null, {
        stage: "Envío de especialista anulado",
        line: "Especialista anulado",
        steps: ["Cerrar caso", "Cambiar procedimiento", "Asignar especialista"]
      })
      expect(view.specialist).toMatchObject({ specialist_id: sent[0]!.id, cancel: true })
      expect(await procedureFacts(pages.user)).toMatchObject({ Anulada: "Sí" })

      view = await take("user", view, "assignProvider", "Asignar especialista", firstRanked(sent), {
        stage: "Envío de especialista",
        line: "Especialista asignado",
        steps: visitSteps
      })
      expect(view.specialist).toMatchObject({ specialist_id: sent[1]!.id, scheduled_date: null, scheduled_time: null, cancel: false })
      expect(await procedureFacts(pages.user)).toMatchObject({ Especialista: sent[1]!.name, Visita: "Sin fecha" })

      view = await take("user", view, "schedule", "Agendar visita", schedule(today, "16:00"), {
        stage: "Envío de especialista",
        line: `Visita agendada para el ${visitDay} a las 16:00`,
        steps: visitSteps
      })
      expect(view.specialist).toMatchObject({ scheduled_date: today, scheduled_time: "16:00" })

      view = await take("user", view, "confirmAssignment", "Confirmar visita", null, {
        stage: "Envío de especialista",
        line: "Visita del especialista confirmada",
        steps: ["Cerrar caso", "Agendar visita", "Marcar servicio completado", "Anular especialista"]
      })
      expect(view.specialist).toMatchObject({ confirmed: true, completed: false })

      view = await take("user", view, "completeAssignment", "Marcar servicio completado", null, {
        stage: "Envío de especialista",
        line: "Servicio del especialista completado",
        steps: ["Cerrar caso", "Calificar servicio"]
      })
      expect(view.specialist).toMatchObject({ confirmed: true, completed: true })

      view = await take(
        "user",
        view,
        "qualify",
        "Calificar servicio",
        async (dialog, page) => {
          await choose(/^Calificación/, qualificationName)(dialog, page)
          await dialog.getByRole("textbox", { name: "Comentario" }).focus()
          await page.keyboard.type("Llegó a la hora y dejó todo limpio")
        },
        { stage: "Envío de especialista", line: "Servicio del especialista calificado", steps: ["Cerrar caso", "Calificar servicio"] }
      )
      expect(view.specialist).toMatchObject({ qualification_id: f.qualification, comment: "Llegó a la hora y dejó todo limpio" })
      expect(await procedureFacts(pages.user)).toMatchObject({ Confirmada: "Sí", Completada: "Sí", Calificación: qualificationName })

      view = await take("user", view, "close", "Cerrar caso", typed(/Descripción del cierre/, "Filtración reparada"), {
        stage: "Caso cerrado",
        line: "Caso cerrado",
        steps: ["Reabrir caso — Solo un moderador o un administrador puede reabrir un caso"]
      })
      expect(view.status).toEqual({ isClosed: true, description: "Filtración reparada" })
      await pages.user.getByText("Cierre: Filtración reparada").waitFor()

      view = await take("moderator", view, "reopen", "Reabrir caso", typed(/Motivo de la reapertura/, "Volvió a gotear"), {
        stage: "Envío de especialista",
        line: "Caso reabierto",
        steps: ["Cerrar caso", "Calificar servicio"]
      })
      expect(view.status).toEqual({ isClosed: false, description: "Volvió a gotear" })
      await pages.moderator.getByText("Última reapertura: Volvió a gotear").waitFor()
      await pages.moderator.screenshot({ path: screenshotPath("case-steps-reopened"), fullPage: true })
    }
  )

  it("sends a partner, cancels it, changes to a refund the operator asks for and an admin rejects", { timeout: 120_000 }, async () => {
    let view = await opened()
    const sent: Array<{ id: string; name: string }> = []

    view = await take("user", view, "chooseProcedure", "Definir procedimiento", procedure("Designación de alianza"), {
      stage: "Evento",
      line: "Procedimiento definido",
      steps: ["Cerrar caso", "Cambiar procedimiento", "Asignar alianza"]
    })
    expect(view).toMatchObject({ procedure_id: f.procedures.alliance, procedure_code: "alliance" })

    view = await take("user", view, "assignProvider", "Asignar alianza", firstRanked(sent), {
      stage: "Designación de alianza",
      line: "Alianza asignada",
      steps: ["Cerrar caso", "Agendar visita", "Confirmar visita", "Anular alianza"]
    })
    expect(view.alliance).toMatchObject({ partner_id: sent[0]!.id, cancel: false })
    expect(await procedureFacts(pages.user)).toMatchObject({ Alianza: sent[0]!.name })

    view = await take("user", view, "cancelAssignment", "Anular alianza", null, {
      stage: "Designación de alianza anulada",
      line: "Alianza anulada",
      steps: ["Cerrar caso", "Cambiar procedimiento", "Asignar alianza"]
    })
    expect(view.alliance).toMatchObject({ partner_id: sent[0]!.id, cancel: true })

    view = await take("user", view, "chooseProcedure", "Cambiar procedimiento", procedure("Solicitud de reembolso"), {
      stage: "Evento",
      line: "Procedimiento definido",
      steps: ["Cerrar caso", "Cambiar procedimiento", "Solicitar reembolso"]
    })
    expect(view).toMatchObject({ procedure_id: f.procedures.refund, procedure_code: "refund", refund: null })

    // The operator may not approve or reject: the buttons are there, refused, saying why.
    view = await take("user", view, "requestRefund", "Solicitar reembolso", typed(/Monto en pesos/, "45.000"), {
      stage: "Reembolso",
      line: "Reembolso solicitado",
      steps: ["Cerrar caso", `Aprobar reembolso — ${supervisorsOnly}`, `Rechazar reembolso — ${supervisorsOnly}`]
    })
    expect(view.refund).toMatchObject({ amount: { required: 45000, refunded: null }, status: "Pendiente" })

    view = await take("admin", view, "rejectRefund", "Rechazar reembolso", null, {
      stage: "Reembolso",
      line: "Reembolso: Pendiente → Rechazado",
      steps: ["Cerrar caso"]
    })
    expect(view.refund).toMatchObject({ amount: { required: 45000, refunded: null }, status: "Rechazado" })
    expect(await procedureFacts(pages.admin)).toMatchObject({ "Estado del reembolso": "Rechazado", "Monto solicitado": "$45.000" })
  })

  it("asks for an IMED discount a moderator approves and pays in part", { timeout: 120_000 }, async () => {
    let view = await opened()

    view = await take("user", view, "chooseProcedure", "Definir procedimiento", procedure("Descuento IMED"), {
      stage: "Evento",
      line: "Procedimiento definido",
      steps: ["Cerrar caso", "Cambiar procedimiento", "Solicitar descuento IMED"]
    })
    expect(view).toMatchObject({ procedure_id: f.procedures.imed, procedure_code: "imed" })

    view = await take("user", view, "requestRefund", "Solicitar descuento IMED", typed(/Monto en pesos/, "38.500"), {
      stage: "Descuento IMED",
      line: "Reembolso solicitado",
      steps: ["Cerrar caso", `Aprobar reembolso — ${supervisorsOnly}`, `Rechazar reembolso — ${supervisorsOnly}`]
    })
    expect(view.refund).toMatchObject({ amount: { required: null }, imed: { required: 38500, refunded: null }, status: "Pendiente" })

    view = await take("moderator", view, "approveRefund", "Aprobar reembolso", null, {
      stage: "Descuento IMED",
      line: "Reembolso: Pendiente → Aprobado",
      steps: ["Cerrar caso", "Marcar reembolso pagado"]
    })
    expect(view.refund).toMatchObject({ imed: { required: 38500, refunded: null }, status: "Aprobado" })

    view = await take("moderator", view, "payRefund", "Marcar reembolso pagado", typed(/Monto pagado en pesos/, "30.000"), {
      stage: "Descuento IMED",
      line: "Reembolso: Aprobado → Reembolsado",
      steps: ["Cerrar caso"]
    })
    expect(view.refund).toMatchObject({ amount: { required: null, refunded: null }, imed: { required: 38500, refunded: 30000 }, status: "Reembolsado" })
    expect(view.history.slice(0, 2).map((h) => h.name)).toEqual([
      "Reembolso: Aprobado → Reembolsado",
      "Montos del reembolso: IMED solicitado $38.500, IMED aplicado $30.000"
    ])
    expect(await procedureFacts(pages.moderator)).toMatchObject({ "Estado del reembolso": "Reembolsado", "Descuento IMED aplicado": "$30.000" })
  })

  // Last: a step added to the lifecycle fails here until it is taken from the page above.
  it("took every step the lifecycle offers on a case's page", () => {
    expect([...taken].sort()).toEqual([...caseSteps].sort())
  })
})
