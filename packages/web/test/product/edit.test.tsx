import { screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { renderMasters } from "../masters/renderMasters"
import { startProductServer } from "./fakeProducts"

const long = { timeout: 60_000 }

describe("editing a producto", () => {
  it("shows its amounts as es-CL writes them and sends them back exactly", long, async () => {
    const server = startProductServer({
      assistances: [{ family: "Vehicular", name: "Remolque" }],
      products: [{ name: "Auto Plus", family: "Vehicular", currency: "U", cost: "1234.50" as never, minInsuredCompanyPrice: "0.10" as never, term: 36, dueDay: 10 }]
    })
    const remolque = server.assistanceId("Remolque")
    server.products[0] = {
      ...server.products[0]!,
      assistances: [
        { id: remolque, name: "Remolque", section: "Vehicular", assistance_id: remolque, assistance_name: "Remolque", amount: 250000, currency: "P", maximum: 80000, events: 2, lack: 15 }
      ]
    }
    const { user } = renderMasters("/masters/product")
    await user.click(await screen.findByRole("button", { name: "Editar Auto Plus" }))
    const dialog = await screen.findByRole("dialog", { name: "Editar producto" })
    expect(within(dialog).getByRole("radio", { name: "UF" })).toBeChecked()
    expect(within(dialog).getByRole("textbox", { name: "Costo" })).toHaveValue("1.234,50")
    expect(within(dialog).getByRole("textbox", { name: "Precio mínimo empresa por asegurado" })).toHaveValue("0,10")
    expect(within(dialog).getByRole("radio", { name: "36 meses" })).toBeChecked()
    const card = within(dialog).getByRole("group", { name: "Cobertura de Remolque" })
    expect(within(card).getByRole("textbox", { name: "Monto por período" })).toHaveValue("250.000")
    expect(within(card).getByRole("textbox", { name: "Máximo por evento" })).toHaveValue("80.000")

    await user.click(within(dialog).getByRole("button", { name: "Guardar" }))
    expect(await screen.findByText("Producto actualizado")).toBeInTheDocument()
    const [update] = server.catalogCalls(`PUT /api/product/update/${server.productId("Auto Plus")}`)
    expect(update!.body).toMatchObject({
      cost: "1234.50",
      minInsuredCompanyPrice: "0.10",
      currency: "U",
      term: 36,
      dueDay: 10,
      assistances: [{ id: remolque, amount: 250000, currency: "P", maximum: 80000, events: 2, lack: 15 }]
    })
  })

  it("shows the server's refusal to change the currency of a product with plans", long, async () => {
    const server = startProductServer({ products: [{ name: "Hogar Full", currency: "P", cost: 12990 }] })
    server.refuse.set(`PUT /api/product/update/${server.productId("Hogar Full")}`, () =>
      new Response(JSON.stringify({ _tag: "Conflict", message: "No se puede cambiar la moneda de un producto con planes activos" }), {
        status: 409,
        headers: { "content-type": "application/json" }
      })
    )
    const { user } = renderMasters("/masters/product")
    await user.click(await screen.findByRole("button", { name: "Editar Hogar Full" }))
    const dialog = await screen.findByRole("dialog", { name: "Editar producto" })
    await user.click(within(dialog).getByRole("radio", { name: "UF" }))
    const cost = within(dialog).getByRole("textbox", { name: "Costo" })
    await user.clear(cost)
    await user.type(cost, "0,35")
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }))
    expect(await within(dialog).findByText("No se puede cambiar la moneda de un producto con planes activos")).toBeInTheDocument()
  })
})
