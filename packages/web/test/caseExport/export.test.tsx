import type { CaseList, CaseLookup } from "@palma/core"
import { screen, waitFor } from "@testing-library/react"
import { afterEach, describe, expect, it, vi } from "vitest"
import { admin } from "../accounts"
import { useRealServer } from "../realServer"
import { renderApp } from "../renderApp"
import { caseNumbers, caseRows } from "../case/cases"
import { zipTexts } from "../zipTexts"

const server = useRealServer()
afterEach(() => vi.restoreAllMocks())

const rows = caseRows
const numbers = caseNumbers
const params = () => new URLSearchParams(window.location.search)
const nf = new Intl.NumberFormat("es-CL")

/** Catches what the page hands the browser to save. */
const savedFiles = () => {
  const blobs: Blob[] = []
  vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => (blobs.push(blob as Blob), "blob:casos"))
  const clicked: HTMLAnchorElement[] = []
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this)
  })
  return { blobs, clicked }
}

describe("Exportar casos (Reportes)", () => {
  it("previews the filtered cases, keeps the filters in the URL and downloads casos.xlsx with one sheet per channel", async () => {
    await server.signIn(admin.email, admin.password)
    const all = await server.api<CaseList>("GET", "/api/case/getAllExports?records=20")
    const { user } = renderApp("/reports/exports")
    expect(await screen.findByRole("heading", { level: 1, name: "Exportar casos" })).toBeInTheDocument()
    await waitFor(() => expect(numbers()).toEqual(all.data.map((r) => String(r.number))))
    expect(screen.getByText(/casos para exportar$/)).toHaveTextContent(`${nf.format(all.summary.cases)} casos para exportar`)

    const origins = await server.api<ReadonlyArray<CaseLookup>>("GET", "/api/case/getOrigins")
    const channel = origins[0]!
    await user.click(screen.getByRole("combobox", { name: "Canal" }))
    await user.click(await screen.findByRole("option", { name: channel.name }))
    await waitFor(() => expect(params().get("retail")).toBe(channel.id))
    const byChannel = await server.api<CaseList>(`GET`, `/api/case/getAllExports?retail_id=${channel.id}&records=1`)
    await waitFor(() => expect(screen.getByText(/casos para exportar$/)).toHaveTextContent(`${nf.format(byChannel.summary.cases)} casos para exportar`))
    expect(server.calls("GET /api/case/getAllExports").at(-1)!.params.get("retail_id")).toBe(channel.id)

    const { blobs, clicked } = savedFiles()
    await user.click(screen.getByRole("button", { name: "Descargar casos.xlsx" }))
    await waitFor(() => expect(clicked).toHaveLength(1))
    expect(clicked[0]!.download).toBe("casos.xlsx")
    expect(await screen.findByText(`casos.xlsx descargado: ${nf.format(byChannel.summary.cases)} casos`)).toBeInTheDocument()
    // The server's workbook, whole: one sheet, named after the channel, a row per case under the header.
    const texts = zipTexts(new Uint8Array(await blobs[0]!.arrayBuffer()))
    expect([...texts.matchAll(/<sheet [^>]*name="([^"]*)"/g)].map((m) => m[1])).toEqual([channel.name.slice(0, 30)])
    expect(texts.match(/<row /g)).toHaveLength(byChannel.summary.cases + 1)
  })

  it("offers the months that have cases in Spanish; a month with none says so and saves nothing", async () => {
    await server.signIn(admin.email, admin.password)
    const { user } = renderApp("/reports/exports?created=1999-01")
    expect(await screen.findByText(/Ningún caso cumple estos filtros/)).toBeInTheDocument()
    expect(screen.getByRole("button", { name: "Descargar casos.xlsx" })).toBeDisabled()

    await user.click(screen.getByRole("combobox", { name: "Fecha de apertura" }))
    expect(await screen.findByRole("option", { name: "Esta semana (lunes a domingo)" })).toBeInTheDocument()
    const month = new Intl.DateTimeFormat("es-CL", { month: "long", year: "numeric", timeZone: "America/Santiago" }).format(new Date())
    await user.click(await screen.findByRole("option", { name: month }))
    await waitFor(() => expect(params().get("created")).toMatch(/^\d{4}-\d{2}$/))
    await waitFor(() => expect(rows().length).toBeGreaterThan(0))
  })
})
