import { Button, MantineProvider } from "@mantine/core"
import { render, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { StrictMode } from "react"
import type { District } from "@palma/core"
import { afterEach, describe, expect, it } from "vitest"
import { theme } from "../../src/app/theme"
import { LookupsProvider } from "../../src/lib/lookups/LookupsProvider"
import { useDistricts } from "../../src/lib/lookups/useDistricts"
import { admin, guest, operator } from "../accounts"
import { useRealServer } from "../realServer"
import { openAs } from "../signedIn"

const server = useRealServer()
// The session cookie outlives a test; each one signs in as its own account.
afterEach(() => server.signOut())

const listAll = "GET /api/district/listAll"
const count = () => server.calls(listAll).length

/** A screen reading the shared list, as pickers and forms will. */
const Comunas = () => {
  const { districts, loading, error, retry } = useDistricts()
  if (loading) return <p>Cargando comunas…</p>
  if (error !== null)
    return (
      <div role="alert">
        {error} <Button onClick={retry}>Reintentar</Button>
      </div>
    )
  return (
    <ul aria-label="Comunas">
      {districts.map((d) => (
        <li key={d.id}>{d.district_name}</li>
      ))}
    </ul>
  )
}

const renderProvider = () =>
  render(
    <StrictMode>
      <MantineProvider theme={theme} env="test">
        <LookupsProvider preload>
          <Comunas />
          <Comunas />
        </LookupsProvider>
      </MantineProvider>
    </StrictMode>
  )

describe("comunas", () => {
  it("are fetched once when the layout starts and not again while navigating", async () => {
    const { user } = await openAs(server, admin)
    await waitFor(() => expect(count()).toBe(1))

    const quick = within(await screen.findByRole("region", { name: "Accesos rápidos" }))
    await user.click(quick.getByRole("link", { name: "Familias Maestros" }))
    await waitFor(() => expect(screen.getByTestId("page-title")).toHaveTextContent("Familias"))
    await user.click(within(screen.getByRole("navigation", { name: "Menú principal" })).getByRole("link", { name: "Inicio" }))
    expect(await screen.findByRole("heading", { name: `Hola, ${admin.fullName}` })).toBeInTheDocument()
    await user.click(within(screen.getByRole("region", { name: "Accesos rápidos" })).getByRole("link", { name: "Etapas Maestros" }))
    await waitFor(() => expect(screen.getByTestId("page-title")).toHaveTextContent("Etapas"))

    expect(count()).toBe(1)
  })

  it("are fetched for an operador too", async () => {
    await openAs(server, operator)
    await waitFor(() => expect(count()).toBe(1))
  })

  it("are never asked for by an account without a role (the server would refuse)", async () => {
    await openAs(server, guest)
    await screen.findByRole("heading", { name: `Hola, ${guest.fullName}` })
    expect(count()).toBe(0)
  })

  it("are shared by every screen: one request, a loading state, then the list", async () => {
    await server.signIn(admin.email)
    renderProvider()
    expect(screen.getAllByText("Cargando comunas…")).toHaveLength(2)
    const lists = await screen.findAllByRole("list", { name: "Comunas" })
    expect(lists).toHaveLength(2)
    expect(count()).toBe(1)
    // Every comuna the server holds, in its order (read after counting: this call is recorded too).
    const districts = await server.api<ReadonlyArray<District>>("GET", "/api/district/listAll")
    expect(districts.map((d) => d.district_name)).toContain("Santiago")
    for (const list of lists)
      expect(
        within(list)
          .getAllByRole("listitem")
          .map((li) => li.textContent)
      ).toEqual(districts.map((d) => d.district_name))
  })

  it("show the failure in Spanish and load again on retry", async () => {
    await server.signIn(admin.email)
    // A crash the real server would not have on demand.
    server.override.set(
      listAll,
      () => new Response(JSON.stringify({ _tag: "InternalServerError" }), { status: 500, headers: { "content-type": "application/json" } })
    )
    renderProvider()
    const [alert] = await screen.findAllByRole("alert")
    expect(alert).toHaveTextContent("El servidor tuvo un problema")
    server.override.delete(listAll)
    await userEvent.setup().click(within(alert!).getByRole("button", { name: "Reintentar" }))
    expect(await screen.findAllByRole("list", { name: "Comunas" })).toHaveLength(2)
    expect(count()).toBe(2)
  })
})
