import { screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { useRealServer } from "../realServer"
import { renderApp } from "../renderApp"
import { arranged, assignPlan, assistanceId, retailNamed, createProduct, productNamed, signInAdmin } from "../retail/seed"

const server = useRealServer()

describe("editing a producto", () => {
  it("shows its amounts as es-CL writes them and sends them back exactly", async () => {
    await signInAdmin(server)
    const grua = await assistanceId(server, "Grúa")
    const product = await createProduct(server, {
      name: "Auto Plus",
      family: "Vehicular",
      currency: "U",
      cost: "1234.50",
      minInsuredCompanyPrice: "0.10",
      term: 36,
      dueDay: 10,
      // A coverage in pesos, though the product is in UF.
      assistances: [{ id: grua, amount: 250000, currency: "P", maximum: 80000, events: 2, lack: 15 }]
    })
    arranged(server)
    const { user } = renderApp("/masters/product")
    await user.click(await screen.findByRole("button", { name: "Editar Auto Plus" }))
    const dialog = await screen.findByRole("dialog", { name: "Editar producto" })
    expect(within(dialog).getByRole("radio", { name: "UF" })).toBeChecked()
    expect(within(dialog).getByRole("textbox", { name: "Costo" })).toHaveValue("1.234,50")
    expect(within(dialog).getByRole("textbox", { name: "Precio mínimo empresa por asegurado" })).toHaveValue("0,10")
    expect(within(dialog).getByRole("radio", { name: "36 meses" })).toBeChecked()
    const card = within(dialog).getByRole("group", { name: "Cobertura de Grúa" })
    expect(within(card).getByRole("textbox", { name: "Monto por período" })).toHaveValue("250.000")
    expect(within(card).getByRole("textbox", { name: "Máximo por evento" })).toHaveValue("80.000")

    await user.click(within(dialog).getByRole("button", { name: "Guardar" }))
    expect(await screen.findByText("Producto actualizado")).toBeInTheDocument()
    const [update] = server.calls(`PUT /api/product/update/${product.id}`)
    expect(update!.body).toMatchObject({
      cost: "1234.50",
      minInsuredCompanyPrice: "0.10",
      currency: "U",
      term: 36,
      dueDay: 10,
      assistances: [{ id: grua, amount: 250000, currency: "P", maximum: 80000, events: 2, lack: 15 }]
    })
    // Stored as it was: nothing drifted on the way through the form.
    expect(await productNamed(server, "Auto Plus")).toMatchObject({
      cost: "1234.50",
      minInsuredCompanyPrice: "0.10",
      currency: "U",
      term: 36,
      dueDay: 10,
      assistances: [{ id: grua, amount: 250000, currency: "P", maximum: 80000, events: 2, lack: 15 }]
    })
  })

  it("shows the server's refusal to change the currency of a product with plans", async () => {
    await signInAdmin(server)
    const product = await createProduct(server, { name: "Hogar Vendido", currency: "P", cost: 12990, minInsuredCompanyPrice: 9990 })
    // A retail sells it: its plan's prices are in pesos.
    await assignPlan(server, product.id, (await retailNamed(server, "Canal Web Palma")).id, [12990, 9990, 142890])
    arranged(server)
    const { user } = renderApp("/masters/product")
    await user.click(await screen.findByRole("button", { name: "Editar Hogar Vendido" }))
    const dialog = await screen.findByRole("dialog", { name: "Editar producto" })
    await user.click(within(dialog).getByRole("radio", { name: "UF" }))
    for (const name of ["Costo", "Precio mínimo empresa por asegurado"]) {
      const input = within(dialog).getByRole("textbox", { name })
      await user.clear(input)
      await user.type(input, "0,35")
    }
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }))
    expect(await within(dialog).findByText("No se puede cambiar la moneda de un producto con planes activos")).toBeInTheDocument()
    expect(server.calls(`PUT /api/product/update/${product.id}`)).toHaveLength(1)
    expect(await productNamed(server, "Hogar Vendido")).toMatchObject({ currency: "P", cost: 12990 })
  })
})
