import type { CaseList } from "@palma/core"
import { screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { moderator, operator } from "../accounts"
import { useRealServer } from "../realServer"
import { renderApp } from "../renderApp"
import { caseRows } from "./cases"

const server = useRealServer()

const params = () => new URLSearchParams(window.location.search)
const lastCall = () => server.calls("GET /api/case/getAll").at(-1)!.params
const nf = new Intl.NumberFormat("es-CL")
const views = () => within(screen.getByRole("group", { name: "Vistas" }))
const viewsShown = async () => within(await screen.findByRole("group", { name: "Vistas" }))

describe("Casos: views", () => {
  it("«Mis casos abiertos» and «Reembolsos pendientes» filter the list, in the URL, and show as current", async () => {
    await server.signIn(operator.email, operator.password)
    const mine = await server.api<CaseList>("GET", "/api/case/getAll?status=open&mine=true&records=1")
    const pending = await server.api<CaseList>("GET", "/api/case/getAll?refund_status=Pendiente&records=1")
    const { user } = renderApp("/assistance/case")
    await waitFor(() => expect(caseRows().length).toBeGreaterThan(0))

    await user.click(views().getByRole("button", { name: "Mis casos abiertos" }))
    expect(await screen.findByText(`${nf.format(mine.summary.cases)} casos con estos filtros`)).toBeInTheDocument()
    expect(Object.fromEntries(params())).toEqual({ status: "open", mine: "1" })
    expect(lastCall().get("mine")).toBe("true")
    expect(views().getByRole("button", { name: "Mis casos abiertos" })).toHaveAttribute("aria-pressed", "true")
    expect(screen.getByRole("checkbox", { name: "Solo los que abrí" })).toBeChecked()
    await waitFor(() => expect(caseRows().every((row) => !within(row).queryByText("Caso cerrado"))).toBe(true))

    await user.click(views().getByRole("button", { name: "Reembolsos pendientes" }))
    expect(await screen.findByText(`${nf.format(pending.summary.cases)} casos con estos filtros`)).toBeInTheDocument()
    expect(Object.fromEntries(params())).toEqual({ refund: "Pendiente" })
    expect(screen.getByRole("checkbox", { name: "Solo los que abrí" })).not.toBeChecked()
    expect(views().getByRole("button", { name: "Mis casos abiertos" })).toHaveAttribute("aria-pressed", "false")
  })

  it("a user saves the filters as a named view, finds it after a reload, and deletes it after confirming; others never see it", async () => {
    await server.signIn(operator.email, operator.password)
    const { user, unmount } = renderApp("/assistance/case?status=closed&refund=Rechazado")
    await screen.findByRole("group", { name: "Vistas" })
    await waitFor(() => expect(lastCall().get("refund_status")).toBe("Rechazado"))
    await user.click(views().getByRole("button", { name: "Guardar vista…" }))
    const dialog = within(await screen.findByRole("dialog", { name: "Guardar vista" }))
    await user.type(dialog.getByRole("textbox", { name: /Nombre de la vista/ }), "Rechazos cerrados{Enter}")
    expect(await views().findByRole("button", { name: "Rechazos cerrados" })).toHaveAttribute("aria-pressed", "true")
    const saved = server.calls("POST /api/case/views").at(-1)!.body
    expect(saved).toEqual({ name: "Rechazos cerrados", criteria: { status: "closed", refund_status: "Rechazado" } })
    unmount()

    // Another page of the app, then the list again: the view is the user's, on the server.
    const again = renderApp("/assistance/case")
    await user.click(await (await viewsShown()).findByRole("button", { name: "Rechazos cerrados" }))
    await waitFor(() => expect(Object.fromEntries(params())).toEqual({ status: "closed", refund: "Rechazado" }))
    again.unmount()

    await server.signIn(moderator.email, moderator.password)
    const theirs = renderApp("/assistance/case")
    await viewsShown()
    await waitFor(() => expect(server.calls("GET /api/case/views").length).toBeGreaterThan(0))
    await waitFor(() =>
      expect(
        views()
          .getAllByRole("button")
          .map((b) => b.textContent)
      ).toEqual(["Mis casos abiertos", "Reembolsos pendientes", "Guardar vista…"])
    )
    theirs.unmount()

    await server.signIn(operator.email, operator.password)
    renderApp("/assistance/case")
    await user.click(await (await viewsShown()).findByRole("button", { name: "Eliminar la vista Rechazos cerrados" }))
    const confirm = within(await screen.findByRole("dialog", { name: "¿Eliminar la vista «Rechazos cerrados»?" }))
    await user.click(confirm.getByRole("button", { name: "Eliminar" }))
    await waitFor(() => expect(views().queryByRole("button", { name: "Rechazos cerrados" })).not.toBeInTheDocument())
    expect(await server.api("GET", "/api/case/views")).toEqual([])
  })
})
