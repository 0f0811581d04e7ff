import { screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { renderMasters } from "../masters/renderMasters"
import { planId, startProductServer } from "./fakeProducts"
import { providePromiseWithResolvers } from "./withResolvers"

const long = { timeout: 60_000 }

const products = [
  { name: "Hogar Full", currency: "P" as const, cost: 12990 },
  { name: "Sin canal", currency: "P" as const, cost: 5000 }
]

// pdf.js cannot draw in happy-dom: these check the dialog, the plan choice, the request and the
// viewer's frame (its named region and toolbar), not the page's canvas.
describe("a producto's contract", () => {
  providePromiseWithResolvers()

  it("lets the admin pick a channel's plan and opens that plan's contract in the viewer", long, async () => {
    const server = startProductServer({
      products,
      plans: [
        { product: "Hogar Full", channel: "Banco Uno", customerPrice: 12990 },
        { product: "Hogar Full", channel: "Retail Dos", customerPrice: 13990 },
        { product: "Sin canal", channel: "Retail Dos", customerPrice: 1 }
      ]
    })
    const { user } = renderMasters("/masters/product")
    await user.click(await screen.findByRole("button", { name: "Ver contrato de Hogar Full" }))
    const dialog = await screen.findByRole("dialog", { name: "Contrato de Hogar Full" })
    await user.click(await within(dialog).findByRole("combobox", { name: "Plan (canal)" }))
    // Only this product's plans, not Retail Dos's plan of another product.
    expect(within(screen.getByRole("listbox")).getAllByRole("option").map((o) => o.textContent)).toEqual(["Banco Uno · $12.990", "Retail Dos · $13.990"])
    expect(server.catalogCalls(`GET /api/product/getContract/${planId(2)}`)).toEqual([])

    await user.click(screen.getByRole("option", { name: "Retail Dos · $13.990" }))
    const viewer = await within(dialog).findByRole("region", { name: "Contrato Hogar Full - Retail Dos" }, { timeout: 10_000 })
    expect(within(viewer).getByRole("group", { name: "Controles del documento" })).toBeInTheDocument()
    expect(within(viewer).getByRole("button", { name: "Acercar" })).toBeInTheDocument()
    expect(server.catalogCalls(`GET /api/product/getContract/${planId(2)}`)).toHaveLength(1)

    await user.click(within(dialog).getByRole("button", { name: "Cerrar" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument())
  })

  it("opens the only plan's contract at once", long, async () => {
    const server = startProductServer({ products, plans: [{ product: "Hogar Full", channel: "Banco Uno", customerPrice: 12990 }] })
    const { user } = renderMasters("/masters/product")
    await user.click(await screen.findByRole("button", { name: "Ver contrato de Hogar Full" }))
    const dialog = await screen.findByRole("dialog", { name: "Contrato de Hogar Full" })
    expect(await within(dialog).findByRole("region", { name: "Contrato Hogar Full - Banco Uno" }, { timeout: 10_000 })).toBeInTheDocument()
    expect(within(dialog).getByRole("combobox", { name: "Plan (canal)" })).toHaveValue("Banco Uno · $12.990")
    expect(server.catalogCalls(`GET /api/product/getContract/${planId(1)}`)).toHaveLength(1)
  })

  it("explains that a product without plans has no contract yet", long, async () => {
    const server = startProductServer({ products })
    const { user } = renderMasters("/masters/product")
    await user.click(await screen.findByRole("button", { name: "Ver contrato de Sin canal" }))
    const dialog = await screen.findByRole("dialog", { name: "Contrato de Sin canal" })
    expect(await within(dialog).findByText("El producto no tiene planes")).toBeInTheDocument()
    expect(within(dialog).queryByRole("combobox")).not.toBeInTheDocument()
    expect(server.catalog.filter((r) => r.path.startsWith("/api/product/getContract"))).toEqual([])
  })

  it("says when the contract cannot be had", long, async () => {
    const server = startProductServer({ products, plans: [{ product: "Hogar Full", channel: "Banco Uno", customerPrice: 12990 }] })
    server.refuse.set(`GET /api/product/getContract/${planId(1)}`, () =>
      new Response(JSON.stringify({ _tag: "NotFound", message: "No se encontró el plan" }), { status: 404, headers: { "content-type": "application/json" } })
    )
    const { user } = renderMasters("/masters/product")
    await user.click(await screen.findByRole("button", { name: "Ver contrato de Hogar Full" }))
    const dialog = await screen.findByRole("dialog", { name: "Contrato de Hogar Full" })
    expect(await within(dialog).findByText("No se pudo obtener el contrato")).toBeInTheDocument()
    expect(within(dialog).getByText("No se encontró el plan")).toBeInTheDocument()
    expect(within(dialog).queryByRole("region")).not.toBeInTheDocument()
  })
})
