import { screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { renderMasters } from "../masters/renderMasters"
import { startProductServer } from "./fakeProducts"

const rows = () =>
  within(screen.getByRole("table", { name: "Productos" }))
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell").slice(0, 8).map((cell) => cell.textContent))

describe("Productos list", () => {
  it("shows prices as es-CL writes them, with the currency, frequency and term", async () => {
    startProductServer({
      products: [
        { name: "Hogar Full", currency: "P", cost: 12345, minInsuredCompanyPrice: 9990, frequency: "M", term: 12 },
        { name: "Auto Plus", family: "Vehicular", currency: "U", cost: "1.25" as never, minInsuredCompanyPrice: "1234.50" as never, frequency: "A", term: 36 },
        { name: "Semanal", currency: "P", cost: 1500000, frequency: "S", term: 24 }
      ]
    })
    renderMasters("/masters/product")
    expect(await screen.findByRole("heading", { level: 1, name: "Productos" })).toBeInTheDocument()
    await screen.findByRole("cell", { name: "Hogar Full" })
    expect(rows()).toEqual([
      ["Auto Plus", "Vehicular", "UF", "UF 1,25", "UF 1.234,50", "Anual", "36 meses", "0"],
      ["Hogar Full", "Hogar", "CLP", "$12.345", "$9.990", "Mensual", "12 meses", "0"],
      ["Semanal", "Hogar", "CLP", "$1.500.000", "$1.500.000", "Semanal", "24 meses", "0"]
    ])
  })

  it("deactivates a product only after confirmation", async () => {
    const server = startProductServer({ products: [{ name: "Hogar Full", currency: "P", cost: 12345 }] })
    const { user } = renderMasters("/masters/product")
    await user.click(await screen.findByRole("button", { name: "Eliminar Hogar Full" }))
    let dialog = await screen.findByRole("dialog", { name: "¿Eliminar Hogar Full?" })
    await user.click(within(dialog).getByRole("button", { name: "Cancelar" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument())
    expect(server.catalogCalls(`DELETE /api/product/delete/${server.productId("Hogar Full")}`)).toEqual([])

    await user.click(screen.getByRole("button", { name: "Eliminar Hogar Full" }))
    dialog = await screen.findByRole("dialog", { name: "¿Eliminar Hogar Full?" })
    await user.click(within(dialog).getByRole("button", { name: "Eliminar" }))
    expect(await screen.findByText("Producto eliminado")).toBeInTheDocument()
    expect(await screen.findByText("No hay registros")).toBeInTheDocument()
    expect(server.catalogCalls(`DELETE /api/product/delete/${server.productId("Hogar Full")}`)).toHaveLength(1)
  })
})
