import { screen, waitFor, within } from "@testing-library/react"
import { beforeAll, describe, expect, it } from "vitest"
import { admin } from "../accounts"
import { create } from "../masters/masterApi"
import { renderMasters, urlParams } from "../masters/renderMasters"
import { useRealServer } from "../realServer"

const server = useRealServer()

/** 25 families beside the seed's six, for paging; no test changes them (nor the seed's). */
const numbered = Array.from({ length: 25 }, (_, i) => `Familia ${String(i + 1).padStart(2, "0")}`)

beforeAll(async () => {
  await server.signIn(admin.email)
  for (const name of numbered) await create(server, "family", { name })
})

const rowNames = () =>
  within(screen.getByRole("table", { name: "Familias" }))
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell")[0]!.textContent)
const lastPage = () => server.calls("GET /api/family/page").at(-1)!.params

interface FamilyPage {
  readonly items: ReadonlyArray<{ readonly name: string }>
  readonly total: number
}

describe("resource list", () => {
  it("shows a loading state, then the rows of the first page with the count", async () => {
    // The server's answer is held until the loading state has been seen.
    let release = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    server.override.set("GET /api/family/page", async (forward) => {
      await gate
      return forward()
    })
    renderMasters("/masters/family")
    expect(await screen.findByRole("heading", { name: "Familias" })).toBeInTheDocument()
    expect(await screen.findByText("Cargando registros…")).toBeInTheDocument()
    release()
    expect(await screen.findByRole("cell", { name: "Ciclista" })).toBeInTheDocument()
    expect(screen.queryByText("Cargando registros…")).not.toBeInTheDocument()
    expect(lastPage().get("page")).toBe("1")
    expect(lastPage().get("pageSize")).toBe("20")
    // Exactly the server's first page, in its order, with its total.
    const page = await server.api<FamilyPage>("GET", "/api/family/page?page=1&pageSize=20")
    expect(rowNames()).toEqual(page.items.map((f) => f.name))
    expect(rowNames().slice(0, 3)).toEqual(["Ciclista", "Escolar", "Familia 01"])
    expect(screen.getByText(`1–20 de ${page.total}`)).toBeInTheDocument()
  })

  it("searches on the server and keeps the search in the URL", async () => {
    const { user } = renderMasters("/masters/family")
    await screen.findByRole("cell", { name: "Ciclista" })
    await user.type(screen.getByRole("searchbox", { name: "Buscar" }), "sal")
    await waitFor(() => expect(rowNames()).toEqual(["Salud"]))
    expect(urlParams().get("search")).toBe("sal")
    expect(lastPage().get("search")).toBe("sal")
    // Typing waits for a pause: one request for the whole word, not one per key.
    expect(server.calls("GET /api/family/page").filter((r) => r.params.has("search"))).toHaveLength(1)
  })

  it("starts from the filters in the URL", async () => {
    renderMasters("/masters/family?search=Familia&sort=name&order=desc&page=2&pageSize=10")
    await screen.findByRole("cell", { name: "Familia 15" })
    expect(rowNames()).toEqual(numbered.slice(5, 15).reverse())
    expect(screen.getByRole("searchbox", { name: "Buscar" })).toHaveValue("Familia")
    // Every request asked for the URL's page (StrictMode may start the first load twice).
    for (const { params } of server.calls("GET /api/family/page"))
      expect(Object.fromEntries(params)).toEqual({ search: "Familia", sort: "name", order: "desc", page: "2", pageSize: "10" })
  })

  it("sorts by a column header, toggling the direction", async () => {
    const { user } = renderMasters("/masters/family?search=Familia%200")
    await screen.findByRole("cell", { name: "Familia 01" })
    const header = () => screen.getByRole("columnheader", { name: "Nombre" })
    const ascending = numbered.slice(0, 9)
    expect(header()).toHaveAttribute("aria-sort", "ascending")
    expect(rowNames()).toEqual(ascending)

    await user.click(within(header()).getByRole("button", { name: "Nombre" }))
    await waitFor(() => expect(rowNames()).toEqual([...ascending].reverse()))
    expect(header()).toHaveAttribute("aria-sort", "descending")
    expect(urlParams().get("order")).toBe("desc")
    expect(lastPage().get("order")).toBe("desc")

    await user.click(within(header()).getByRole("button", { name: "Nombre" }))
    await waitFor(() => expect(rowNames()).toEqual(ascending))
    expect(urlParams().has("order")).toBe(false)
    expect(lastPage().get("order")).toBe("asc")
  })

  it("paginates on the server, with a page size", async () => {
    const { user } = renderMasters("/masters/family?search=Familia")
    await screen.findByRole("cell", { name: "Familia 01" })
    expect(rowNames()).toHaveLength(20)
    expect(screen.getByText("1–20 de 25")).toBeInTheDocument()

    await user.click(screen.getByRole("button", { name: "Página siguiente" }))
    await screen.findByRole("cell", { name: "Familia 21" })
    expect(rowNames()).toEqual(numbered.slice(20))
    expect(screen.getByText("21–25 de 25")).toBeInTheDocument()
    expect(urlParams().get("page")).toBe("2")
    expect(lastPage().get("page")).toBe("2")
    expect(screen.getByRole("button", { name: "Página 2" })).toHaveAttribute("aria-current", "page")

    await user.selectOptions(screen.getByLabelText("Filas por página"), "10")
    await waitFor(() => expect(rowNames()).toHaveLength(10))
    expect(urlParams().get("pageSize")).toBe("10")
    expect(urlParams().has("page")).toBe(false)
    expect(lastPage().get("pageSize")).toBe("10")
    expect(screen.getByRole("button", { name: "Página 3" })).toBeInTheDocument()

    await user.click(screen.getByRole("button", { name: "Última página" }))
    await screen.findByRole("cell", { name: "Familia 25" })
    expect(urlParams().get("page")).toBe("3")
  })

  it("says when a search finds nothing, and clears it", async () => {
    const { user } = renderMasters("/masters/family?search=zzz")
    expect(await screen.findByText("No hay registros")).toBeInTheDocument()
    expect(screen.getByText("Ningún registro coincide con la búsqueda o el filtro.")).toBeInTheDocument()
    await user.click(screen.getByRole("button", { name: "Limpiar filtros" }))
    expect(await screen.findByRole("cell", { name: "Ciclista" })).toBeInTheDocument()
    expect(urlParams().has("search")).toBe(false)
    expect(screen.getByRole("searchbox", { name: "Buscar" })).toHaveValue("")
  })

  it("shows a load error and retries", async () => {
    // A crash the real server would not have on demand.
    server.override.set(
      "GET /api/family/page",
      () => new Response(JSON.stringify({ message: "boom" }), { status: 500, headers: { "content-type": "application/json" } })
    )
    const { user } = renderMasters("/masters/family")
    expect(await screen.findByText("No se pudo cargar la lista")).toBeInTheDocument()
    expect(screen.getByText("El servidor tuvo un problema. Intente de nuevo en unos minutos.")).toBeInTheDocument()
    expect(screen.queryByRole("table", { name: "Familias" })).not.toBeInTheDocument()
    const failed = server.calls("GET /api/family/page").length
    server.override.clear()
    await user.click(screen.getByRole("button", { name: "Reintentar" }))
    expect(await screen.findByRole("cell", { name: "Ciclista" })).toBeInTheDocument()
    expect(screen.queryByText("No se pudo cargar la lista")).not.toBeInTheDocument()
    expect(server.calls("GET /api/family/page")).toHaveLength(failed + 1)
  })
})
