import { Button, MantineProvider } from "@mantine/core"
import { render, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { StrictMode } from "react"
import { describe, expect, it } from "vitest"
import { theme } from "../../src/app/theme"
import { DistrictsProvider, useDistricts } from "../../src/features/districts/DistrictsProvider"
import { ana, beto, olga } from "../accounts"
import { sampleDistricts, startFakeServer } from "../fakeServer"
import { openAs } from "../signedIn"

const listAll = "GET /api/district/listAll"
const count = (requests: ReadonlyArray<string>) => requests.filter((r) => r === listAll).length

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
        <DistrictsProvider enabled>
          <Comunas />
          <Comunas />
        </DistrictsProvider>
      </MantineProvider>
    </StrictMode>
  )

describe("comunas", () => {
  it("are fetched once when the layout starts and not again while navigating", async () => {
    const { server, user } = openAs(ana)
    await waitFor(() => expect(count(server.requests)).toBe(1))

    const quick = within(await screen.findByRole("region", { name: "Accesos rápidos" }))
    await user.click(quick.getByRole("link", { name: "Familias" }))
    await waitFor(() => expect(screen.getByTestId("page-title")).toHaveTextContent("Familias"))
    await user.click(within(screen.getByRole("navigation", { name: "Menú principal" })).getByRole("link", { name: "Inicio" }))
    expect(await screen.findByRole("heading", { name: "Hola, Ana Pérez" })).toBeInTheDocument()
    await user.click(within(screen.getByRole("region", { name: "Accesos rápidos" })).getByRole("link", { name: "Etapas" }))
    await waitFor(() => expect(screen.getByTestId("page-title")).toHaveTextContent("Etapas"))

    expect(count(server.requests)).toBe(1)
  })

  it("are fetched for an operador too", async () => {
    const { server } = openAs(olga)
    await waitFor(() => expect(count(server.requests)).toBe(1))
  })

  it("are never asked for by an account without a role (the server would refuse)", async () => {
    const { server } = openAs(beto)
    await screen.findByRole("heading", { name: "Hola, Beto Soto" })
    expect(count(server.requests)).toBe(0)
  })

  it("are shared by every screen: one request, a loading state, then the list", async () => {
    const server = startFakeServer({ accounts: [ana] })
    server.signedIn = ana
    renderProvider()
    expect(screen.getAllByText("Cargando comunas…")).toHaveLength(2)
    const lists = await screen.findAllByRole("list", { name: "Comunas" })
    expect(lists).toHaveLength(2)
    expect(within(lists[0]!).getAllByRole("listitem").map((li) => li.textContent)).toEqual(sampleDistricts.map((d) => d.district_name))
    expect(count(server.requests)).toBe(1)
  })

  it("show the failure in Spanish and load again on retry", async () => {
    const server = startFakeServer({ accounts: [ana] })
    server.signedIn = ana
    server.failDistricts = true
    renderProvider()
    const [alert] = await screen.findAllByRole("alert")
    expect(alert).toHaveTextContent("El servidor tuvo un problema")
    server.failDistricts = false
    await userEvent.setup().click(within(alert!).getByRole("button", { name: "Reintentar" }))
    expect(await screen.findAllByRole("list", { name: "Comunas" })).toHaveLength(2)
    expect(count(server.requests)).toBe(2)
  })
})
