import { type CaseView, type District, type NearbySpecialist, Rut } from "@palma/core"
import { screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { operator } from "../accounts"
import { useRealServer } from "../realServer"
import { renderApp } from "../renderApp"
import { findCase } from "./cases"

/**
 * Issue 31 §4.3: sending a specialist where nobody serves the event's comuna offers who works near
 * it; where nobody does the service at all, the dialog says what to do and its button is disabled
 * with that reason, instead of doing nothing.
 */

const server = useRealServer()

const ranked = (districtId: string, assistanceId: string) =>
  server.api<ReadonlyArray<unknown>>("GET", `/api/specialist/getByAssistanceAndDistrict/${districtId}/${assistanceId}`)
const nearby = (districtId: string, assistanceId: string) =>
  server.api<ReadonlyArray<NearbySpecialist>>("GET", `/api/specialist/getNearby/${districtId}/${assistanceId}`)

/** A new open case copying a demo case's applicant and service, its event in `districtId`, to be sent a specialist. */
const caseAt = async (model: CaseView, districtId: string) => {
  const procedures = await server.api<ReadonlyArray<{ id: string; code: string }>>("GET", "/api/procedure/getAll")
  return server.api<CaseView>("POST", "/api/case/upsert", {
    ...model,
    case_id: null,
    procedure_id: procedures.find((p) => p.code === "specialist")!.id,
    specialist: null,
    alliance: null,
    refund: null,
    cost: null,
    files: [],
    event: { ...model.event, location: districtId },
    status: { isClosed: false, description: "" },
    coverageException: "Caso de prueba"
  })
}

const assignDialog = async (view: CaseView) => {
  const { user } = renderApp(`/assistance/case/${view.case_id}`)
  await screen.findByRole("heading", { level: 1, name: `Caso N° ${view.case_number}` })
  await user.click(await screen.findByRole("button", { name: "Asignar especialista" }))
  return { user, dialog: within(await screen.findByRole("dialog", { name: "Asignar especialista" })) }
}

const isOpenWithService = (v: CaseView) => !v.status.isClosed && v.assistance !== null && v.event?.district_id != null

describe("sending a specialist where nobody serves the event's comuna", () => {
  it("offers those who do the service in the comuna's province, saying where they work", async () => {
    await server.signIn(operator.email, operator.password)
    const districts = await server.api<ReadonlyArray<District>>("GET", "/api/district/listAll")
    let found: { model: CaseView; districtId: string; near: ReadonlyArray<NearbySpecialist> } | null = null
    await findCase(server, null, async (v) => {
      if (!isOpenWithService(v)) return false
      const home = districts.find((d) => d.id === v.event!.district_id)!
      for (const d of districts.filter((c) => c.province_name === home.province_name && c.region_id === home.region_id)) {
        if ((await ranked(d.id, v.assistance!.id)).length > 0) continue
        const near = await nearby(d.id, v.assistance!.id)
        if (near[0]?.reach === "province") {
          found = { model: v, districtId: d.id, near }
          return true
        }
      }
      return false
    })
    const { model, districtId, near } = found!
    const target = await caseAt(model, districtId)
    const { user, dialog } = await assignDialog(target)

    const group = await dialog.findByRole("radiogroup", { name: /Especialista/ })
    expect(group).toHaveAccessibleDescription(/^Nadie atiende la comuna del evento: estos especialistas realizan el servicio cerca/)
    const radios = within(group).getAllByRole("radio")
    expect(radios).toHaveLength(near.length)
    expect(radios[0]).toHaveAccessibleDescription(new RegExp(`^Atiende ${near[0]!.served} \\(misma provincia\\) · ${Rut.format(near[0]!.rut)} · `))
    expect(dialog.getByRole("button", { name: "Asignar especialista" })).toBeEnabled()

    await user.click(radios[0]!)
    await user.type(dialog.getByLabelText("Día de la visita"), model.event!.date)
    await user.type(dialog.getByLabelText("Hora"), "11:00")
    await user.click(dialog.getByRole("button", { name: "Asignar especialista" }))
    await screen.findByRole("button", { name: "Agendar visita" })
    // One step sent; the specialist goes to the event's comuna.
    expect(server.calls(`POST /api/case/${target.case_id}/step`).at(-1)!.body).toMatchObject({
      type: "assignProvider",
      kind: "specialist",
      provider_id: near[0]!.id
    })
    const stored = await server.api<CaseView>("GET", `/api/case/getById/${target.case_id}`)
    expect(stored).toMatchObject({ specialist: { specialist_id: near[0]!.id, district_id: districtId } })
  })

  it("where nobody does the service, says what to do and disables «Asignar especialista» with that reason", async () => {
    await server.signIn(operator.email, operator.password)
    let partners = 0
    const model = await findCase(server, null, async (v) => {
      if (!isOpenWithService(v)) return false
      const [serving, near] = await Promise.all([ranked(v.event!.district_id!, v.assistance!.id), nearby(v.event!.district_id!, v.assistance!.id)])
      if (serving.length > 0 || near.length > 0) return false
      partners = (await server.api<ReadonlyArray<unknown>>("GET", `/api/partner/getByAssistance/${v.assistance!.id}`)).length
      return true
    })
    const { dialog } = await assignDialog(await caseAt(model, model.event!.district_id!))

    const nobody = "Ningún especialista activo realiza este servicio en la comuna del evento, en su región ni a distancia."
    const advice =
      partners === 0
        ? "Pida a un administrador que registre un especialista para esa comuna, o cambie el procedimiento del caso."
        : `${partners === 1 ? "Una alianza lo realiza" : `${partners} alianzas lo realizan`}: cambie el procedimiento del caso para enviar una alianza.`
    const reason = await dialog.findByText(`${nobody} ${advice}`)
    const button = dialog.getByRole("button", { name: "Asignar especialista" })
    expect(button).toBeDisabled()
    expect(button).toHaveAccessibleDescription(`No hay a quién enviar ${reason.textContent}`)
  })
})
