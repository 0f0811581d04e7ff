import type { District, Retail } from "@palma/core"
import { screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { useRealServer } from "../realServer"
import { renderApp } from "../renderApp"
import { arranged, austral, retailById, retailNamed, signInAdmin, writes } from "./seed"

const server = useRealServer()

const openNew = async () => {
  await signInAdmin(server)
  arranged(server)
  const view = renderApp("/entities/retail/new")
  const form = await screen.findByRole("form", { name: "Datos del canal" })
  return { form: within(form), ...view }
}

const retails = () => server.api<ReadonlyArray<Retail>>("GET", "/api/retail/getAll")

/** Another admin saves the retail first, through the seed's upsert (no If-Match: it wins); the page's save is then refused (412). */
const saveOverAnotherChange = async (user: Awaited<ReturnType<typeof openNew>>["user"], id: string) => {
  // Asked afresh each time: a page opened by navigation replaces the one that opened it.
  const form = () => within(screen.getByRole("form", { name: "Datos del canal" }))
  await screen.findByRole("form", { name: "Datos del canal" })
  const current = await retailById(server, id)
  await server.api("POST", "/api/retail/create", { ...current, district: current.district_id, line: "Giro del otro" })
  await user.type(form().getByRole("textbox", { name: "Giro" }), "Mi giro")
  await user.click(form().getByRole("button", { name: "Guardar cambios" }))
  // The save goes through the page's machine after the retail is read again: on a loaded machine that takes a while.
  expect(await screen.findByText("Otro usuario modificó este registro. Recargue para ver los cambios.", {}, { timeout: 10_000 })).toBeInTheDocument()
  expect(await retailById(server, id)).toMatchObject({ line: "Giro del otro" })
}

describe("a retail's form", () => {
  it("keeps the version of a retail it just created: a save over another user's change is refused (412)", async () => {
    const { user, form } = await openNew()
    await user.type(form.getByRole("textbox", { name: "RUT" }), "765432103")
    await user.type(form.getByRole("textbox", { name: "Nombre" }), "Seguros Sur")
    await user.click(form.getByRole("button", { name: "Crear canal" }))
    expect(await screen.findByText("Canal creado")).toBeInTheDocument()
    await waitFor(() => expect(window.location.pathname).toMatch(/^\/entities\/retail\/[0-9a-f-]{36}$/))
    // The new retail's own page, opened with the retail as created.
    expect(await screen.findByRole("region", { name: "Planes" })).toBeInTheDocument()
    await saveOverAnotherChange(user, window.location.pathname.split("/").at(-1)!)
  })

  it("keeps the version of a retail found by its RUT: a save over another user's change is refused (412)", async () => {
    // Signed in first: a test must not lean on the session an earlier one left in the page.
    await signInAdmin(server)
    const existing = await retailNamed(server, austral.name)
    const { user, form } = await openNew()
    await user.type(form.getByRole("textbox", { name: "RUT" }), austral.shown)
    await user.tab()
    expect(await screen.findByText("Este RUT ya tiene un canal")).toBeInTheDocument()
    await waitFor(() => expect(window.location.pathname).toBe(`/entities/retail/${existing.id}`))
    await saveOverAnotherChange(user, existing.id)
  })

  it("checks the RUT by its check digit before sending anything, and shows it formatted", async () => {
    const { user, form } = await openNew()
    const rut = form.getByRole("textbox", { name: "RUT" })
    await user.type(rut, "12.345.678-9")
    await user.tab()
    expect(await form.findByText("RUT inválido: revise el número y el dígito verificador")).toBeInTheDocument()
    expect(rut).toHaveAttribute("aria-invalid", "true")
    await user.type(form.getByRole("textbox", { name: "Nombre" }), "Seguros Andes")
    await user.click(form.getByRole("button", { name: "Crear canal" }))
    expect(rut).toHaveFocus()
    // Neither the lookup nor the write was sent.
    expect(server.requests.filter((r) => r.path.startsWith("/api/retail/"))).toEqual([])

    await user.clear(rut)
    await user.type(rut, "123456785")
    await user.tab()
    await waitFor(() => expect(rut).toHaveValue("12.345.678-5"))
    expect(rut).not.toHaveAttribute("aria-invalid", "true")
    await waitFor(() => expect(server.calls("GET /api/retail/getByRut/12345678-5")).toHaveLength(1))

    await user.click(form.getByRole("button", { name: "Crear canal" }))
    expect(await screen.findByText("Canal creado")).toBeInTheDocument()
    // Sent canonical, as the contract writes it.
    expect(server.calls("POST /api/retail/create")).toHaveLength(1)
    // The RUT checked when leaving the field is not looked up again.
    expect(server.calls("GET /api/retail/getByRut/12345678-5")).toHaveLength(1)
    expect(server.calls("POST /api/retail/create")[0]!.body).toMatchObject({ rut: "12345678-5", name: "Seguros Andes", district: null, email: null })
    // The new retail's page: its logo and plans can be added now.
    await waitFor(() => expect(window.location.pathname).toMatch(/^\/entities\/retail\/[0-9a-f-]{36}$/))
    expect(await screen.findByRole("heading", { level: 1, name: "Seguros Andes" })).toBeInTheDocument()
    expect(await screen.findByRole("region", { name: "Planes" })).toBeInTheDocument()
    // The server keeps it under the page's id.
    const id = window.location.pathname.split("/").at(-1)!
    // (The server answers RUTs dotted, as people read them.)
    expect(await retailById(server, id)).toMatchObject({ rut: "12.345.678-5", name: "Seguros Andes", isActive: true })
  })

  it("says so when the RUT already has a retail, and loads it for editing instead of overwriting it", async () => {
    await signInAdmin(server)
    const existing = await retailNamed(server, austral.name)
    const before = (await retails()).length
    const { user, form } = await openNew()
    await user.type(form.getByRole("textbox", { name: "RUT" }), austral.shown)
    await user.tab()
    expect(await screen.findByText("Este RUT ya tiene un canal")).toBeInTheDocument()
    expect(screen.getByText(/se cargaron sus datos para editarlo/)).toBeInTheDocument()
    expect(window.location.pathname).toBe(`/entities/retail/${existing.id}`)
    const loaded = within(await screen.findByRole("form", { name: "Datos del canal" }))
    expect(loaded.getByRole("textbox", { name: "Nombre" })).toHaveValue(austral.name)
    expect(loaded.getByRole("textbox", { name: "RUT" })).toHaveValue(austral.shown)
    expect(loaded.getByRole("textbox", { name: "RUT" })).toHaveAttribute("readonly")
    expect(writes(server)).toEqual([])

    // Saving now updates that retail, by its id.
    await user.clear(loaded.getByRole("textbox", { name: "Giro" }))
    await user.type(loaded.getByRole("textbox", { name: "Giro" }), "Banca de personas")
    await user.click(loaded.getByRole("button", { name: "Guardar cambios" }))
    expect(await screen.findByText("Canal actualizado")).toBeInTheDocument()
    expect(server.calls(`PUT /api/retail/update/${existing.id}`)[0]!.body).toMatchObject({ rut: austral.rut, name: austral.name, line: "Banca de personas" })
    expect(await retailById(server, existing.id)).toMatchObject({ name: austral.name, line: "Banca de personas" })
    // Updated, not a second retail.
    expect(await retails()).toHaveLength(before)
  })

  it("looks a RUT up before creating when Guardar comes first, and opens the existing retail", async () => {
    await signInAdmin(server)
    const existing = await retailNamed(server, "Corredora Pacífico")
    const { user, form } = await openNew()
    await user.type(form.getByRole("textbox", { name: "Nombre" }), "Otro nombre")
    await user.type(form.getByRole("textbox", { name: "RUT" }), "773456704{Enter}")
    expect(await screen.findByText("Este RUT ya tiene un canal")).toBeInTheDocument()
    await waitFor(() => expect(window.location.pathname).toBe(`/entities/retail/${existing.id}`))
    expect(writes(server)).toEqual([])
    expect((await retailById(server, existing.id)).name).toBe("Corredora Pacífico")
  })

  it("picks the comuna from the official list by typing, shown with its region", async () => {
    const { user, form } = await openNew()
    await user.type(form.getByRole("textbox", { name: "RUT" }), "11.111.111-1")
    await user.type(form.getByRole("textbox", { name: "Nombre" }), "Club Ciclista")
    const comuna = form.getByRole("combobox", { name: "Comuna" })
    // Accents and case do not matter.
    await user.type(comuna, "concepcion")
    const options = await screen.findAllByRole("option")
    expect(options.map((o) => o.textContent)).toEqual(["Concepción — Biobío"])
    await user.clear(comuna)
    await user.type(comuna, "valpa")
    await user.click(await screen.findByRole("option", { name: "Valparaíso — Valparaíso" }))
    expect(comuna).toHaveValue("Valparaíso — Valparaíso")
    await user.type(form.getByRole("textbox", { name: "Correo electrónico" }), "contacto@club.cl")
    await user.click(form.getByRole("button", { name: "Crear canal" }))
    expect(await screen.findByText("Canal creado")).toBeInTheDocument()
    // The comuna travels as its 5-digit CUT code; the server answers its name.
    expect(server.calls("POST /api/retail/create")[0]!.body).toMatchObject({ district: "05101", email: "contacto@club.cl" })
    const created = (await retails()).find((c) => c.rut === "11.111.111-1")
    expect(created).toMatchObject({ name: "Club Ciclista", district: "Valparaíso", district_id: "05101", email: "contacto@club.cl" })
  })

  it("edits a retail: the comuna shown from its CUT code (district_id), the fantasy name sent with the rest", async () => {
    await signInAdmin(server)
    // Seeded in Providencia (13123), as "Andes".
    const retail = await retailNamed(server, "Tiendas Andes")
    arranged(server)
    const { user } = renderApp(`/entities/retail/${retail.id}`)
    const form = within(await screen.findByRole("form", { name: "Datos del canal" }))
    await waitFor(() => expect(form.getByRole("combobox", { name: "Comuna" })).toHaveValue("Providencia — Metropolitana de Santiago"))
    expect(form.getByRole("textbox", { name: "Nombre de fantasía" })).toHaveValue("Andes")
    await user.clear(form.getByRole("textbox", { name: "Nombre de fantasía" }))
    await user.type(form.getByRole("textbox", { name: "Nombre de fantasía" }), "Andes Seguros")
    await user.click(form.getByRole("button", { name: "Guardar cambios" }))
    expect(await screen.findByText("Canal actualizado")).toBeInTheDocument()
    // A saved retail is edited by id, with the version it was read at.
    const [sent] = server.calls(`PUT /api/retail/update/${retail.id}`)
    expect(sent!.body).toMatchObject({ rut: "76512340-2", fantasyName: "Andes Seguros", district: "13123" })
    expect(sent!.headers.get("if-match")).toMatch(/^"\d+"$/)
    expect(await retailById(server, retail.id)).toMatchObject({ fantasyName: "Andes Seguros", district: "Providencia", district_id: "13123" })
  })

  it("refuses a save over another user's change (412), and Recargar shows the current data beside what was typed", async () => {
    await signInAdmin(server)
    const retail = await retailNamed(server, "Tiendas Andes")
    const { user } = renderApp(`/entities/retail/${retail.id}`)
    const form = within(await screen.findByRole("form", { name: "Datos del canal" }))
    const line = form.getByRole("textbox", { name: "Giro" })
    await waitFor(() => expect(form.getByRole("textbox", { name: "Nombre" })).toHaveValue("Tiendas Andes"))
    await user.clear(line)
    await user.type(line, "Mi giro")

    // Another admin saves first, through the seed's upsert (no If-Match: it wins).
    const current = await retailById(server, retail.id)
    await server.api("POST", "/api/retail/create", { ...current, district: current.district_id, line: "Giro del otro" })
    await user.click(form.getByRole("button", { name: "Guardar cambios" }))
    expect(await form.findByText("Otro usuario modificó este registro. Recargue para ver los cambios.")).toBeInTheDocument()
    expect(line).toHaveValue("Mi giro")
    expect(await retailById(server, retail.id)).toMatchObject({ line: "Giro del otro" })

    await user.click(form.getByRole("button", { name: "Recargar" }))
    await waitFor(() => expect(form.getByRole("textbox", { name: "Giro" })).toHaveValue("Giro del otro"))
    expect(within(form.getByRole("list", { name: "Lo que usted escribió" })).getByText("Giro: Mi giro")).toBeInTheDocument()
    await user.clear(form.getByRole("textbox", { name: "Giro" }))
    await user.type(form.getByRole("textbox", { name: "Giro" }), "Mi giro")
    await user.click(form.getByRole("button", { name: "Guardar cambios" }))
    expect(await screen.findByText("Canal actualizado")).toBeInTheDocument()
    expect(await retailById(server, retail.id)).toMatchObject({ line: "Mi giro" })
  })

  it("shows the server's field messages beside the fields", async () => {
    // The page offers the comunas the server listed, plus one the official list does not have:
    // choosing it makes the real server refuse the comuna (400 with the field's issue).
    server.override.set("GET /api/district/listAll", async (forward) => {
      const listed = (await (await forward()).json()) as ReadonlyArray<District>
      const made: District = {
        id: "99999",
        district_name: "Atlántida",
        province_name: "Atlántida",
        region_id: "99",
        region_name: "Atlántida",
        region_roman: "XVII"
      }
      return new Response(JSON.stringify([...listed, made]), { status: 200, headers: { "content-type": "application/json" } })
    })
    const { user, form } = await openNew()
    await user.type(form.getByRole("textbox", { name: "RUT" }), "22.222.222-2")
    await user.type(form.getByRole("textbox", { name: "Nombre" }), "Club Náutico")
    await user.type(form.getByRole("combobox", { name: "Comuna" }), "atlantida")
    await user.click(await screen.findByRole("option", { name: "Atlántida — Atlántida" }))
    await user.click(form.getByRole("button", { name: "Crear canal" }))
    // Beside the comuna, and in the alert's summary without the field's internal name ("district: …").
    await waitFor(() => expect(form.getByRole("combobox", { name: "Comuna" })).toHaveAccessibleDescription("La comuna no existe en la lista oficial"))
    expect(form.getByText("No se pudo guardar").closest("[role=alert]")).toHaveTextContent(/^No se pudo guardarLa comuna no existe en la lista oficial$/)
    expect(server.calls("POST /api/retail/create")[0]!.body).toMatchObject({ district: "99999" })
    // Nothing was stored.
    expect((await retails()).map((c) => c.rut)).not.toContain("22.222.222-2")
  })
})
