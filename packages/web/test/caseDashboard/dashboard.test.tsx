import { type CaseLookup, type Dashboard, formatClp, monthLabel } from "@palma/core"
import { screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { admin } from "../accounts"
import { useRealServer } from "../realServer"
import { renderApp } from "../renderApp"

const server = useRealServer()
const nf = new Intl.NumberFormat("es-CL")
const params = () => new URLSearchParams(window.location.search)

describe("Panel (Reportes)", () => {
  it("shows the server's figures, months as a table beside the chart, and links a stage to the case list", async () => {
    await server.signIn(admin.email, admin.password)
    const figures = await server.api<Dashboard>("GET", "/api/case/dashboard")
    const { user } = renderApp("/reports/dashboard")
    expect(await screen.findByRole("heading", { level: 1, name: "Panel" })).toBeInTheDocument()
    expect(await screen.findByText(nf.format(figures.totals.cases))).toBeInTheDocument()
    expect(screen.getByText(nf.format(figures.totals.open))).toBeInTheDocument()
    const months = within(screen.getByRole("table", { name: "Casos por mes" }))
    expect(months.getAllByRole("row")).toHaveLength(figures.months.length + 1)

    const stages = within(screen.getByRole("table", { name: "Por etapa" }))
    const closed = figures.byStage.find((s) => s.code === "close")!
    await user.click(stages.getByRole("link", { name: closed.name }))
    await waitFor(() => expect(window.location.pathname).toBe("/assistance/case"))
    expect(params().get("stage")).toBe(closed.id)
  })

  it("names «open now» apart from «opened that month», and counts IMED discounts apart from refunds paid (issue 31 §3.3)", async () => {
    await server.signIn(admin.email, admin.password)
    const figures = await server.api<Dashboard>("GET", "/api/case/dashboard")
    renderApp("/reports/dashboard")
    const card = async (label: string) => within(await screen.findByRole("group", { name: label }))
    expect((await card("Abiertos ahora")).getByText(nf.format(figures.totals.open))).toBeInTheDocument()
    expect((await card("Reembolsado")).getByText(formatClp(figures.totals.reimbursedAmount))).toBeInTheDocument()
    expect((await card("Descontado por IMED")).getByText(formatClp(figures.totals.imedAmount))).toBeInTheDocument()
    expect(screen.queryByRole("group", { name: "Abiertos" })).not.toBeInTheDocument()

    const table = screen.getByRole("table", { name: "Casos por mes" })
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((h) => h.textContent)
    expect(headers).toEqual([
      "Mes",
      "Abiertos en el mes",
      "Cerrados en el mes",
      "Reembolsos pagados",
      "Monto reembolsado",
      "Descuentos IMED aplicados",
      "Monto descontado IMED"
    ])
    // A month of the demo with an IMED discount applied: its row shows it in the IMED columns, not as a refund.
    const month = figures.months.find((m) => m.imedDiscounts > 0)!
    const row = within(table)
      .getByRole("cell", { name: monthLabel(month.month) })
      .closest("tr")!
    expect(
      within(row)
        .getAllByRole("cell")
        .map((c) => c.textContent)
    ).toEqual([
      monthLabel(month.month),
      nf.format(month.opened),
      nf.format(month.closed),
      nf.format(month.refunds),
      formatClp(month.refundAmount),
      nf.format(month.imedDiscounts),
      formatClp(month.imedAmount)
    ])
  })

  it("filters by channel and opening days, kept in the URL", async () => {
    await server.signIn(admin.email, admin.password)
    const origins = await server.api<ReadonlyArray<CaseLookup>>("GET", "/api/case/getOrigins")
    const { user } = renderApp("/reports/dashboard?from=2020-01-01")
    await screen.findByRole("table", { name: "Por canal" })
    await user.click(screen.getByRole("combobox", { name: "Canal" }))
    await user.click(await screen.findByRole("option", { name: origins[0]!.name }))
    await waitFor(() => expect(params().get("retail")).toBe(origins[0]!.id))
    const expected = await server.api<Dashboard>("GET", `/api/case/dashboard?from=2020-01-01&retail_id=${origins[0]!.id}`)
    await waitFor(() => expect(server.calls("GET /api/case/dashboard").at(-1)!.params.get("retail_id")).toBe(origins[0]!.id))
    const channels = within(await screen.findByRole("table", { name: "Por canal" }))
    await waitFor(() => expect(channels.getAllByRole("row")).toHaveLength(1))
    expect(channels.getByText(nf.format(expected.totals.cases))).toBeInTheDocument()
    expect(params().get("from")).toBe("2020-01-01")
  })
})
