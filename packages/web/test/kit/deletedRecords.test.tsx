import { screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { admin } from "../accounts"
import { create, listOf } from "../masters/masterApi"
import { useRealServer } from "../realServer"
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
})
