import { formatAmount, formatDate, Rut, type SubscriptionDetail } from "@palma/core"
import { screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { admin } from "../accounts"
import { useRealServer } from "../realServer"
import { renderApp } from "../renderApp"
import { customerWithCargas } from "./seed"

const server = useRealServer()

const nameOf = (p: { name: string; paternalLastName: string; maternalLastName: string }) =>
  [p.name, p.paternalLastName, p.maternalLastName].filter((s) => s !== "").join(" ")

/** A demo customer with cargas, opened on their page. */
const openCustomer = async () => {
  await server.signIn(admin.email, admin.password)
  const found = await customerWithCargas(server)
  const opened = renderApp(`/entities/contractor/${found.id}`)
  await screen.findByRole("heading", { level: 1, name: found.name })
  const titular = nameOf(found.titular)
  const card = async () => within(await screen.findByRole("region", { name: `Titular ${titular}` }))
  return { ...opened, ...found, titularName: titular, card }
}

const subscriptionNow = (id: number) => server.api<SubscriptionDetail>("GET", `/api/contractor/getSubscriptionById/${id}`)

describe("A contractor's page", () => {
  it("shows the subscriptions with plan, policy, dates, price and balance, the first one's coverage, titulares and cargas, and the payments", async () => {
    const { user, origins, subscription, titular, card } = await openCustomer()
    const first = origins.origins[0]!
    const subs = within(screen.getByRole("table", { name: "Suscripciones" }))
    expect(subs.getAllByRole("row")).toHaveLength(origins.origins.length + 1)
    const row = within(subs.getByRole("cell", { name: first.policy }).closest("tr")!)
    expect(row.getByRole("cell", { name: first.product.name })).toBeInTheDocument()
    expect(row.getByRole("cell", { name: formatDate(first.dates.init) })).toBeInTheDocument()
    expect(row.getByRole("cell", { name: formatDate(first.dates.end) })).toBeInTheDocument()
    expect(row.getByRole("cell", { name: new RegExp(`^${formatAmount(first.price.value).replace(/[$.]/g, "\\$&")}`) })).toBeInTheDocument()
    expect(row.getByRole("button", { name: `Ver asegurados de la póliza ${first.policy}` })).toHaveAttribute("aria-pressed", "true")

    const shown = within(screen.getByRole("region", { name: `Póliza ${first.policy} · ${first.product.name}` }))
    const coverage = within(shown.getByRole("table", { name: `Cobertura de ${first.product.name}` }))
    for (const a of first.product.assistances) expect(coverage.getByRole("cell", { name: a.name })).toBeInTheDocument()
    const cargas = within((await card()).getByRole("table", { name: `Cargas de ${nameOf(titular)}` }))
    for (const b of titular.beneficiaries) expect(cargas.getByRole("cell", { name: Rut.format(b.rut) })).toBeInTheDocument()
    expect(subscription.insured.length).toBeGreaterThan(0)

    const payments = within(screen.getByRole("table", { name: "Pagos" }))
    expect(payments.getAllByRole("row")).toHaveLength(origins.origins.length + 1)

    const other = origins.origins[1]
    if (other !== undefined) {
      await user.click(subs.getByRole("button", { name: `Ver asegurados de la póliza ${other.policy}` }))
      expect(await screen.findByRole("region", { name: `Póliza ${other.policy} · ${other.product.name}` })).toBeInTheDocument()
      expect(server.calls(`GET /api/contractor/getSubscriptionById/${other.subscription_id}`)).toHaveLength(1)
    }
  })

  it("adds a carga to a titular, validating first; the relationships come from the shared list", async () => {
    const { user, origins, titular, titularName, card } = await openCustomer()
    await user.click((await card()).getByRole("button", { name: `Agregar carga a ${titularName}` }))
    const dialog = within(await screen.findByRole("dialog", { name: `Agregar carga a ${titularName}` }))
    await user.click(dialog.getByRole("button", { name: "Guardar" }))
    expect(await dialog.findByText("Indique el parentesco")).toBeInTheDocument()
    expect(dialog.getAllByText("Este campo es obligatorio")).toHaveLength(2)
    expect(server.calls("POST /api/lead/addBeneficiary")).toEqual([])

    await user.type(dialog.getByRole("textbox", { name: "RUT" }), "24.681.357-4")
    await user.type(dialog.getByRole("textbox", { name: "Nombre" }), "Josefa")
    await user.type(dialog.getByRole("textbox", { name: "Apellido paterno" }), "Araya")
    await user.selectOptions(dialog.getByRole("combobox", { name: "Parentesco" }), "Hijo/a")
    await user.click(dialog.getByRole("button", { name: "Guardar" }))
    expect(await screen.findByText("Carga agregada")).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument())
    const row = within((await (await card()).findByRole("cell", { name: "Josefa Araya" })).closest("tr")!)
    expect(row.getByRole("cell", { name: "Hijo/a" })).toBeInTheDocument()
    expect(server.calls("POST /api/lead/addBeneficiary")[0]!.body).toMatchObject({
      insured_id: titular.id,
      subscription_id: origins.origins[0]!.subscription_id,
      beneficiary_data: { rut: "24681357-4", name: "Josefa", paternalLastName: "Araya" }
    })
    // One shared list for the session, however many dialogs open.
    expect(server.calls("GET /api/relationship/getAll")).toHaveLength(1)
  })

  it("edits a carga and a titular by their ids, sending the version each dialog read", async () => {
    const { user, origins, titular, titularName, card } = await openCustomer()
    const carga = titular.beneficiaries[0]!
    const cargaName = nameOf(carga)
    await user.click((await card()).getByRole("button", { name: `Editar carga ${cargaName}` }))
    const dialog = within(await screen.findByRole("dialog", { name: `Editar carga ${cargaName}` }))
    expect(dialog.getByRole("textbox", { name: "RUT" })).toHaveAttribute("readonly")
    await user.clear(dialog.getByRole("textbox", { name: "Dirección" }))
    await user.type(dialog.getByRole("textbox", { name: "Dirección" }), "Pasaje Los Olmos 45")
    await user.click(dialog.getByRole("button", { name: "Guardar" }))
    expect(await screen.findByText("Carga actualizada")).toBeInTheDocument()
    const [cargaWrite] = server.calls(`PUT /api/beneficiary/update/${carga.id}`)
    expect(cargaWrite!.body).toMatchObject({ rut: Rut.normalize(carga.rut), address: "Pasaje Los Olmos 45" })
    expect(cargaWrite!.headers.get("if-match")).toMatch(/^"\d+"$/)
    const after = await subscriptionNow(origins.origins[0]!.subscription_id)
    expect(after.insured.flatMap((i) => i.beneficiaries).find((b) => b.id === carga.id)?.address).toBe("Pasaje Los Olmos 45")

    await user.click((await card()).getByRole("button", { name: `Editar titular ${titularName}` }))
    const titularDialog = within(await screen.findByRole("dialog", { name: `Editar titular ${titularName}` }))
    await user.clear(titularDialog.getByRole("textbox", { name: "Teléfono" }))
    await user.type(titularDialog.getByRole("textbox", { name: "Teléfono" }), "+56 9 1234 5678")
    await user.click(titularDialog.getByRole("button", { name: "Guardar" }))
    expect(await screen.findByText("Titular actualizado")).toBeInTheDocument()
    expect(server.calls(`PUT /api/insured/update/${titular.id}`)[0]!.body).toMatchObject({ rut: Rut.normalize(titular.rut), phone: "+56 9 1234 5678" })
  })

  it("refuses a titular's save over another user's change (412); Recargar shows the stored data and lists what was typed", async () => {
    const { user, titular, titularName, card } = await openCustomer()
    await user.click((await card()).getByRole("button", { name: `Editar titular ${titularName}` }))
    const dialog = within(await screen.findByRole("dialog", { name: `Editar titular ${titularName}` }))
    const address = dialog.getByRole("textbox", { name: "Dirección" })
    await user.clear(address)
    await user.type(address, "Mi calle 1")
    // Another operator saves first, with the original client's upsert (no If-Match: it wins).
    await server.api("POST", "/api/insured/upsert", { rut: titular.rut, address: "Calle del otro 2" })
    server.requests.length = 0
    await user.click(dialog.getByRole("button", { name: "Guardar" }))
    expect(await dialog.findByText("Otro usuario modificó este registro. Recargue para ver los cambios.")).toBeInTheDocument()
    expect(address).toHaveValue("Mi calle 1")
    expect(await server.api("GET", `/api/insured/getById/${titular.id}`)).toMatchObject({ address: "Calle del otro 2" })

    await user.click(dialog.getByRole("button", { name: "Recargar" }))
    await waitFor(() => expect(dialog.getByRole("textbox", { name: "Dirección" })).toHaveValue("Calle del otro 2"))
    expect(within(dialog.getByRole("list", { name: "Lo que usted escribió" })).getByText("Dirección: Mi calle 1")).toBeInTheDocument()
    await user.clear(dialog.getByRole("textbox", { name: "Dirección" }))
    await user.type(dialog.getByRole("textbox", { name: "Dirección" }), "Mi calle 1")
    await user.click(dialog.getByRole("button", { name: "Guardar" }))
    expect(await screen.findByText("Titular actualizado")).toBeInTheDocument()
    expect(await server.api("GET", `/api/insured/getById/${titular.id}`)).toMatchObject({ address: "Mi calle 1" })
  })

  it("edits the contractor's own data by id with the version read; another user's change in between is a 412 with Recargar", async () => {
    const { user, id, name } = await openCustomer()
    const contractor = await server.api<{ rut: string; type: string; address: string }>("GET", `/api/contractor/getById/${id}`)
    await user.click(within(screen.getByRole("region", { name: "Datos" })).getByRole("button", { name: "Editar datos" }))
    const dialog = within(await screen.findByRole("dialog", { name: "Editar datos del contratante" }))
    expect(dialog.getByRole("textbox", { name: "RUT" })).toHaveAttribute("readonly")
    await user.clear(dialog.getByRole("textbox", { name: "Dirección" }))
    await user.type(dialog.getByRole("textbox", { name: "Dirección" }), "Mi avenida 10")
    // Another admin saves first, with the original client's upsert by RUT (no If-Match: it wins).
    await server.api("POST", "/api/contractor/create", { type: contractor.type, rut: contractor.rut, address: "Avenida del otro 20" })
    server.requests.length = 0
    await user.click(dialog.getByRole("button", { name: "Guardar" }))
    expect(await dialog.findByText("Otro usuario modificó este registro. Recargue para ver los cambios.")).toBeInTheDocument()
    expect(server.calls(`PUT /api/contractor/update/${id}`)[0]?.headers.get("if-match")).toMatch(/^"\d+"$/)

    await user.click(dialog.getByRole("button", { name: "Recargar" }))
    await waitFor(() => expect(dialog.getByRole("textbox", { name: "Dirección" })).toHaveValue("Avenida del otro 20"))
    expect(within(dialog.getByRole("list", { name: "Lo que usted escribió" })).getByText("Dirección: Mi avenida 10")).toBeInTheDocument()
    await user.clear(dialog.getByRole("textbox", { name: "Dirección" }))
    await user.type(dialog.getByRole("textbox", { name: "Dirección" }), "Mi avenida 10")
    await user.click(dialog.getByRole("button", { name: "Guardar" }))
    expect(await screen.findByText("Datos del contratante actualizados")).toBeInTheDocument()
    expect(await within(screen.getByRole("region", { name: "Datos" })).findByText("Mi avenida 10")).toBeInTheDocument()
    expect(await screen.findByRole("heading", { level: 1, name })).toBeInTheDocument()
    expect(await server.api("GET", `/api/contractor/getById/${id}`)).toMatchObject({ address: "Mi avenida 10" })
  })

  it("removes a carga from the subscription only after confirmation", async () => {
    const { user, origins, titular, card } = await openCustomer()
    const carga = titular.beneficiaries[0]!
    const cargaName = nameOf(carga)
    const short = [carga.name, carga.paternalLastName].join(" ")
    await user.click((await card()).getByRole("button", { name: `Quitar carga ${cargaName}` }))
    const dialog = within(await screen.findByRole("dialog", { name: `¿Quitar a ${short}?` }))
    await user.click(dialog.getByRole("button", { name: "Cancelar" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument())
    expect(server.calls("DELETE /api/lead/removeBeneficiary")).toEqual([])

    await user.click((await card()).getByRole("button", { name: `Quitar carga ${cargaName}` }))
    await user.click(within(await screen.findByRole("dialog", { name: `¿Quitar a ${short}?` })).getByRole("button", { name: "Quitar" }))
    expect(await screen.findByText("Carga quitada de la suscripción")).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole("button", { name: `Quitar carga ${cargaName}` })).not.toBeInTheDocument())
    expect(server.calls("DELETE /api/lead/removeBeneficiary")[0]!.body).toEqual({
      insured_id: titular.id,
      beneficiary_id: carga.id,
      subscription_id: origins.origins[0]!.subscription_id
    })
    const after = await subscriptionNow(origins.origins[0]!.subscription_id)
    expect(after.insured.flatMap((i) => i.beneficiaries).map((b) => b.id)).not.toContain(carga.id)
  })

  it("says why a contractor cannot be loaded, and retries", async () => {
    await server.signIn(admin.email, admin.password)
    const { user } = renderApp("/entities/contractor/7b0c1c5e-9d1a-4f4e-8a53-2f0f3c6d9e41")
    expect(await screen.findByText("No se pudo cargar el contratante")).toBeInTheDocument()
    expect(screen.getByText("No se encontró el contratante")).toBeInTheDocument()
    await user.click(screen.getByRole("button", { name: "Reintentar" }))
    expect(await screen.findByText("No se pudo cargar el contratante")).toBeInTheDocument()
  })
})
