import type { CustomerSearchPage, InsuredSearchPage, InsuredSubscriptions } from "@palma/core"
import { screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { moderator, operator } from "../accounts"
import { useRealServer } from "../realServer"
import { renderApp } from "../renderApp"

const server = useRealServer()

const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase()
const rowsOf = (name: string) => within(screen.getByRole("table", { name })).getAllByRole("row").slice(1)
const names = (table: string) => rowsOf(table).map((row) => within(row).getAllByRole("cell")[1]!.textContent)
const params = () => new URLSearchParams(window.location.search)

/** A demo insured whose name carries an accent, and the word typed to find them without it. */
const accentedInsured = async () => {
  const page = await server.api<InsuredSearchPage>("GET", "/api/insured/getByRutOrName?records=200")
  const person = page.data.find((p) => /[áéíóúñ]/i.test(p.name))!
  const word = person.name.split(" ").find((w) => /[áéíóúñ]/i.test(w))!
  return { person, typed: fold(word) }
}

describe("Personas (Asistencia)", () => {
  it("an operator finds an insured by a name typed without accents and opens their coverage", async () => {
    await server.signIn(operator.email, operator.password)
    const { person, typed } = await accentedInsured()
    const covering = await server.api<InsuredSubscriptions>("GET", `/api/insured/subscriptions/${person.id}`)
    const { user } = renderApp("/assistance/people")
    expect(await screen.findByRole("heading", { level: 1, name: "Personas" })).toBeInTheDocument()
    await user.type(screen.getByRole("searchbox", { name: "RUT o nombre" }), typed)
    await waitFor(() => expect(params().get("q")).toBe(typed))
    // Rows shown, and every one matching: an empty table (still loading) would match vacuously.
    await waitFor(() => {
      const shown = names("Asegurados encontrados")
      expect(shown.length).toBeGreaterThan(0)
      expect(shown.every((n) => fold(n ?? "").includes(typed))).toBe(true)
    })
    await waitFor(() => expect(server.calls("GET /api/insured/getByRutOrName").at(-1)!.params.get("name")).toBe(typed))

    await user.click(await screen.findByRole("link", { name: person.name }))
    expect(await screen.findByRole("heading", { level: 1, name: person.name })).toBeInTheDocument()
    const first = covering.subscriptions[0]!
    const section = within(screen.getByRole("region", { name: `Suscripción ${first.name}, póliza ${first.policy}` }))
    const coverage = within(section.getByRole("table", { name: `Cobertura de ${first.name}` }))
    for (const a of first.assistances) expect(coverage.getByRole("cell", { name: a.name })).toBeInTheDocument()
    expect(section.getByText(/Vigente|Vencida|Por iniciar/)).toBeInTheDocument()
  })

  it("finds customers by the start of their RUT, 20 a page, and opens their subscriptions", async () => {
    await server.signIn(moderator.email, moderator.password)
    const all = await server.api<CustomerSearchPage>("GET", "/api/customer/getByRutOrName?records=40")
    const { user } = renderApp("/assistance/people?kind=customer")
    await waitFor(() => expect(rowsOf("Clientes encontrados")).toHaveLength(20))
    expect(names("Clientes encontrados")).toEqual(all.data.slice(0, 20).map((c) => c.name))
    await user.click(screen.getByRole("button", { name: "Página 2" }))
    await waitFor(() => expect(names("Clientes encontrados")).toEqual(all.data.slice(20, 40).map((c) => c.name)))
    expect(params().get("page")).toBe("2")

    const target = all.data[3]!
    const prefix = target.rut.slice(0, 7)
    await user.type(screen.getByRole("searchbox", { name: "RUT o nombre" }), prefix)
    await waitFor(() => expect(server.calls("GET /api/customer/getByRutOrName").at(-1)!.params.get("rut")).toBe(prefix))
    // A new text starts again at the first page.
    expect(params().get("page")).toBeNull()
    await user.click(await screen.findByRole("link", { name: target.name }))
    expect(await screen.findByText(/Cliente$/)).toBeInTheDocument()
    expect(server.calls(`GET /api/contractor/getCustomerById/${target.id}`).length).toBeGreaterThan(0)
  })

  it("switches between insured and customers, says when nothing matches, and shows a failure with a retry", async () => {
    await server.signIn(operator.email, operator.password)
    const { user } = renderApp("/assistance/people?q=nadie-se-llama-asi")
    expect(await screen.findByText("No se encontraron asegurados")).toBeInTheDocument()
    await user.click(screen.getByRole("radio", { name: "Clientes" }))
    expect(await screen.findByText("No se encontraron clientes")).toBeInTheDocument()
    expect(params().get("kind")).toBe("customer")

    server.override.set("GET /api/customer/getByRutOrName", () => new Response(JSON.stringify({ message: "Servicio no disponible" }), { status: 503 }))
    await user.click(screen.getByRole("button", { name: "Limpiar búsqueda" }))
    expect(await screen.findByText("No se pudo buscar clientes")).toBeInTheDocument()
    server.override.delete("GET /api/customer/getByRutOrName")
    await user.click(screen.getByRole("button", { name: "Reintentar" }))
    await waitFor(() => expect(rowsOf("Clientes encontrados")).toHaveLength(20))
  })
})
