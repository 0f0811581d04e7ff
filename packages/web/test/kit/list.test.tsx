import { screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { json, type MasterServer, startMasterServer } from "../masters/fakeMasters"
import { renderMasters, urlParams } from "../masters/renderMasters"

const families = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `Familia ${String(i + 1).padStart(2, "0")}` }))
const rowNames = () =>
  within(screen.getByRole("table", { name: "Familias" }))
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell")[0]!.textContent)
const lastPage = (server: MasterServer) => server.calls("GET /api/family/page").at(-1)!.params

describe("resource list", () => {
  it("shows a loading state, then the rows of the first page with the count", async () => {
    const server = startMasterServer({ family: [{ name: "Hogar" }, { name: "Salud" }] })
    let release = () => {}
    server.hold = new Promise((resolve) => (release = resolve))
    renderMasters("/masters/family")
    expect(await screen.findByRole("heading", { name: "Familias" })).toBeInTheDocument()
    expect(await screen.findByText("Cargando registros…")).toBeInTheDocument()
    server.hold = null
    release()
    expect(await screen.findByRole("cell", { name: "Hogar" })).toBeInTheDocument()
    expect(rowNames()).toEqual(["Hogar", "Salud"])
    expect(screen.getByText("1–2 de 2")).toBeInTheDocument()
    expect(screen.queryByText("Cargando registros…")).not.toBeInTheDocument()
    expect(lastPage(server).get("page")).toBe("1")
    expect(lastPage(server).get("pageSize")).toBe("20")
  })

  it("searches on the server and keeps the search in the URL", async () => {
    const server = startMasterServer({ family: [{ name: "Hogar" }, { name: "Salud" }, { name: "Mascotas" }] })
    const { user } = renderMasters("/masters/family")
    await screen.findByRole("cell", { name: "Hogar" })
    await user.type(screen.getByRole("searchbox", { name: "Buscar" }), "sal")
    await waitFor(() => expect(rowNames()).toEqual(["Salud"]))
    expect(urlParams().get("search")).toBe("sal")
    expect(lastPage(server).get("search")).toBe("sal")
    // Typing waits for a pause: one request for the whole word, not one per key.
    expect(server.calls("GET /api/family/page").filter((r) => r.params.has("search"))).toHaveLength(1)
  })

  it("starts from the filters in the URL", async () => {
    const server = startMasterServer({ family: families(25) })
    renderMasters("/masters/family?search=Familia&sort=name&order=desc&page=2&pageSize=10")
    await screen.findByRole("cell", { name: "Familia 15" })
    expect(rowNames()[0]).toBe("Familia 15")
    expect(screen.getByRole("searchbox", { name: "Buscar" })).toHaveValue("Familia")
    // Every request asked for the URL's page (StrictMode may start the first load twice).
    for (const { params } of server.calls("GET /api/family/page"))
      expect(Object.fromEntries(params)).toEqual({ search: "Familia", sort: "name", order: "desc", page: "2", pageSize: "10" })
  })

  it("sorts by a column header, toggling the direction", async () => {
    const server = startMasterServer({ family: [{ name: "Hogar" }, { name: "Salud" }, { name: "Auto" }] })
    const { user } = renderMasters("/masters/family")
    await screen.findByRole("cell", { name: "Hogar" })
    const header = () => screen.getByRole("columnheader", { name: "Nombre" })
    expect(header()).toHaveAttribute("aria-sort", "ascending")
    expect(rowNames()).toEqual(["Auto", "Hogar", "Salud"])

    await user.click(within(header()).getByRole("button", { name: "Nombre" }))
    await waitFor(() => expect(rowNames()).toEqual(["Salud", "Hogar", "Auto"]))
    expect(header()).toHaveAttribute("aria-sort", "descending")
    expect(urlParams().get("order")).toBe("desc")
    expect(lastPage(server).get("order")).toBe("desc")

    await user.click(within(header()).getByRole("button", { name: "Nombre" }))
    await waitFor(() => expect(rowNames()).toEqual(["Auto", "Hogar", "Salud"]))
    expect(urlParams().has("order")).toBe(false)
    expect(lastPage(server).get("order")).toBe("asc")
  })

  it("paginates on the server, with a page size", async () => {
    const server = startMasterServer({ family: families(25) })
    const { user } = renderMasters("/masters/family")
    await screen.findByRole("cell", { name: "Familia 01" })
    expect(rowNames()).toHaveLength(20)
    expect(screen.getByText("1–20 de 25")).toBeInTheDocument()

    await user.click(screen.getByRole("button", { name: "Página siguiente" }))
    await screen.findByRole("cell", { name: "Familia 21" })
    expect(rowNames()).toHaveLength(5)
    expect(screen.getByText("21–25 de 25")).toBeInTheDocument()
    expect(urlParams().get("page")).toBe("2")
    expect(lastPage(server).get("page")).toBe("2")
    expect(screen.getByRole("button", { name: "Página 2" })).toHaveAttribute("aria-current", "page")

    await user.selectOptions(screen.getByLabelText("Filas por página"), "10")
    await waitFor(() => expect(rowNames()).toHaveLength(10))
    expect(urlParams().get("pageSize")).toBe("10")
    expect(urlParams().has("page")).toBe(false)
    expect(lastPage(server).get("pageSize")).toBe("10")
    expect(screen.getByRole("button", { name: "Página 3" })).toBeInTheDocument()

    await user.click(screen.getByRole("button", { name: "Última página" }))
    await screen.findByRole("cell", { name: "Familia 25" })
    expect(urlParams().get("page")).toBe("3")
  })

  it("says when there is nothing, and offers to create", async () => {
    startMasterServer()
    const { user } = renderMasters("/masters/family")
    expect(await screen.findByText("No hay registros")).toBeInTheDocument()
    await user.click(screen.getByRole("button", { name: "Crear familia" }))
    expect(await screen.findByRole("dialog", { name: "Nueva familia" })).toBeInTheDocument()
  })

  it("says when a search finds nothing, and clears it", async () => {
    startMasterServer({ family: [{ name: "Hogar" }] })
    const { user } = renderMasters("/masters/family?search=zzz")
    expect(await screen.findByText("No hay registros")).toBeInTheDocument()
    expect(screen.getByText("Ningún registro coincide con la búsqueda o el filtro.")).toBeInTheDocument()
    await user.click(screen.getByRole("button", { name: "Limpiar filtros" }))
    expect(await screen.findByRole("cell", { name: "Hogar" })).toBeInTheDocument()
    expect(urlParams().has("search")).toBe(false)
    expect(screen.getByRole("searchbox", { name: "Buscar" })).toHaveValue("")
  })

  it("shows a load error and retries", async () => {
    const server = startMasterServer({ family: [{ name: "Hogar" }] })
    server.override.set("GET /api/family/page", () => json(500, { message: "boom" }))
    const { user } = renderMasters("/masters/family")
    expect(await screen.findByText("No se pudo cargar la lista")).toBeInTheDocument()
    expect(screen.getByText("El servidor tuvo un problema. Intente de nuevo en unos minutos.")).toBeInTheDocument()
    expect(screen.queryByRole("table", { name: "Familias" })).not.toBeInTheDocument()
    const failed = server.calls("GET /api/family/page").length
    server.override.clear()
    await user.click(screen.getByRole("button", { name: "Reintentar" }))
    expect(await screen.findByRole("cell", { name: "Hogar" })).toBeInTheDocument()
    expect(screen.queryByText("No se pudo cargar la lista")).not.toBeInTheDocument()
    expect(server.calls("GET /api/family/page")).toHaveLength(failed + 1)
  })
})
