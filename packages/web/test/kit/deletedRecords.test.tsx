import { screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { admin } from "../accounts"
import { create, listOf } from "../masters/masterApi"
import { useRealServer } from "../realServer"
import { createProduct } from "../retail/seed"
import { openAs } from "../signedIn"

const server = useRealServer()

/** A family created and deleted through the API, as another admin would. */
const deletedFamily = async (name: string) => {
  await server.signIn(admin.email)
  const id = await create(server, "family", { name })
  await server.api("DELETE", `/api/family/delete/${id}`)
  return id
}

describe("Mostrar eliminados", () => {
  it("lists what was deleted and restores it into the live list", async () => {
    await deletedFamily("Piscinas")
    const { user } = await openAs(server, admin, "/masters/family")
    expect(await screen.findByRole("cell", { name: "Hogar" })).toBeInTheDocument()
    expect(screen.queryByRole("cell", { name: "Piscinas" })).not.toBeInTheDocument()

    await user.click(screen.getByRole("button", { name: "Mostrar eliminados" }))
    const dialog = await screen.findByRole("dialog", { name: "Familias eliminadas" })
    expect(await within(dialog).findByRole("cell", { name: "Piscinas" })).toBeInTheDocument()
    // A master does not tell when a row went: no column that would only say "—".
    expect(within(dialog).queryByRole("columnheader", { name: "Eliminación" })).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole("button", { name: "Restaurar Piscinas" }))

    expect(await screen.findByText("Familia restaurada")).toBeInTheDocument()
    // Gone from the deleted ones, back among the active ones, on the screen and on the server.
    expect(await within(dialog).findByText("No hay familias eliminadas")).toBeInTheDocument()
    expect(await screen.findByRole("cell", { name: "Piscinas" })).toBeInTheDocument()
    expect((await listOf(server, "family")).map((f) => f.name)).toContain("Piscinas")
  })

  it("says why a restore is refused and keeps the record listed", async () => {
    await deletedFamily("Jardines")
    // Another active family took the name meanwhile: restoring would make two.
    await create(server, "family", { name: "Jardines" })
    const { user } = await openAs(server, admin, "/masters/family")
    await user.click(await screen.findByRole("button", { name: "Mostrar eliminados" }))
    const dialog = await screen.findByRole("dialog", { name: "Familias eliminadas" })
    await user.click(await within(dialog).findByRole("button", { name: "Restaurar Jardines" }))
    const alert = await within(dialog).findByRole("alert")
    expect(alert).toHaveTextContent("No se pudo restaurar")
    expect(alert).toHaveTextContent("Ya existe una familia activa con ese nombre")
    expect(within(dialog).getByRole("cell", { name: "Jardines" })).toBeInTheDocument()
  })

  it("searches the deleted ones on the server", async () => {
    await deletedFamily("Climatización")
    await deletedFamily("Cerrajería")
    const { user } = await openAs(server, admin, "/masters/family")
    await user.click(await screen.findByRole("button", { name: "Mostrar eliminados" }))
    const dialog = await screen.findByRole("dialog", { name: "Familias eliminadas" })
    expect(await within(dialog).findByRole("cell", { name: "Cerrajería" })).toBeInTheDocument()
    await user.type(within(dialog).getByRole("textbox", { name: "Buscar eliminados" }), "climatizacion")
    await expect.poll(() => within(dialog).queryByRole("cell", { name: "Cerrajería" })).toBeNull()
    expect(within(dialog).getByRole("cell", { name: "Climatización" })).toBeInTheDocument()
    expect(server.calls("GET /api/family/deleted").at(-1)!.params.get("search")).toBe("climatizacion")
  })

  it("says when a catalog record was deleted", async () => {
    await server.signIn(admin.email)
    const product = await createProduct(server, { name: "Plan Retirado", currency: "P", cost: 9990 })
    await server.api("DELETE", `/api/product/delete/${product.id}`)
    const { user } = await openAs(server, admin, "/masters/product")
    await user.click(await screen.findByRole("button", { name: "Mostrar eliminados" }))
    const dialog = await screen.findByRole("dialog", { name: "Productos eliminados" })
    const row = (await within(dialog).findByRole("cell", { name: "Plan Retirado" })).closest("tr")!
    expect(within(dialog).getByRole("columnheader", { name: "Eliminación" })).toBeInTheDocument()
    // The one date-time format of every screen (core's formatInstant): "28-11-2026 17:19".
    expect(within(row).getByText(new RegExp(`^\\d{2}-\\d{2}-${new Date().getFullYear()} \\d{2}:\\d{2}$`))).toBeInTheDocument()
  })
})
