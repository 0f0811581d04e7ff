import type { CaseList, CaseLookup } from "@palma/core"
import { screen, waitFor, within } from "@testing-library/react"
import { afterEach, describe, expect, it, vi } from "vitest"
import { operator } from "../accounts"
import { useRealServer } from "../realServer"
import { renderApp } from "../renderApp"
import { caseNumbers, caseRows } from "./cases"

const server = useRealServer()
afterEach(() => vi.restoreAllMocks())

const rows = caseRows
const numbers = caseNumbers
const params = () => new URLSearchParams(window.location.search)
const lastCall = () => server.calls("GET /api/case/getAll").at(-1)!.params

describe("Casos (Asistencia): the list", () => {
  it("shows the newest cases 20 a page with the total, filters by stage and channel in the URL, and opens a case", async () => {
    await server.signIn(operator.email, operator.password)
    const all = await server.api<CaseList>("GET", "/api/case/getAll?records=40")
    const { user } = renderApp("/assistance/case")
    expect(await screen.findByRole("heading", { level: 1, name: "Casos" })).toBeInTheDocument()
    await waitFor(() => expect(numbers()).toEqual(all.data.slice(0, 20).map((r) => String(r.number))))
    expect(screen.getByText(`${new Intl.NumberFormat("es-CL").format(all.summary.cases)} casos`)).toBeInTheDocument()

    await user.click(screen.getByRole("button", { name: "Página 2" }))
    await waitFor(() => expect(numbers()).toEqual(all.data.slice(20, 40).map((r) => String(r.number))))
    expect(params().get("page")).toBe("2")

    const stages = await server.api<ReadonlyArray<CaseLookup>>("GET", "/api/case/getStatus")
    const closed = stages.find((s) => s.name === "Caso cerrado")!
    await user.click(screen.getByRole("combobox", { name: "Etapa" }))
    await user.click(await screen.findByRole("option", { name: "Caso cerrado" }))
    await waitFor(() => expect(lastCall().get("stage_id")).toBe(closed.id))
    expect(params().get("stage")).toBe(closed.id)
    // A new filter starts again at the first page.
    expect(params().get("page")).toBeNull()
    await waitFor(() => expect(rows().every((row) => within(row).getByText("Caso cerrado"))).toBe(true))

    const origins = await server.api<ReadonlyArray<CaseLookup>>("GET", "/api/case/getOrigins")
    await user.click(screen.getByRole("combobox", { name: "Canal" }))
    await user.click(await screen.findByRole("option", { name: origins[0]!.name }))
    await waitFor(() => expect(lastCall().get("retail_id")).toBe(origins[0]!.id))
    expect(lastCall().get("stage_id")).toBe(closed.id)

    const target = (await server.api<CaseList>("GET", `/api/case/getAll?retail_id=${origins[0]!.id}&stage_id=${closed.id}&records=1`)).data[0]!
    await user.click(await screen.findByRole("link", { name: `Caso ${target.number}` }))
    expect(await screen.findByRole("heading", { level: 1, name: `Caso N° ${target.number}` })).toBeInTheDocument()
    expect(window.location.pathname).toBe(`/assistance/case/${target.id}`)
  })

  it("finds by the applicant's name typed without accents or by RUT, on Enter, and says when nothing matches", async () => {
    await server.signIn(operator.email, operator.password)
    const first = (await server.api<CaseList>("GET", "/api/case/getAll?records=1")).data[0]!
    const surname = first.applicant_name.split(" ").at(-2)!
    const typed = surname.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase()
    const { user } = renderApp("/assistance/case")
    await waitFor(() => expect(rows()).toHaveLength(20))
    await user.type(screen.getByRole("textbox", { name: "Nombre del solicitante" }), `${typed}{Enter}`)
    await waitFor(() => expect(params().get("name")).toBe(typed))
    expect(lastCall().get("applicant_name")).toBe(typed)
    await waitFor(() => expect(numbers()).toContain(String(first.number)))

    await user.clear(screen.getByRole("textbox", { name: "Nombre del solicitante" }))
    await user.type(screen.getByRole("textbox", { name: "RUT del solicitante" }), first.applicant_rut)
    await user.click(screen.getByRole("button", { name: "Buscar" }))
    await waitFor(() => expect(lastCall().get("applicant_rut")).toBe(first.applicant_rut))
    expect(lastCall().get("applicant_name")).toBeNull()
    await waitFor(() => expect(numbers()).toContain(String(first.number)))

    await user.clear(screen.getByRole("textbox", { name: "RUT del solicitante" }))
    await user.type(screen.getByRole("textbox", { name: "Nombre del solicitante" }), "nadie-se-llama-asi{Enter}")
    expect(await screen.findByText("No se encontraron casos")).toBeInTheDocument()
    await user.click(screen.getByRole("button", { name: "Limpiar búsqueda" }))
    await waitFor(() => expect(rows()).toHaveLength(20))
    expect(window.location.search).toBe("")
  })

  it("shows a failure with the server's message and a retry", async () => {
    await server.signIn(operator.email, operator.password)
    server.override.set("GET /api/case/getAll", () => new Response(JSON.stringify({ message: "Servicio no disponible" }), { status: 503 }))
    const { user } = renderApp("/assistance/case")
    expect(await screen.findByText("No se pudo buscar casos")).toBeInTheDocument()
    server.override.delete("GET /api/case/getAll")
    await user.click(screen.getByRole("button", { name: "Reintentar" }))
    await waitFor(() => expect(rows()).toHaveLength(20))
  })

  it("lets an operator export the listed channel's cases to casos.xlsx", async () => {
    await server.signIn(operator.email, operator.password)
    const origins = await server.api<ReadonlyArray<CaseLookup>>("GET", "/api/case/getOrigins")
    const channel = origins[0]!
    const clicked: HTMLAnchorElement[] = []
    vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:casos")
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this)
    })
    const { user } = renderApp(`/assistance/case?retail=${channel.id}`)
    await user.click(await screen.findByRole("button", { name: "Exportar los casos del canal" }))
    await waitFor(() => expect(clicked).toHaveLength(1))
    expect(clicked[0]!.download).toBe("casos.xlsx")
    const [asked] = server.calls("GET /api/case/exportCases")
    // The typed client writes "Todos" as an empty filter, as the original client sent its empty state.
    expect(Object.fromEntries(asked!.params)).toEqual({ retail_id: channel.id, case_date: "", event_date: "" })
  })
})
