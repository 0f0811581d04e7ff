import type { ListedProduct } from "@palma/core"
import { screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { useRealServer } from "../realServer"
import { renderApp } from "../renderApp"
import { arranged, createProduct, signInAdmin } from "../retail/seed"

const server = useRealServer()

const rows = () =>
  within(screen.getByRole("table", { name: "Productos" }))
    .getAllByRole("row")
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole("cell")
        .slice(0, 8)
        .map((cell) => cell.textContent)
    )

describe("Productos list", () => {
  it("shows prices as es-CL writes them, with the currency, frequency and term", async () => {
    await signInAdmin(server)
    // Beside the seeded products (monthly, small amounts): thousands in UF and pesos, yearly and weekly.
    await createProduct(server, {
      name: "Auto Plus",
      family: "Vehicular",
      currency: "U",
      cost: "1.25",
      minInsuredCompanyPrice: "1234.50",
      frequency: "A",
      term: 36
    })
    await createProduct(server, { name: "Semanal", currency: "P", cost: 1500000, frequency: "S", term: 24 })
    arranged(server)
    renderApp("/masters/product")
    expect(await screen.findByRole("heading", { level: 1, name: "Productos" })).toBeInTheDocument()
    await screen.findByRole("cell", { name: "Auto Plus" })
    // By name; the row another test of this file adds and removes does not count.
    expect(rows().filter(([name]) => name !== "Producto Borrable")).toEqual([
      ["Asistencia Hogar", "Hogar", "CLP", "$2.990", "$1.990", "Mensual", "12 meses", "4"],
      ["Asistencia Integral", "Hogar", "UF", "UF 0,35", "UF 0,25", "Mensual", "24 meses", "5"],
      ["Asistencia Mascota", "Mascotas", "CLP", "$3.990", "$2.490", "Mensual", "12 meses", "2"],
      ["Auto Plus", "Vehicular", "UF", "UF 1,25", "UF 1.234,50", "Anual", "36 meses", "0"],
      ["Semanal", "Hogar", "CLP", "$1.500.000", "$1.500.000", "Semanal", "24 meses", "0"]
    ])
  })

  it("deactivates a product only after confirmation", async () => {
    await signInAdmin(server)
    const product = await createProduct(server, { name: "Producto Borrable", currency: "P", cost: 12345 })
    arranged(server)
    // Searched for in the URL: the list holds only it, so it ends empty.
    const { user } = renderApp("/masters/product?search=Borrable")
    await user.click(await screen.findByRole("button", { name: "Eliminar Producto Borrable" }))
    let dialog = await screen.findByRole("dialog", { name: "¿Eliminar Producto Borrable?" })
    await user.click(within(dialog).getByRole("button", { name: "Cancelar" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument())
    expect(server.calls(`DELETE /api/product/delete/${product.id}`)).toEqual([])

    await user.click(screen.getByRole("button", { name: "Eliminar Producto Borrable" }))
    dialog = await screen.findByRole("dialog", { name: "¿Eliminar Producto Borrable?" })
    await user.click(within(dialog).getByRole("button", { name: "Eliminar" }))
    expect(await screen.findByText("Producto eliminado")).toBeInTheDocument()
    expect(await screen.findByText("No hay registros")).toBeInTheDocument()
    expect(server.calls(`DELETE /api/product/delete/${product.id}`)).toHaveLength(1)
    // Deactivated: the server lists it no more.
    expect((await server.api<ReadonlyArray<ListedProduct>>("GET", "/api/product/getAll")).map((p) => p.name)).not.toContain("Producto Borrable")
  })
})
