import type { Product } from "@palma/core"
import { screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { useRealServer } from "../realServer"
import { renderApp } from "../renderApp"
import { arranged, createProduct, signInAdmin } from "../retail/seed"

const server = useRealServer()

describe("a product another admin saved while its dialog was open (issue 10 §6)", () => {
  it("refuses the save (412), and Recargar shows the saved product with what was typed listed", async () => {
    await signInAdmin(server)
    const product = await createProduct(server, { name: "Hogar Compartido", currency: "P", cost: 12990 })
    arranged(server)
    const { user } = renderApp("/masters/product")
    await user.click(await screen.findByRole("button", { name: "Editar Hogar Compartido" }))
    const dialog = await screen.findByRole("dialog", { name: "Editar producto" })
    const title = within(dialog).getByRole("textbox", { name: "Título" })
    await user.type(title, "Mi título")

    // Another admin saves first.
    const current = await server.api<Product>("GET", `/api/product/getById/${product.id}`)
    await server.api("PUT", `/api/product/update/${product.id}`, { ...current, title: "Título del otro" })
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }))
    expect(await within(dialog).findByText("Otro usuario modificó este registro. Recargue para ver los cambios.")).toBeInTheDocument()
    expect(server.calls(`PUT /api/product/update/${product.id}`).at(-1)!.headers.get("if-match")).toMatch(/^"\d+"$/)
    expect(title).toHaveValue("Mi título")

    await user.click(within(dialog).getByRole("button", { name: "Recargar" }))
    await waitFor(() => expect(within(dialog).getByRole("textbox", { name: "Título" })).toHaveValue("Título del otro"))
    expect(within(within(dialog).getByRole("list", { name: "Lo que usted escribió" })).getByText("Título: Mi título")).toBeInTheDocument()

    await user.clear(within(dialog).getByRole("textbox", { name: "Título" }))
    await user.type(within(dialog).getByRole("textbox", { name: "Título" }), "Mi título")
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }))
    expect(await screen.findByText("Producto actualizado")).toBeInTheDocument()
    expect(await server.api<Product>("GET", `/api/product/getById/${product.id}`)).toMatchObject({ title: "Mi título" })
  })
})
