import { screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { renderApp } from "../renderApp"
import { startCatalogServer } from "./fakeCatalog"
import { bancoSur, catalog, hogarPlan, mascotas, saludPlan, saludUf } from "./seed"

const openPlans = async () => {
  const server = startCatalogServer(catalog)
  const view = renderApp(`/entities/retail/${bancoSur.id}`)
  const table = await screen.findByRole("table", { name: "Planes del canal" })
  return { server, table: within(table), ...view }
}

const rowOf = (table: ReturnType<typeof within>, product: string) => within(table.getByRole("cell", { name: product }).closest("tr")!)

describe("a channel's plans", () => {
  it("lists each plan with its prices in the product's currency", async () => {
    const { table } = await openPlans()
    const hogar = rowOf(table, "Hogar Full")
    expect(hogar.getAllByRole("cell").map((c) => c.textContent).slice(0, 5)).toEqual(["Hogar Full", "Pesos", "$12.345", "$10.000", "$120.000"])
    const salud = rowOf(table, "Salud UF")
    expect(salud.getAllByRole("cell").map((c) => c.textContent).slice(0, 5)).toEqual(["Salud UF", "UF", "UF 1,25", "UF 1,00", "UF 14,50"])
  })

  it("adds a plan in pesos: the prices travel as whole pesos", async () => {
    const { server, user, table } = await openPlans()
    await user.click(screen.getByRole("button", { name: "Agregar plan" }))
    const dialog = within(await screen.findByRole("dialog", { name: "Agregar plan" }))
    const productPicker = dialog.getByRole("combobox", { name: "Producto" })
    await user.click(productPicker)
    // Products the channel already sells are not offered again.
    expect((await screen.findAllByRole("option")).map((o) => o.textContent)).toEqual(["Mascotas Plus · Pesos"])
    await user.click(screen.getByRole("option", { name: "Mascotas Plus · Pesos" }))

    // Decimals are refused in pesos before anything is sent.
    await user.type(dialog.getByRole("textbox", { name: "Precio cliente" }), "12.990,5")
    await user.type(dialog.getByRole("textbox", { name: "Precio empresa" }), "10000")
    await user.type(dialog.getByRole("textbox", { name: "Precio anual" }), "$ 129.900")
    await user.click(dialog.getByRole("button", { name: "Guardar" }))
    expect(await dialog.findByText("En pesos el precio no lleva decimales")).toBeInTheDocument()
    expect(server.writes()).toEqual([])

    await user.clear(dialog.getByRole("textbox", { name: "Precio cliente" }))
    await user.type(dialog.getByRole("textbox", { name: "Precio cliente" }), "12.990")
    await user.click(dialog.getByRole("button", { name: "Guardar" }))
    expect(await screen.findByText("Plan agregado")).toBeInTheDocument()
    expect(server.writes().map((r) => [r.path, r.body])).toEqual([
      ["/api/product/assignPrices", { id: mascotas.id, agent_id: bancoSur.id, customerprice: 12990, companyprice: 10000, yearlyprice: 129900 }]
    ])
    await waitFor(() => expect(table.getByRole("cell", { name: "Mascotas Plus" })).toBeInTheDocument())
    expect(rowOf(table, "Mascotas Plus").getByRole("cell", { name: "$12.990" })).toBeInTheDocument()
  })

  it("changes the prices of a UF plan: they travel as two-decimal texts", async () => {
    const { server, user, table } = await openPlans()
    await user.click(screen.getByRole("button", { name: "Cambiar precios de Salud UF" }))
    const dialog = within(await screen.findByRole("dialog", { name: "Cambiar precios de Salud UF" }))
    const customer = dialog.getByRole("textbox", { name: "Precio cliente" })
    expect(customer).toHaveValue("1,25")
    expect(dialog.getByRole("textbox", { name: "Precio anual" })).toHaveValue("14,50")
    await user.clear(customer)
    await user.type(customer, "1,5")
    await user.clear(dialog.getByRole("textbox", { name: "Precio empresa" }))
    await user.type(dialog.getByRole("textbox", { name: "Precio empresa" }), "0.9")
    await user.clear(dialog.getByRole("textbox", { name: "Precio anual" }))
    await user.type(dialog.getByRole("textbox", { name: "Precio anual" }), "1.015")
    await user.click(dialog.getByRole("button", { name: "Guardar" }))
    expect(await screen.findByText("Precios actualizados")).toBeInTheDocument()
    expect(server.writes().map((r) => [r.path, r.body])).toEqual([
      ["/api/product/assignPrices", { id: saludUf.id, agent_id: bancoSur.id, customerprice: "1.50", companyprice: "0.90", yearlyprice: "1015.00" }]
    ])
    await waitFor(() => expect(rowOf(table, "Salud UF").getByRole("cell", { name: "UF 1,50" })).toBeInTheDocument())
    expect(rowOf(table, "Salud UF").getByRole("cell", { name: "UF 1.015,00" })).toBeInTheDocument()
  })

  it("refuses a UF price with more than two decimals before sending it", async () => {
    const { server, user } = await openPlans()
    await user.click(screen.getByRole("button", { name: "Cambiar precios de Salud UF" }))
    const dialog = within(await screen.findByRole("dialog", { name: "Cambiar precios de Salud UF" }))
    await user.clear(dialog.getByRole("textbox", { name: "Precio cliente" }))
    await user.type(dialog.getByRole("textbox", { name: "Precio cliente" }), "1,255")
    await user.click(dialog.getByRole("button", { name: "Guardar" }))
    expect(await dialog.findByText("Precio en UF inválido: use hasta 2 decimales, p. ej. 1,25")).toBeInTheDocument()
    expect(server.writes()).toEqual([])
  })

  it("removes a plan only after confirmation", async () => {
    const { server, user, table } = await openPlans()
    await user.click(screen.getByRole("button", { name: "Quitar plan Hogar Full" }))
    let dialog = within(await screen.findByRole("dialog", { name: "¿Quitar el plan Hogar Full?" }))
    expect(dialog.getByRole("button", { name: "Cancelar" })).toHaveFocus()
    await user.click(dialog.getByRole("button", { name: "Cancelar" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument())
    expect(server.writes()).toEqual([])

    await user.click(screen.getByRole("button", { name: "Quitar plan Hogar Full" }))
    dialog = within(await screen.findByRole("dialog", { name: "¿Quitar el plan Hogar Full?" }))
    await user.click(dialog.getByRole("button", { name: "Quitar plan" }))
    expect(await screen.findByText("Plan quitado")).toBeInTheDocument()
    expect(server.writes().map((r) => `${r.method} ${r.path}`)).toEqual([`DELETE /api/product/deletePlan/${hogarPlan.id}`])
    await waitFor(() => expect(table.queryByRole("cell", { name: "Hogar Full" })).not.toBeInTheDocument())
    expect(table.getByRole("cell", { name: "Salud UF" })).toBeInTheDocument()
  })

  it("shows the server's message when the plan cannot be removed, and keeps it", async () => {
    const { server, user, table } = await openPlans()
    server.override.set(
      `DELETE /api/product/deletePlan/${hogarPlan.id}`,
      () => new Response(JSON.stringify({ _tag: "NotFound", message: "No se encontró el plan" }), { status: 404, headers: { "content-type": "application/json" } })
    )
    await user.click(screen.getByRole("button", { name: "Quitar plan Hogar Full" }))
    const dialog = within(await screen.findByRole("dialog", { name: "¿Quitar el plan Hogar Full?" }))
    await user.click(dialog.getByRole("button", { name: "Quitar plan" }))
    expect(await dialog.findByText("No se pudo quitar el plan")).toBeInTheDocument()
    expect(dialog.getByText("No se encontró el plan")).toBeInTheDocument()
    expect(table.getByRole("cell", { name: "Hogar Full" })).toBeInTheDocument()
  })

  it("opens a plan's contract in a dialog", async () => {
    const { server, user } = await openPlans()
    await user.click(screen.getByRole("button", { name: "Ver contrato de Salud UF" }))
    const dialog = within(await screen.findByRole("dialog", { name: "Contrato de Salud UF" }))
    await waitFor(() => expect(server.calls(`GET /api/product/getContract/${saludPlan.id}`).length).toBeGreaterThan(0))
    // The viewer (pdf.js) runs in browsers; whatever it does here, it stays inside the dialog.
    await waitFor(() => expect(dialog.queryByText("Preparando el contrato…")).not.toBeInTheDocument())
    expect(screen.getByRole("heading", { level: 1, name: "Banco Sur" })).toBeInTheDocument()
    await user.click(dialog.getByRole("button", { name: "Cerrar" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument())
  })
})
