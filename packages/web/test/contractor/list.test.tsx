import { screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { admin } from "../accounts"
import { useRealServer } from "../realServer"
import { renderApp } from "../renderApp"
import { openAs } from "../signedIn"
import { contractors } from "./seed"

const server = useRealServer()

const table = () => within(screen.getByRole("table", { name: "Contratantes" }))
const rows = () => table().getAllByRole("row").slice(1)
const column = (i: number) => rows().map((row) => within(row).getAllByRole("cell")[i]!.textContent)
const params = () => new URLSearchParams(window.location.search)

describe("Contratantes", () => {
  it("lists contractors 20 a page with their type, dotted RUT and policies in force, and pages through them", async () => {
    await server.signIn(admin.email, admin.password)
    const all = await contractors(server)
    const { user } = renderApp("/entities/contractor")
    expect(await screen.findByRole("heading", { level: 1, name: "Contratantes" })).toBeInTheDocument()
    await waitFor(() => expect(rows()).toHaveLength(20))
    expect(column(1)).toEqual(all.slice(0, 20).map((c) => c.rut))
    expect(column(0).every((t) => t === "Persona" || t === "Empresa")).toBe(true)
    expect(screen.getByText(`1–20 de ${new Intl.NumberFormat("es-CL").format(all.length)}`)).toBeInTheDocument()
    const first = all[0]!
    // Names repeat in the demo data (two companies may share a razón social): the first row's link.
    expect(within(rows()[0]!).getByRole("link", { name: first.name })).toHaveAttribute("href", `/entities/contractor/${first.id}`)

    await user.click(screen.getByRole("button", { name: "Página 2" }))
    await waitFor(() => expect(column(1)).toEqual(all.slice(20, 40).map((c) => c.rut)))
    expect(params().get("page")).toBe("2")
  })

  it("filters by type, by name without accents, by RUT start and by a policy in force, keeping the filters in the URL", async () => {
    const { user } = await openAs(server, admin, "/entities/contractor")
    await waitFor(() => expect(rows()).toHaveLength(20))

    await user.selectOptions(screen.getByRole("combobox", { name: "Tipo" }), "Empresa")
    await waitFor(() => expect(new Set(column(0))).toEqual(new Set(["Empresa"])))
    expect(params().get("type")).toBe("C")
    // One page at a time, counted on the server (Palma's contractor/page beside the seed's getAll).
    const asked = server.calls("GET /api/contractor/page").at(-1)!.params
    expect([asked.get("contractorType"), asked.get("page"), asked.get("pageSize")]).toEqual(["C", "1", "20"])

    const companies = await contractors(server, { contractorType: "C" })
    const accented = companies.find((c) => /[áéíóúñ]/i.test(c.name)) ?? companies[0]!
    const word = accented.name.split(" ").find((w) => /[áéíóúñ]/i.test(w)) ?? accented.name.split(" ")[0]!
    const typed = word.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase()
    await user.type(screen.getByRole("searchbox", { name: "Nombre" }), typed)
    await waitFor(() => expect(params().get("name")).toBe(typed))
    const folded = (t: string | null) => (t ?? "").normalize("NFD").replace(/\p{M}/gu, "").toLowerCase()
    await waitFor(() => expect(column(2).every((name) => folded(name).includes(typed))).toBe(true))
    expect(column(2)).toContain(accented.name)

    await user.selectOptions(screen.getByRole("combobox", { name: "Tipo" }), "Todos")
    await user.clear(screen.getByRole("searchbox", { name: "Nombre" }))
    const some = (await contractors(server))[5]!
    await user.type(screen.getByRole("searchbox", { name: "RUT" }), some.rut.slice(0, 6))
    await waitFor(() => expect(column(1).every((rut) => rut!.startsWith(some.rut.slice(0, 6)))).toBe(true))
    expect(column(1)).toContain(some.rut)

    await user.clear(screen.getByRole("searchbox", { name: "RUT" }))
    await user.click(screen.getByRole("checkbox", { name: "Solo con póliza vigente" }))
    await waitFor(() => expect(params().get("active")).toBe("1"))
    await waitFor(() => expect(column(5).every((n) => Number(n) > 0)).toBe(true))
  })

  it("says when nothing matches and clears the search", async () => {
    const { user } = await openAs(server, admin, "/entities/contractor?name=nadie-se-llama-asi")
    expect(await screen.findByText("No se encontraron contratantes")).toBeInTheDocument()
    await user.click(screen.getByRole("button", { name: "Limpiar búsqueda" }))
    await waitFor(() => expect(rows()).toHaveLength(20))
    expect(window.location.search).toBe("")
  })

  it("shows the server's failure with a retry", async () => {
    server.override.set("GET /api/contractor/page", () => new Response(JSON.stringify({ message: "Servicio no disponible" }), { status: 503 }))
    const { user } = await openAs(server, admin, "/entities/contractor")
    expect(await screen.findByText("No se pudo buscar contratantes")).toBeInTheDocument()
    server.override.delete("GET /api/contractor/page")
    await user.click(screen.getByRole("button", { name: "Reintentar" }))
    await waitFor(() => expect(rows()).toHaveLength(20))
  })
})
