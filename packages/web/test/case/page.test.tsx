import { type CaseView, Rut } from "@palma/core"
import { screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { moderator, operator } from "../accounts"
import { useRealServer } from "../realServer"
import { renderApp } from "../renderApp"
import { findCase } from "./cases"

const server = useRealServer()

const historyRows = () =>
  within(screen.getByRole("table", { name: "Historial del caso" }))
    .getAllByRole("row")
    .slice(1)
const firstHistory = () =>
  within(historyRows()[0]!)
    .getAllByRole("cell")
    .map((c) => c.textContent)
/** The steps this page sent (`POST /api/case/{case_id}/step`). */
const steps = () => server.requests.filter((r) => r.method === "POST" && /^\/api\/case\/[^/]+\/step$/.test(r.path))
const openAt = (view: CaseView) => renderApp(`/assistance/case/${view.case_id}`)
const heading = (view: CaseView) => screen.findByRole("heading", { level: 1, name: `Caso N° ${view.case_number}` })

describe("a case's page", () => {
  it("shows the case as read: parties, service, event, stage, and the history with who did what, when", async () => {
    await server.signIn(operator.email, operator.password)
    const view = await findCase(server, "specialist", (v) => v.history.length > 2)
    openAt(view)
    expect(await heading(view)).toBeInTheDocument()
    expect(screen.getByLabelText(`Etapa: ${view.stage.name}`)).toBeInTheDocument()
    const parties = within(screen.getByRole("region", { name: "Partes" }))
    // Dotted, and never broken across two lines in a narrow card.
    const rut = parties.getAllByText(Rut.format(view.insured!.rut))
    expect(rut.length).toBeGreaterThan(0)
    for (const element of rut) expect(element).toHaveStyle({ whiteSpace: "nowrap" })
    expect(parties.getByText(view.retail!.name)).toBeInTheDocument()
    const service = within(screen.getByRole("region", { name: "Servicio y cobertura" }))
    expect(service.getByText(view.assistance!.name)).toBeInTheDocument()
    expect(service.getByText(view.event!.date.split("-").reverse().join("-"))).toBeInTheDocument()
    expect(within(screen.getByRole("region", { name: "Procedimiento" })).getByText(view.specialist!.specialist_name)).toBeInTheDocument()
    expect(
      within(screen.getByRole("region", { name: "Etapas" }))
        .getByText(/^Etapa actual/)
        .closest("[aria-current=step]")
    ).toHaveTextContent(view.stage.name)

    expect(historyRows()).toHaveLength(view.history.length)
    expect(firstHistory()[2]).toBe(view.history[0]!.name)
    // Authors are named through POST /user/getByIds, each id asked once.
    await waitFor(() => expect(firstHistory()[1]).not.toBe("Usuario desconocido"))
    const asked = (server.calls("POST /api/user/getByIds")[0]!.body as { ids: string[] }).ids
    expect(new Set(asked)).toEqual(new Set(view.history.map((h) => h.user)))
    expect(firstHistory()[0]).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/)
  })

  it("an operator closes a case with a description; the closed case offers reopening only to a supervisor, saying so", async () => {
    await server.signIn(operator.email, operator.password)
    const view = await findCase(server, null, (v) => !v.status.isClosed && v.event !== null)
    const { user } = openAt(view)
    await heading(view)
    await user.click(screen.getByRole("button", { name: "Cerrar caso" }))
    const dialog = within(await screen.findByRole("dialog", { name: "Cerrar caso" }))
    await user.click(dialog.getByRole("button", { name: "Cerrar caso" }))
    expect(dialog.getByText("Indique cómo se resolvió el caso para cerrarlo")).toBeInTheDocument()
    expect(steps()).toHaveLength(0)
    await user.type(dialog.getByRole("textbox", { name: /Descripción del cierre/ }), "Resuelto por teléfono")
    await user.click(dialog.getByRole("button", { name: "Cerrar caso" }))

    expect(await screen.findByLabelText("Etapa: Caso cerrado")).toBeInTheDocument()
    expect(await screen.findByText("Caso cerrado", { selector: "[role=alert] *, .mantine-Notification-description" })).toBeInTheDocument()
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument()
    expect(steps()[0]!.headers.get("if-match")).toBe(`"${view.version}"`)
    expect(steps()[0]!.path).toBe(`/api/case/${view.case_id}/step`)
    expect(steps()[0]!.body).toEqual({ type: "close", description: "Resuelto por teléfono" })
    await waitFor(() => expect(firstHistory().slice(1, 3)).toEqual([operator.fullName, "Caso cerrado"]))
    expect(screen.getByText("Cierre: Resuelto por teléfono")).toBeInTheDocument()

    const reopen = screen.getByRole("button", { name: "Reabrir caso" })
    expect(reopen).toBeDisabled()
    expect(reopen).toHaveAccessibleDescription("Solo un moderador o un administrador puede reabrir un caso")
    expect(screen.queryByRole("button", { name: "Cerrar caso" })).not.toBeInTheDocument()
  })

  it("someone else's change meanwhile is a 412: what was typed stays, Recargar reads the case again and the step goes through", async () => {
    await server.signIn(operator.email, operator.password)
    const view = await findCase(server, null, (v) => !v.status.isClosed && v.event !== null)
    const { user } = openAt(view)
    await heading(view)
    // Another user changes the event after this page read the case.
    const changed = await server.api<CaseView>("POST", "/api/case/upsert", { ...view, event: { ...view.event, description: "Cambiado por otra persona" } })

    await user.click(screen.getByRole("button", { name: "Cerrar caso" }))
    const dialog = within(await screen.findByRole("dialog", { name: "Cerrar caso" }))
    await user.type(dialog.getByRole("textbox", { name: /Descripción del cierre/ }), "Cliente desiste")
    await user.click(dialog.getByRole("button", { name: "Cerrar caso" }))
    expect(await dialog.findByText("Registro modificado por otro usuario")).toBeInTheDocument()
    expect(dialog.getByRole("textbox", { name: /Descripción del cierre/ })).toHaveValue("Cliente desiste")
    expect(dialog.getByRole("button", { name: "Cerrar caso" })).toBeDisabled()

    await user.click(dialog.getByRole("button", { name: "Recargar" }))
    expect(await dialog.findByText("Revise el caso y confirme de nuevo.")).toBeInTheDocument()
    expect(await screen.findByText("Cambiado por otra persona")).toBeInTheDocument()
    expect(dialog.getByRole("textbox", { name: /Descripción del cierre/ })).toHaveValue("Cliente desiste")
    await user.click(dialog.getByRole("button", { name: "Cerrar caso" }))
    expect(await screen.findByLabelText("Etapa: Caso cerrado")).toBeInTheDocument()
    // The page's two tries: the version it read, then the one Recargar read.
    expect(steps().map((r) => r.headers.get("if-match"))).toEqual([`"${view.version}"`, `"${changed.version}"`])
  })

  it("a moderator approves a pending refund and marks it paid; an operator sees why they cannot", async () => {
    await server.signIn(operator.email, operator.password)
    const view = await findCase(server, "refund", (v) => !v.status.isClosed && v.refund?.status === "Pendiente")
    const first = openAt(view)
    await heading(view)
    expect(screen.getByRole("button", { name: "Aprobar reembolso" })).toBeDisabled()
    expect(screen.getByRole("button", { name: "Rechazar reembolso" })).toHaveAccessibleDescription(
      "Solo un moderador o un administrador puede aprobar, rechazar o pagar un reembolso"
    )
    first.unmount()

    await server.signIn(moderator.email, moderator.password)
    const { user } = openAt(view)
    await heading(view)
    await user.click(screen.getByRole("button", { name: "Aprobar reembolso" }))
    await user.click(within(await screen.findByRole("dialog", { name: "Aprobar reembolso" })).getByRole("button", { name: "Aprobar reembolso" }))
    await waitFor(() => expect(firstHistory()[2]).toBe("Reembolso: Pendiente → Aprobado"))
    expect(firstHistory()[1]).toBe(moderator.fullName)

    await user.click(screen.getByRole("button", { name: "Marcar reembolso pagado" }))
    await user.click(within(await screen.findByRole("dialog", { name: "Marcar reembolso pagado" })).getByRole("button", { name: "Marcar reembolso pagado" }))
    await waitFor(() => expect(historyRows().map((r) => within(r).getAllByRole("cell")[2]!.textContent)).toContain("Reembolso: Aprobado → Reembolsado"))
    expect(within(screen.getByRole("region", { name: "Procedimiento" })).getByText("Reembolsado")).toBeInTheDocument()
    expect(screen.queryByRole("button", { name: /reembolso/i })).not.toBeInTheDocument()
  })

  it("drives the specialist: confirm the visit, then cancel it; the stage follows", async () => {
    await server.signIn(operator.email, operator.password)
    const view = await findCase(server, "specialist", (v) => !v.status.isClosed && v.specialist !== null && !v.specialist.confirmed)
    const { user } = openAt(view)
    await heading(view)
    await user.click(screen.getByRole("button", { name: "Confirmar visita" }))
    await user.click(within(await screen.findByRole("dialog", { name: "Confirmar visita" })).getByRole("button", { name: "Confirmar visita" }))
    await waitFor(() => expect(firstHistory()[2]).toMatch(/^Visita .*especialista confirmada$/))
    expect(screen.queryByRole("button", { name: "Confirmar visita" })).not.toBeInTheDocument()

    await user.click(screen.getByRole("button", { name: "Anular especialista" }))
    await user.click(within(await screen.findByRole("dialog", { name: "Anular especialista" })).getByRole("button", { name: "Anular especialista" }))
    expect(await screen.findByLabelText(/Etapa: .*anulad/i)).toBeInTheDocument()
    expect(screen.queryByRole("button", { name: "Marcar servicio completado" })).not.toBeInTheDocument()
  })

  it("says so when the case cannot be loaded, with a retry", async () => {
    await server.signIn(operator.email, operator.password)
    renderApp("/assistance/case/00000000-0000-4000-8000-000000000000")
    expect(await screen.findByText("No se pudo cargar el caso")).toBeInTheDocument()
    expect(screen.getByRole("button", { name: "Reintentar" })).toBeInTheDocument()
  })
})
