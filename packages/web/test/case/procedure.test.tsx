import { type CaseView, formatClp, type UfValue, ufToClp } from "@palma/core"
import { screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { operator } from "../accounts"
import { useRealServer } from "../realServer"
import { renderApp } from "../renderApp"
import { findCase } from "./cases"

const server = useRealServer()

const openAt = (view: CaseView) => renderApp(`/assistance/case/${view.case_id}`)
const heading = (view: CaseView) => screen.findByRole("heading", { level: 1, name: `Caso N° ${view.case_number}` })
const procedurePanel = () => within(screen.getByRole("region", { name: "Procedimiento" }))
/** The case as the last step sent from the page left it (read back from the server). */
const afterLastStep = async () => {
  const step = server.requests.filter((r) => r.method === "POST" && /^\/api\/case\/[^/]+\/step$/.test(r.path)).at(-1)!
  return server.api<CaseView>("GET", `/api/case/getById/${step.path.split("/")[3]}`)
}
const dialogNamed = async (name: string) => within(await screen.findByRole("dialog", { name }))
const gone = () => waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument())

/** The specialists the server ranks for a service in a comuna, best first. */
const rankedFor = (districtId: string, assistanceId: string) =>
  server.api<ReadonlyArray<{ id: string; name: string }>>("GET", `/api/specialist/getByAssistanceAndDistrict/${districtId}/${assistanceId}`)

/**
 * A new open case where nothing is under way yet (every demo case has its procedure): a copy of a
 * demo case's applicant, service and event, opened through the seed's upsert. The demo case is
 * one with somebody to send: not every comuna has a specialist for every service, and which demo
 * case is the newest depends on when the demo was seeded (the seed cuts what happens after its
 * moment), so a fixed choice passed at one hour and failed at another.
 */
const idleCase = async () => {
  const model = await findCase(
    server,
    null,
    async (v) =>
      !v.status.isClosed && v.assistance !== null && v.event?.district_id != null && (await rankedFor(v.event.district_id, v.assistance.id)).length > 0
  )
  const blank = { procedure_id: null, specialist: null, alliance: null, refund: null, cost: null, files: [] }
  return server.api<CaseView>("POST", "/api/case/upsert", {
    ...model,
    ...blank,
    case_id: null,
    status: { isClosed: false, description: "" },
    coverageException: "Caso de prueba"
  })
}

