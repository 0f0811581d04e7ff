import { screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { providePromiseWithResolvers } from "../product/withResolvers"
import { useRealServer } from "../realServer"
import { renderApp } from "../renderApp"
import { arranged, austral, retailNamed, retailWithPlans, plansOf, productNamed, signInAdmin, writes } from "./seed"

const server = useRealServer()

/** The retail's page, at its plans. */
const openPlans = async (retailId: string, options?: Parameters<typeof renderApp>[1]) => {
  arranged(server)
  const view = renderApp(`/entities/retail/${retailId}`, options)
  const table = await screen.findByRole("table", { name: "Planes del canal" })
  return { table: within(table), ...view }
}

/**
 * A retail of the test's own selling Asistencia Hogar and Asistencia Integral (see seed.ts),
 * open on its page: what one test changes no other sees.
 */
const openOwnPlans = async (rut: string, name: string) => {
  await signInAdmin(server)
  const own = await retailWithPlans(server, rut, name)
  return { ...own, ...(await openPlans(own.retail.id)) }
}

const rowOf = (table: ReturnType<typeof within>, product: string) => within(table.getByRole("cell", { name: product }).closest("tr")!)

describe("a retail's plans", () => {
  it("lists each plan with its prices in the product's currency", async () => {
    await signInAdmin(server)
    // The seeded retail's plans (demoChannels.ts); no test of this file changes them.
    const retail = await retailNamed(server, austral.name)
    const { table } = await openPlans(retail.id, { strict: false })
    const hogar = rowOf(table, "Asistencia Hogar")
    expect(
      hogar
        .getAllByRole("cell")
        .map((c) => c.textContent)
        .slice(0, 5)
    ).toEqual(["Asistencia Hogar", "Pesos", "$3.490", "$2.490", "$38.390"])
    const integral = rowOf(table, "Asistencia Integral")
    expect(
      integral
        .getAllByRole("cell")
        .map((c) => c.textContent)
        .slice(0, 5)
    ).toEqual(["Asistencia Integral", "UF", "UF 0,45", "UF 0,30", "UF 4,95"])
    expect(table.queryByRole("cell", { name: "Asistencia Mascota" })).not.toBeInTheDocument()
    // The plans are the retail's products as its page read them: the page reads the retail once.
    expect(screen.getByRole("heading", { level: 1, name: austral.name })).toBeInTheDocument()
    expect(server.calls(`GET /api/retail/getById/${retail.id}`)).toHaveLength(1)
  })

  it("adds a plan in pesos: the prices travel as whole pesos", async () => {
    const { retail, user, table } = await openOwnPlans("76666666-3", "Canal Nuevo Plan")
    const mascota = await productNamed(server, "Asistencia Mascota")
    await user.click(screen.getByRole("button", { name: "Agregar plan" }))
    const dialog = within(await screen.findByRole("dialog", { name: "Agregar plan" }))
    const productPicker = dialog.getByRole("combobox", { name: "Producto" })
    await user.click(productPicker)
    // Products the retail already sells are not offered again.
    expect((await screen.findAllByRole("option")).map((o) => o.textContent)).toEqual(["Asistencia Mascota · Pesos"])
    await user.click(screen.getByRole("option", { name: "Asistencia Mascota · Pesos" }))

    // Decimals are refused in pesos before anything is sent.
    await user.type(dialog.getByRole("textbox", { name: "Precio cliente" }), "12.990,5")
    await user.type(dialog.getByRole("textbox", { name: "Precio empresa" }), "10000")
    await user.type(dialog.getByRole("textbox", { name: "Precio anual" }), "$ 129.900")
    await user.click(dialog.getByRole("button", { name: "Guardar" }))
    expect(await dialog.findByText("En pesos el precio no lleva decimales")).toBeInTheDocument()
    expect(writes(server)).toEqual([])

    await user.clear(dialog.getByRole("textbox", { name: "Precio cliente" }))
    await user.type(dialog.getByRole("textbox", { name: "Precio cliente" }), "12.990")
    await user.click(dialog.getByRole("button", { name: "Guardar" }))
    expect(await screen.findByText("Plan agregado")).toBeInTheDocument()
    expect(writes(server).map((r) => [r.path, r.body])).toEqual([
      ["/api/product/assignPrices", { id: mascota.id, agent_id: retail.id, customerprice: 12990, companyprice: 10000, yearlyprice: 129900 }]
    ])
    await waitFor(() => expect(table.getByRole("cell", { name: "Asistencia Mascota" })).toBeInTheDocument())
    expect(rowOf(table, "Asistencia Mascota").getByRole("cell", { name: "$12.990" })).toBeInTheDocument()
    // The server keeps the plan at those prices.
    expect((await plansOf(server, retail.id)).find((p) => p.id === mascota.id)).toMatchObject({
      customerPrice: 12990,
      companyPrice: 10000,
      yearlyPrice: 129900
    })
  })

  it("changes the prices of a UF plan: they travel as two-decimal texts", async () => {
    const { retail, integral, integralPlan, user, table } = await openOwnPlans("76777777-9", "Canal Precios UF")
    await user.click(screen.getByRole("button", { name: "Cambiar precios de Asistencia Integral" }))
    const dialog = within(await screen.findByRole("dialog", { name: "Cambiar precios de Asistencia Integral" }))
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
    // Repriced by the plan's id (with the version the dialog read), not by the product's upsert.
    expect(writes(server).map((r) => [r.path, r.body])).toEqual([
      [`/api/product/updatePlan/${integralPlan.id}`, { customerprice: "1.50", companyprice: "0.90", yearlyprice: "1015.00" }]
    ])
    expect(server.calls(`PUT /api/product/updatePlan/${integralPlan.id}`)[0]!.headers.get("if-match")).toMatch(/^"\d+"$/)
    await waitFor(() => expect(rowOf(table, "Asistencia Integral").getByRole("cell", { name: "UF 1,50" })).toBeInTheDocument())
    expect(rowOf(table, "Asistencia Integral").getByRole("cell", { name: "UF 1.015,00" })).toBeInTheDocument()
    expect((await plansOf(server, retail.id)).find((p) => p.id === integral.id)).toMatchObject({
      customerPrice: "1.50",
      companyPrice: "0.90",
      yearlyPrice: "1015.00"
    })
  })

  it("refuses a reprice over another user's change (412); Recargar shows the stored prices and lists what was typed", async () => {
    const { retail, hogar, hogarPlan, user } = await openOwnPlans("77222222-K", "Canal Precios Concurridos")
    await user.click(screen.getByRole("button", { name: "Cambiar precios de Asistencia Hogar" }))
    const dialog = within(await screen.findByRole("dialog", { name: "Cambiar precios de Asistencia Hogar" }))
    const customer = dialog.getByRole("textbox", { name: "Precio cliente" })
    await user.clear(customer)
    await user.type(customer, "15.000")
    // Another admin reprices first, with the original client's call (no If-Match: it wins).
    await server.api("POST", "/api/product/assignPrices", { id: hogar.id, agent_id: retail.id, customerprice: 13990, companyprice: 10000, yearlyprice: 120000 })
    arranged(server)
    await user.click(dialog.getByRole("button", { name: "Guardar" }))
    expect(await dialog.findByText("Otro usuario modificó este registro. Recargue para ver los cambios.")).toBeInTheDocument()
    expect(customer).toHaveValue("15.000")
    expect((await plansOf(server, retail.id)).find((p) => p.productPlan_id === hogarPlan.id)).toMatchObject({ customerPrice: 13990 })

    await user.click(dialog.getByRole("button", { name: "Recargar" }))
    await waitFor(() => expect(dialog.getByRole("textbox", { name: "Precio cliente" })).toHaveValue("13.990"))
    expect(within(dialog.getByRole("list", { name: "Lo que usted escribió" })).getByText("Precio cliente: 15.000")).toBeInTheDocument()
    await user.clear(dialog.getByRole("textbox", { name: "Precio cliente" }))
    await user.type(dialog.getByRole("textbox", { name: "Precio cliente" }), "15.000")
    await user.click(dialog.getByRole("button", { name: "Guardar" }))
    expect(await screen.findByText("Precios actualizados")).toBeInTheDocument()
    expect((await plansOf(server, retail.id)).find((p) => p.productPlan_id === hogarPlan.id)).toMatchObject({ customerPrice: 15000 })
  })

  it("refuses a UF price with more than two decimals before sending it", async () => {
    const { user } = await openOwnPlans("76888888-4", "Canal UF Inválida")
    await user.click(screen.getByRole("button", { name: "Cambiar precios de Asistencia Integral" }))
    const dialog = within(await screen.findByRole("dialog", { name: "Cambiar precios de Asistencia Integral" }))
    await user.clear(dialog.getByRole("textbox", { name: "Precio cliente" }))
    await user.type(dialog.getByRole("textbox", { name: "Precio cliente" }), "1,255")
    await user.click(dialog.getByRole("button", { name: "Guardar" }))
    expect(await dialog.findByText("Precio en UF inválido: use hasta 2 decimales, p. ej. 1,25")).toBeInTheDocument()
    expect(writes(server)).toEqual([])
  })

  it("removes a plan only after confirmation", async () => {
    const { retail, hogarPlan, user, table } = await openOwnPlans("76999999-K", "Canal Quita Plan")
    await user.click(screen.getByRole("button", { name: "Quitar plan Asistencia Hogar" }))
    let dialog = within(await screen.findByRole("dialog", { name: "¿Quitar el plan Asistencia Hogar?" }))
    expect(dialog.getByRole("button", { name: "Cancelar" })).toHaveFocus()
    await user.click(dialog.getByRole("button", { name: "Cancelar" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument())
    expect(writes(server)).toEqual([])

    await user.click(screen.getByRole("button", { name: "Quitar plan Asistencia Hogar" }))
    dialog = within(await screen.findByRole("dialog", { name: "¿Quitar el plan Asistencia Hogar?" }))
    await user.click(dialog.getByRole("button", { name: "Quitar plan" }))
    expect(await screen.findByText("Plan quitado")).toBeInTheDocument()
    expect(writes(server).map((r) => `${r.method} ${r.path}`)).toEqual([`DELETE /api/product/deletePlan/${hogarPlan.id}`])
    await waitFor(() => expect(table.queryByRole("cell", { name: "Asistencia Hogar" })).not.toBeInTheDocument())
    expect(table.getByRole("cell", { name: "Asistencia Integral" })).toBeInTheDocument()
    expect((await plansOf(server, retail.id)).map((p) => p.name)).toEqual(["Asistencia Integral"])
  })

  it("shows the server's message when the plan cannot be removed, and keeps it", async () => {
    const { hogarPlan, user, table } = await openOwnPlans("77111111-4", "Canal Plan Ido")
    // Removed elsewhere after the page loaded it: the server no longer has it to remove.
    await server.api("DELETE", `/api/product/deletePlan/${hogarPlan.id}`)
    arranged(server)
    await user.click(screen.getByRole("button", { name: "Quitar plan Asistencia Hogar" }))
    const dialog = within(await screen.findByRole("dialog", { name: "¿Quitar el plan Asistencia Hogar?" }))
    await user.click(dialog.getByRole("button", { name: "Quitar plan" }))
    expect(await dialog.findByText("No se pudo quitar el plan")).toBeInTheDocument()
    expect(dialog.getByText("No se encontró el plan")).toBeInTheDocument()
    expect(server.calls(`DELETE /api/product/deletePlan/${hogarPlan.id}`)).toHaveLength(1)
    expect(table.getByRole("cell", { name: "Asistencia Hogar" })).toBeInTheDocument()
  })

  describe("contracts", () => {
    providePromiseWithResolvers()

    it("opens a plan's contract in a dialog", async () => {
      await signInAdmin(server)
      const retail = await retailNamed(server, austral.name)
      const plan = (await plansOf(server, retail.id)).find((p) => p.name === "Asistencia Integral")!
      const { user } = await openPlans(retail.id)
      await user.click(screen.getByRole("button", { name: "Ver contrato de Asistencia Integral" }))
      const dialog = within(await screen.findByRole("dialog", { name: "Contrato de Asistencia Integral" }))
      // The plan's real contract (a PDF the server draws) reaches the viewer; pdf.js cannot draw
      // in happy-dom, so this checks its frame, not the page.
      expect(await dialog.findByRole("region", { name: "Contrato Asistencia Integral" }, { timeout: 20_000 })).toBeInTheDocument()
      expect(server.calls(`GET /api/product/getContract/${plan.productPlan_id}`)).toHaveLength(1)
      expect(screen.getByRole("heading", { level: 1, name: austral.name })).toBeInTheDocument()
      await user.click(dialog.getByRole("button", { name: "Cerrar" }))
      await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument())
    })
  })
})
