import { screen, within } from "@testing-library/react"
import type { UserEvent } from "@testing-library/user-event"
import { describe, expect, it } from "vitest"
import { pick } from "../assistance/openForm"
import { useRealServer } from "../realServer"
import { renderApp } from "../renderApp"
import { arranged, assistanceId, familyId, productNamed, signInAdmin } from "../retail/seed"

const server = useRealServer()

const openNew = async () => {
  await signInAdmin(server)
  arranged(server)
  const view = renderApp("/masters/product")
  await screen.findByRole("cell", { name: "Asistencia Hogar" })
  await view.user.click(screen.getByRole("button", { name: "Nuevo producto" }))
  const dialog = await screen.findByRole("dialog", { name: "Nuevo producto" })
  return { dialog, ...view }
}

const fill = async (user: UserEvent, scope: HTMLElement, name: string, text: string) => {
  const input = within(scope).getByRole("textbox", { name })
  await user.clear(input)
  await user.type(input, text)
  await user.tab()
  return input
}

describe("creating a producto", () => {
  it("sends UF as a two-decimal string and pesos as an integer, with every field", async () => {
    const { dialog, user } = await openNew()
    await pick(user, dialog, "Familia", "Hogar")
    await fill(user, dialog, "Nombre", "Hogar Full")
    await fill(user, dialog, "Título", "Hogar protegido")
    await fill(user, dialog, "Subtítulo", "Todo el año")
    await fill(user, dialog, "Alianza", "Banco Hogar")

    // A new product is monthly and in pesos until told otherwise.
    expect(within(dialog).getByRole("radio", { name: "Mensual" })).toBeChecked()
    expect(within(dialog).getByRole("radio", { name: "Pesos (CLP)" })).toBeChecked()
    await user.click(within(dialog).getByRole("radio", { name: "UF" }))
    expect(await fill(user, dialog, "Costo", "1,25")).toHaveValue("1,25")
    expect(await fill(user, dialog, "Precio mínimo empresa por asegurado", "0,5")).toHaveValue("0,50")
    expect(await fill(user, dialog, "Costo por carga", "0,15")).toHaveValue("0,15")
    await user.click(within(dialog).getByRole("radio", { name: "Anual" }))
    await user.click(within(dialog).getByRole("radio", { name: "24 meses" }))
    await fill(user, dialog, "Día de pago", "5")
    await fill(user, dialog, "Cargas permitidas", "3")
    await user.click(within(dialog).getByRole("checkbox", { name: "Afecto a IVA" }))
    await fill(user, dialog, "Descripción", "Asistencia para el hogar")
    await fill(user, dialog, "Descripción promocional", "El hogar cubierto")
    await fill(user, dialog, "Ámbito territorial", "Todo Chile")
    await fill(user, dialog, "Condiciones de contratación", "Mayores de 18")

    // The product's family comes first among the seeded assistances; the other families follow
    // by name, and their services may be added too.
    await user.click(within(dialog).getByRole("combobox", { name: "Agregar servicio" }))
    expect(
      within(screen.getByRole("listbox"))
        .getAllByRole("option")
        .map((o) => o.textContent)
    ).toEqual([
      "Cerrajería",
      "Electricidad",
      "Gasfitería",
      "Vidriería",
      "Traslado de bicicleta",
      "Apoyo escolar",
      "Consulta veterinaria",
      "Urgencia veterinaria",
      "Enfermería a domicilio",
      "Telemedicina",
      "Auxilio mecánico",
      "Grúa"
    ])
    expect(screen.getByRole("listbox")).toHaveTextContent(/^Hogar.*Ciclista.*Escolar.*Mascotas.*Salud.*Vehicular/)
    await user.click(await screen.findByRole("option", { name: "Gasfitería" }))
    await pick(user, dialog, "Agregar servicio", "Grúa")

    const gasfiteria = within(dialog).getByRole("group", { name: "Cobertura de Gasfitería" })
    // A coverage starts in the product's currency; this one is paid in pesos.
    expect(within(gasfiteria).getByRole("combobox", { name: "Moneda" })).toHaveValue("U")
    await user.selectOptions(within(gasfiteria).getByRole("combobox", { name: "Moneda" }), "P")
    expect(await fill(user, gasfiteria, "Monto por período", "500000")).toHaveValue("500.000")
    expect(await fill(user, gasfiteria, "Máximo por evento", "$ 150.000")).toHaveValue("150.000")
    await fill(user, gasfiteria, "Eventos por período", "3")
    await fill(user, gasfiteria, "Carencia (días)", "30")

    const grua = within(dialog).getByRole("group", { name: "Cobertura de Grúa" })
    await fill(user, grua, "Monto por período", "3")
    expect(within(grua).getByRole("textbox", { name: "Monto por período" })).toHaveValue("3,00")
    await fill(user, grua, "Máximo por evento", "1.5")
    expect(within(grua).getByRole("textbox", { name: "Máximo por evento" })).toHaveValue("1,50")

    await user.click(within(dialog).getByRole("button", { name: "Guardar" }))
    expect(await screen.findByText("Producto creado")).toBeInTheDocument()
    const coverage = [
      { id: await assistanceId(server, "Gasfitería"), amount: 500000, currency: "P", maximum: 150000, events: 3, lack: 30 },
      { id: await assistanceId(server, "Grúa"), amount: "3.00", currency: "U", maximum: "1.50", events: 1, lack: 0 }
    ]
    const fields = {
      family_id: await familyId(server, "Hogar"),
      name: "Hogar Full",
      cost: "1.25",
      dynamiccharge: "0.15",
      isSubject: true,
      frequency: "A",
      term: 24,
      beneficiaries: 3,
      currency: "U",
      dueDay: 5,
      minInsuredCompanyPrice: "0.50",
      title: "Hogar protegido",
      subTitle: "Todo el año",
      alias: "Banco Hogar",
      promotional: "El hogar cubierto",
      description: "Asistencia para el hogar",
      territorialScope: "Todo Chile",
      hiringConditions: "Mayores de 18"
    }
    expect(server.calls("POST /api/product/create").map((r) => r.body)).toEqual([{ ...fields, assistances: coverage }])
    // The server stored every field as sent, amounts exact.
    expect(await productNamed(server, "Hogar Full")).toMatchObject({ ...fields, family_name: "Hogar", assistances: coverage, isActive: true })
    const row = (await screen.findByRole("cell", { name: "Hogar Full" })).closest("tr")!
    expect(within(row).getByRole("cell", { name: "UF 1,25" })).toBeInTheDocument()
  })

  it("refuses UF with more than two decimals and pesos with decimals before sending", async () => {
    const { dialog, user } = await openNew()
    await pick(user, dialog, "Familia", "Hogar")
    await fill(user, dialog, "Nombre", "Hogar Full")
    await fill(user, dialog, "Costo", "12,5")
    expect(within(dialog).getByRole("textbox", { name: "Costo" })).toHaveAccessibleDescription(
      expect.stringContaining("En pesos el monto es un número entero, sin decimales")
    )
    await user.click(within(dialog).getByRole("radio", { name: "UF" }))
    await fill(user, dialog, "Costo", "1,255")
    expect(within(dialog).getByRole("textbox", { name: "Costo" })).toHaveValue("1,255")
    expect(within(dialog).getByText("En UF el monto lleva exactamente 2 decimales, p. ej. 1,25")).toBeInTheDocument()

    await user.click(within(dialog).getByRole("button", { name: "Guardar" }))
    expect(within(dialog).getByRole("textbox", { name: "Costo" })).toHaveAttribute("aria-invalid", "true")
    expect(within(dialog).getAllByText("Este campo es obligatorio").length).toBeGreaterThan(0)
    expect(server.calls("POST /api/product/create")).toEqual([])

    // The coverage's maximum cannot be over its amount: the contract's own message, on the field.
    await pick(user, dialog, "Agregar servicio", "Cerrajería")
    const card = within(dialog).getByRole("group", { name: "Cobertura de Cerrajería" })
    await fill(user, card, "Monto por período", "1,00")
    await fill(user, card, "Máximo por evento", "2,00")
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }))
    expect(await within(card).findByText("El máximo por evento no puede superar el monto del período")).toBeInTheDocument()
    await user.click(within(card).getByRole("button", { name: "Quitar Cerrajería" }))
    expect(within(dialog).queryByRole("group", { name: "Cobertura de Cerrajería" })).not.toBeInTheDocument()
    expect(server.calls("POST /api/product/create")).toEqual([])
  })
})
