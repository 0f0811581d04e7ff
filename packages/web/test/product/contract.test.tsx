import { screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { useRealServer } from "../realServer"
import { renderApp } from "../renderApp"
import { arranged, assignPlan, retailNamed, createProduct, productNamed, signInAdmin } from "../retail/seed"
import { providePromiseWithResolvers } from "./withResolvers"

const server = useRealServer()

/** Every contract the page asked the server for. */
const contractCalls = () => server.requests.filter((r) => r.path.startsWith("/api/product/getContract/"))

/** A product of the test's own that one retail (Tiendas Andes) sells at $4.990. */
const productWithOnePlan = async (name: string) => {
  const product = await createProduct(server, { name, currency: "P", cost: 4990, minInsuredCompanyPrice: 3990 })
  const plan = await assignPlan(server, product.id, (await retailNamed(server, "Tiendas Andes")).id, [4990, 3990, 54890])
  return { product, plan }
}

/** The product list, with the product's contract dialog open. */
const openContract = async (product: string) => {
  arranged(server)
  const view = renderApp("/masters/product")
  await view.user.click(await screen.findByRole("button", { name: `Ver contrato de ${product}` }))
  const dialog = await screen.findByRole("dialog", { name: `Contrato de ${product}` })
  return { dialog, ...view }
}

// pdf.js cannot draw in happy-dom: these check the dialog, the plan choice, the request of the
// server's real contract and the viewer's frame (its named region and toolbar), not the page's canvas.
describe("a producto's contract", () => {
  providePromiseWithResolvers()

  it("lets the admin pick a retail's plan and opens that plan's contract in the viewer", async () => {
    await signInAdmin(server)
    // Seeded: three retails sell Asistencia Hogar (demoChannels.ts), others sell other products.
    const hogar = await productNamed(server, "Asistencia Hogar")
    const andes = hogar.product_plans.find((p) => p.type === "customer" && p.agent_name === "Tiendas Andes")!
    const { dialog, user } = await openContract("Asistencia Hogar")
    await user.click(await within(dialog).findByRole("combobox", { name: "Plan (canal)" }))
    // Only this product's plans (by retail, with their customer price), not other products'.
    expect(
      within(screen.getByRole("listbox"))
        .getAllByRole("option")
        .map((o) => o.textContent)
    ).toEqual(["Canal Web Palma · $2.990", "Tarjeta Banco Austral · $3.490", "Tiendas Andes · $3.290"])
    expect(contractCalls()).toEqual([])

    await user.click(screen.getByRole("option", { name: "Tiendas Andes · $3.290" }))
    const viewer = await within(dialog).findByRole("region", { name: "Contrato Asistencia Hogar - Tiendas Andes" }, { timeout: 20_000 })
    expect(within(viewer).getByRole("group", { name: "Controles del documento" })).toBeInTheDocument()
    expect(within(viewer).getByRole("button", { name: "Acercar" })).toBeInTheDocument()
    expect(contractCalls().map((r) => r.path)).toEqual([`/api/product/getContract/${andes.id}`])

    await user.click(within(dialog).getByRole("button", { name: "Cerrar" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument())
  })

  it("opens the only plan's contract at once", async () => {
    await signInAdmin(server)
    const { plan } = await productWithOnePlan("Plan Único")
    const { dialog } = await openContract("Plan Único")
    expect(await within(dialog).findByRole("region", { name: "Contrato Plan Único - Tiendas Andes" }, { timeout: 20_000 })).toBeInTheDocument()
    expect(within(dialog).getByRole("combobox", { name: "Plan (canal)" })).toHaveValue("Tiendas Andes · $4.990")
    expect(contractCalls().map((r) => r.path)).toEqual([`/api/product/getContract/${plan.id}`])
  })

  it("explains that a product without plans has no contract yet", async () => {
    await signInAdmin(server)
    await createProduct(server, { name: "Sin Canal", currency: "P", cost: 5000 })
    const { dialog } = await openContract("Sin Canal")
    expect(await within(dialog).findByText("El producto no tiene planes")).toBeInTheDocument()
    expect(within(dialog).queryByRole("combobox")).not.toBeInTheDocument()
    expect(contractCalls()).toEqual([])
  })

  it("says when the contract cannot be had", async () => {
    await signInAdmin(server)
    const { plan } = await productWithOnePlan("Contrato Perdido")
    // The server draws the contract of any plan it ever had; for this one it answers as it does
    // for a plan it does not know (its own 404 and message).
    server.override.set(`GET /api/product/getContract/${plan.id}`, () => fetch(`/api/product/getContract/${crypto.randomUUID()}`))
    const { dialog } = await openContract("Contrato Perdido")
    expect(await within(dialog).findByText("No se pudo obtener el contrato")).toBeInTheDocument()
    expect(within(dialog).getByText("No se encontró el plan")).toBeInTheDocument()
    expect(within(dialog).queryByRole("region")).not.toBeInTheDocument()
  })
})
