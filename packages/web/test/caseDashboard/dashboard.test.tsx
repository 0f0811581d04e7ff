import type { CaseLookup, Dashboard } from "@palma/core"
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
