import type { SpecialistDetail } from "@palma/core"
import { screen, waitFor, within } from "@testing-library/react"
import { beforeAll, describe, expect, it } from "vitest"
import { useRealServer } from "../realServer"
import { createSpecialist, namesIn, openAsAdmin, rutOf } from "./seed"

const server = useRealServer()

const pages = () => server.calls("GET /api/specialist/page")
const lastParams = () => pages().at(-1)!.params

let remote: SpecialistDetail
let onSite: SpecialistDetail

beforeAll(async () => {
  await server.signIn("admin@palma.cl")
  // Two of the test's own, told apart by every filter: specialty, comuna served, remote work.
  remote = await createSpecialist(server, {
    rut: rutOf("23456789"),
    name: "Álvaro",
    paternalLastName: "Ñancupil",
    maternalLastName: "Zúñiga",
    specialties: ["Vidriería"],
    isRemote: true
  })
  onSite = await createSpecialist(server, {
    rut: rutOf("23456790"),
    name: "Beatriz",
    paternalLastName: "Ñancupil",
    maternalLastName: "Oyarzún",
    specialties: ["Carpintería"],
    districts: ["05101", "05109"]
  })
})

describe("Especialistas", () => {
  it("lists the specialists a page at a time from the server, RUT formatted, with what they do and where", async () => {
    await openAsAdmin(server, "/entities/specialist")
    expect(await screen.findByRole("heading", { level: 1, name: "Especialistas" })).toBeInTheDocument()
    const row = within((await screen.findByRole("cell", { name: onSite.rut })).closest("tr")!)
    expect(row.getByRole("link", { name: "Beatriz Ñancupil Oyarzún" })).toHaveAttribute("href", `/entities/specialist/${onSite.id}`)
    expect(row.getByRole("cell", { name: "Carpintería" })).toBeInTheDocument()
    expect(row.getByRole("cell", { name: "2 comunas" })).toBeInTheDocument()
    // The footer counts in es-CL: 60 demo specialists and the two of this file.
    expect(screen.getByText("1–20 de 62")).toBeInTheDocument()
    expect(lastParams().get("pageSize")).toBe("20")
    expect(server.calls("GET /api/specialist/getAll")).toEqual([])
  })

  it("searches on the server by name without accents, and by part of the RUT", async () => {
    const { user } = await openAsAdmin(server, "/entities/specialist")
    await screen.findByRole("table", { name: "Especialistas" })
    const search = screen.getByRole("searchbox", { name: "Buscar" })
    await user.type(search, "nancupil zuniga")
    await waitFor(() => expect(namesIn("Especialistas")).toEqual(["Álvaro Ñancupil Zúñiga"]))
    expect(lastParams().get("search")).toBe("nancupil zuniga")
    expect(new URLSearchParams(window.location.search).get("search")).toBe("nancupil zuniga")

    await user.clear(search)
    await user.type(search, "23.456.79")
    await waitFor(() => expect(namesIn("Especialistas")).toEqual(["Beatriz Ñancupil Oyarzún"]))
  })

  // (A select's clear button is hidden from the accessibility tree: Mantine clears by deselecting too.)
  it("filters by specialty, by comuna served and by remote work, each kept in the URL", async () => {
    const { user } = await openAsAdmin(server, "/entities/specialist?search=ancupil")
    // (In the server's collation order, which this test does not decide.)
    await waitFor(() => expect(new Set(namesIn("Especialistas"))).toEqual(new Set(["Álvaro Ñancupil Zúñiga", "Beatriz Ñancupil Oyarzún"])))

    await user.click(screen.getByRole("combobox", { name: "Filtrar por especialidad" }))
    await user.click(await screen.findByRole("option", { name: "Carpintería" }))
    await waitFor(() => expect(namesIn("Especialistas")).toEqual(["Beatriz Ñancupil Oyarzún"]))
    expect(lastParams().get("specialty_id")).toBe(onSite.specialties[0]!.id)
    await user.click(screen.getByLabelText("Quitar filtro de especialidad"))
    await waitFor(() => expect(namesIn("Especialistas")).toHaveLength(2))

    // A comuna by typing, accents ignored: Viña del Mar is served by Beatriz only.
    await user.type(screen.getByRole("combobox", { name: "Filtrar por comuna" }), "vina")
    await user.click(await screen.findByRole("option", { name: "Viña del Mar — Valparaíso" }))
    await waitFor(() => expect(namesIn("Especialistas")).toEqual(["Beatriz Ñancupil Oyarzún"]))
    expect(lastParams().get("district")).toBe("05109")
    expect(new URLSearchParams(window.location.search).get("district")).toBe("05109")
    await user.click(screen.getByLabelText("Quitar comuna"))
    await waitFor(() => expect(namesIn("Especialistas")).toHaveLength(2))

    await user.click(screen.getByRole("combobox", { name: "Filtrar por atención remota" }))
    await user.click(await screen.findByRole("option", { name: "Con atención remota" }))
    await waitFor(() => expect(namesIn("Especialistas")).toEqual(["Álvaro Ñancupil Zúñiga"]))
    expect(lastParams().get("remote")).toBe("true")
    expect(within(screen.getByRole("table", { name: "Especialistas" })).getByRole("cell", { name: "Remota" })).toBeInTheDocument()
    expect(remote.isRemote).toBe(true)
  })

  it("says when nothing matches, and clears the search and filters", async () => {
    const { user } = await openAsAdmin(server, "/entities/specialist?search=ancupil&remote=false&specialty_id=" + remote.specialties[0]!.id)
    expect(await screen.findByText("Ningún registro coincide con la búsqueda o el filtro.")).toBeInTheDocument()
    await user.click(screen.getByRole("button", { name: "Limpiar filtros" }))
    await waitFor(() => expect(window.location.search).toBe(""))
    expect(await screen.findByText("1–20 de 62")).toBeInTheDocument()
  })

  it("says why the list failed, and loads it again on Reintentar", async () => {
    server.override.set("GET /api/specialist/page", () => new Response(JSON.stringify({ message: "boom" }), { status: 500 }))
    const { user } = await openAsAdmin(server, "/entities/specialist")
    expect(await screen.findByText("No se pudo cargar la lista")).toBeInTheDocument()
    server.override.clear()
    await user.click(screen.getByRole("button", { name: "Reintentar" }))
    expect(await screen.findByText("1–20 de 62")).toBeInTheDocument()
  })
})