describe("a case's procedure, worked from its page", () => {
  it("an operator chooses the specialist procedure, sends the top-ranked candidate, reschedules, confirms, completes and rates the visit", async () => {
    await server.signIn(operator.email, operator.password)
    const view = await idleCase()
    const { user } = openAt(view)
    await heading(view)
    expect(procedurePanel().getByText("Aún no se define un procedimiento.")).toBeInTheDocument()
    // Until a procedure is chosen there is nobody to send.
    expect(screen.queryByRole("button", { name: "Asignar especialista" })).not.toBeInTheDocument()

    await user.click(screen.getByRole("button", { name: "Definir procedimiento" }))
    let dialog = await dialogNamed("Definir procedimiento")
    await user.click(dialog.getByRole("button", { name: "Definir procedimiento" }))
    expect(dialog.getByText("Elija un procedimiento")).toBeInTheDocument()
    await user.click(dialog.getByRole("combobox", { name: /Procedimiento/ }))
    await user.click(await screen.findByRole("option", { name: "Designación de especialista" }))
    await user.click(dialog.getByRole("button", { name: "Definir procedimiento" }))
    await gone()
    expect(await procedurePanel().findByText("Designación de especialista")).toBeInTheDocument()

    await user.click(await screen.findByRole("button", { name: "Asignar especialista" }))
    dialog = await dialogNamed("Asignar especialista")
    const ranked = await rankedFor(view.event!.district_id!, view.assistance!.id)
    expect(ranked.length).toBeGreaterThan(0)
    const radios = await dialog.findAllByRole("radio")
    // The server's ranking, in its order, numbered.
    expect(radios).toHaveLength(ranked.length)
    expect(radios[0]).toHaveAccessibleName(new RegExp(`^1\\. ${ranked[0]!.name}`))
    await user.click(dialog.getByRole("button", { name: "Asignar especialista" }))
    expect(dialog.getByText("Elija un especialista")).toBeInTheDocument()
    await user.click(radios[0]!)
    // The candidate's specialties for the service: one is taken as it is, several are chosen from.
    const specialties = await server.api<ReadonlyArray<{ specialty_id: string; specialty_name: string }>>(
      "GET",
      `/api/specialty/getSpecialitiesByAssistance/${ranked[0]!.id}/${view.assistance!.id}/`
    )
    if (specialties.length === 1)
      await waitFor(() => expect(dialog.getByRole("combobox", { name: "Especialidad" })).toHaveValue(specialties[0]!.specialty_name))
    await user.type(dialog.getByLabelText("Día de la visita"), "2000-01-01")
    await user.click(dialog.getByRole("button", { name: "Asignar especialista" }))
    expect(dialog.getByText("La visita no puede ser antes del evento")).toBeInTheDocument()
    await user.clear(dialog.getByLabelText("Día de la visita"))
    await user.type(dialog.getByLabelText("Día de la visita"), view.event!.date)
    await user.type(dialog.getByLabelText("Hora"), "10:30")
    await user.click(dialog.getByRole("button", { name: "Asignar especialista" }))
    await gone()
    expect((await afterLastStep()).specialist).toMatchObject({
      specialist_id: ranked[0]!.id,
      specialty_id: specialties.length === 1 ? specialties[0]!.specialty_id : null,
      district_id: view.event!.district_id,
      scheduled_date: view.event!.date,
      scheduled_time: "10:30",
      cancel: false
    })
    expect(await procedurePanel().findByText(ranked[0]!.name, { exact: false })).toBeInTheDocument()

    await user.click(screen.getByRole("button", { name: "Agendar visita" }))
    dialog = await dialogNamed("Agendar visita")
    expect(dialog.getByLabelText("Hora")).toHaveValue("10:30")
    await user.clear(dialog.getByLabelText("Hora"))
    await user.type(dialog.getByLabelText("Hora"), "16:00")
    await user.click(dialog.getByRole("button", { name: "Agendar visita" }))
    await gone()
    expect(await procedurePanel().findByText(/a las 16:00/)).toBeInTheDocument()

    // Completed only once confirmed.
    expect(screen.queryByRole("button", { name: "Marcar servicio completado" })).not.toBeInTheDocument()
    await user.click(screen.getByRole("button", { name: "Confirmar visita" }))
    dialog = await dialogNamed("Confirmar visita")
    expect(dialog.getByText("¿Confirmar la visita del especialista?")).toBeInTheDocument()
    await user.click(dialog.getByRole("button", { name: "Confirmar visita" }))
    await gone()
    await user.click(await screen.findByRole("button", { name: "Marcar servicio completado" }))
    await user.click((await dialogNamed("Marcar servicio completado")).getByRole("button", { name: "Marcar servicio completado" }))
    await gone()
    await user.click(await screen.findByRole("button", { name: "Calificar servicio" }))
    dialog = await dialogNamed("Calificar servicio")
    expect(dialog.getByText("¿Cómo fue el servicio del especialista?")).toBeInTheDocument()
    await user.click(dialog.getByRole("combobox", { name: /Calificación/ }))
    await user.click(await screen.findByRole("option", { name: "Bueno" }))
    await user.type(dialog.getByRole("textbox", { name: "Comentario" }), "Llegó a la hora")
    await user.click(dialog.getByRole("button", { name: "Calificar servicio" }))
    await gone()
    expect(await procedurePanel().findByText("Bueno")).toBeInTheDocument()
    expect(procedurePanel().getByText("Llegó a la hora")).toBeInTheDocument()

    const stored = await server.api<CaseView>("GET", `/api/case/getById/${view.case_id}`)
    expect(stored.specialist).toMatchObject({ specialist_id: ranked[0]!.id, completed: true, qualification_name: "Bueno", scheduled_time: "16:00" })
    expect(stored.history.length).toBeGreaterThanOrEqual(view.history.length + 5)
  })

  it("an operator asks for a refund in pesos as typed in Chile; it waits, pending, for a supervisor", async () => {
    await server.signIn(operator.email, operator.password)
    const view = await idleCase()
    const { user } = openAt(view)
    await heading(view)
    await user.click(screen.getByRole("button", { name: "Definir procedimiento" }))
    let dialog = await dialogNamed("Definir procedimiento")
    await user.click(dialog.getByRole("combobox", { name: /Procedimiento/ }))
    await user.click(await screen.findByRole("option", { name: "Solicitud de reembolso" }))
    await user.click(dialog.getByRole("button", { name: "Definir procedimiento" }))
    await gone()

    await user.click(await screen.findByRole("button", { name: "Solicitar reembolso" }))
    dialog = await dialogNamed("Solicitar reembolso")
    await user.type(dialog.getByRole("textbox", { name: /Monto en pesos/ }), "cuarenta")
    await user.click(dialog.getByRole("button", { name: "Solicitar reembolso" }))
    expect(dialog.getByText("Escriba el monto en pesos, sin decimales")).toBeInTheDocument()
    // Beyond the service's per-event maximum (in pesos at the event's UF when in UF): flagged, not refused.
    const assigned = view.assistance!.assigned!
    const rate = assigned.currency === "U" ? (await server.api<UfValue>("GET", `/api/uf/${view.event!.date}`)).value : null
    const maximum = typeof assigned.maximum === "number" ? assigned.maximum : ufToClp(assigned.maximum, rate!)
    await user.clear(dialog.getByRole("textbox", { name: /Monto en pesos/ }))
    await user.type(dialog.getByRole("textbox", { name: /Monto en pesos/ }), String(maximum + 1))
    expect(await dialog.findByRole("status", { name: "Sobre la cobertura" })).toHaveTextContent(`Supera el tope por evento de ${formatClp(maximum)}`)
    await user.clear(dialog.getByRole("textbox", { name: /Monto en pesos/ }))
    await user.type(dialog.getByRole("textbox", { name: /Monto en pesos/ }), "45.000")
    await user.click(dialog.getByRole("button", { name: "Solicitar reembolso" }))
    await gone()
    expect((await afterLastStep()).refund).toMatchObject({ amount: { required: 45000 }, status: "Pendiente" })
    expect(await procedurePanel().findByText("Pendiente")).toBeInTheDocument()
    expect(screen.getByRole("button", { name: "Aprobar reembolso" })).toBeDisabled()
    // Money asked for: the procedure no longer changes.
    expect(screen.queryByRole("button", { name: "Cambiar procedimiento" })).not.toBeInTheDocument()
  })
})
