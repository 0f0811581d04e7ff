import { screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { renderApp } from "../renderApp"
import { startCatalogServer } from "./fakeCatalog"
import { bancoSur, catalog } from "./seed"

const openNew = async () => {
  const server = startCatalogServer(catalog)
  const view = renderApp("/entities/retail/new")
  const form = await screen.findByRole("form", { name: "Datos del canal" })
  return { server, form: within(form), ...view }
}

describe("a channel's form", () => {
  it("checks the RUT by its check digit before sending anything, and shows it formatted", async () => {
    const { server, user, form } = await openNew()
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
    // The new channel's page: its logo and plans can be added now.
    await waitFor(() => expect(window.location.pathname).toMatch(/^\/entities\/retail\/[0-9a-f-]{36}$/))
    expect(await screen.findByRole("heading", { level: 1, name: "Seguros Andes" })).toBeInTheDocument()
    expect(await screen.findByRole("region", { name: "Planes" })).toBeInTheDocument()
  })

  it("says so when the RUT already has a channel, and loads it for editing instead of overwriting it", async () => {
    const { server, user, form } = await openNew()
    await user.type(form.getByRole("textbox", { name: "RUT" }), "76.086.428-5")
    await user.tab()
    expect(await screen.findByText("Este RUT ya tiene un canal")).toBeInTheDocument()
    expect(screen.getByText(/se cargaron sus datos para editarlo/)).toBeInTheDocument()
    expect(window.location.pathname).toBe(`/entities/retail/${bancoSur.id}`)
    const loaded = within(await screen.findByRole("form", { name: "Datos del canal" }))
    expect(loaded.getByRole("textbox", { name: "Nombre" })).toHaveValue("Banco Sur")
    expect(loaded.getByRole("textbox", { name: "RUT" })).toHaveValue("76.086.428-5")
    expect(loaded.getByRole("textbox", { name: "RUT" })).toHaveAttribute("readonly")
    expect(server.writes()).toEqual([])

    // Saving now updates that channel (the server upserts by RUT).
    await user.clear(loaded.getByRole("textbox", { name: "Giro" }))
    await user.type(loaded.getByRole("textbox", { name: "Giro" }), "Banca de personas")
    await user.click(loaded.getByRole("button", { name: "Guardar cambios" }))
    expect(await screen.findByText("Canal actualizado")).toBeInTheDocument()
    expect(server.calls("POST /api/retail/create")[0]!.body).toMatchObject({ rut: "76086428-5", name: "Banco Sur", line: "Banca de personas" })
    expect(server.channels).toHaveLength(2)
  })

  it("looks a RUT up before creating when Guardar comes first, and opens the existing channel", async () => {
    const { server, user, form } = await openNew()
    await user.type(form.getByRole("textbox", { name: "Nombre" }), "Otro nombre")
    await user.type(form.getByRole("textbox", { name: "RUT" }), "760864285{Enter}")
    expect(await screen.findByText("Este RUT ya tiene un canal")).toBeInTheDocument()
    expect(server.writes()).toEqual([])
  })

  it("picks the comuna from the official list by typing, shown with its region", async () => {
    const { server, user, form } = await openNew()
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
    // The comuna travels as its 5-digit CUT code.
    expect(server.calls("POST /api/retail/create")[0]!.body).toMatchObject({ district: "05101", email: "contacto@club.cl" })
  })

  it("edits a channel: the comuna shown from its CUT code (district_id), the fantasy name sent with the rest", async () => {
    const server = startCatalogServer(catalog)
    const { user } = renderApp(`/entities/retail/${bancoSur.id}`)
    const form = within(await screen.findByRole("form", { name: "Datos del canal" }))
    expect(form.getByRole("combobox", { name: "Comuna" })).toHaveValue("Santiago — Metropolitana de Santiago")
    await user.type(form.getByRole("textbox", { name: "Nombre de fantasía" }), "Sur Seguros")
    await user.click(form.getByRole("button", { name: "Guardar cambios" }))
    expect(await screen.findByText("Canal actualizado")).toBeInTheDocument()
    expect(server.calls("POST /api/retail/create")[0]!.body).toMatchObject({ rut: "76086428-5", fantasyName: "Sur Seguros", district: "13101" })
    expect(server.channels.find((c) => c.id === bancoSur.id)).toMatchObject({ fantasyName: "Sur Seguros", district: "Santiago", district_id: "13101" })
  })

  it("shows the server's field messages beside the fields", async () => {
    const { server, user, form } = await openNew()
    server.override.set("POST /api/retail/create", () =>
      new Response(
        JSON.stringify({ _tag: "BadRequest", message: "district: La comuna no existe en la lista oficial", issues: [{ path: ["district"], message: "La comuna no existe en la lista oficial" }] }),
        { status: 400, headers: { "content-type": "application/json" } }
      )
    )
    await user.type(form.getByRole("textbox", { name: "RUT" }), "11.111.111-1")
    await user.type(form.getByRole("textbox", { name: "Nombre" }), "Club Ciclista{Enter}")
    expect(await form.findByText("La comuna no existe en la lista oficial")).toBeInTheDocument()
    expect(form.getByText("No se pudo guardar")).toBeInTheDocument()
  })
})
