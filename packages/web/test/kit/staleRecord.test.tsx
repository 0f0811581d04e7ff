import { screen, waitFor, within } from "@testing-library/react"
import { beforeAll, describe, expect, it } from "vitest"
import { admin } from "../accounts"
import { create, getOf } from "../masters/masterApi"
import { renderMasters } from "../masters/renderMasters"
import { useRealServer } from "../realServer"

const server = useRealServer()
beforeAll(() => server.signIn(admin.email))

const openEdit = async (name: string) => {
  const view = renderMasters("/masters/family")
  await view.user.click(await screen.findByRole("button", { name: `Editar ${name}` }))
  return { ...view, dialog: await screen.findByRole("dialog", { name: "Editar familia" }) }
}

describe("a record another user changed while the dialog was open (issue 10 §6)", () => {
  it("the save is refused with the server's Spanish 412; Recargar loads the current record and keeps what was typed visible", async () => {
    const id = await create(server, "family", { name: "Familia Compartida" })
    const { user, dialog } = await openEdit("Familia Compartida")
    const name = within(dialog).getByRole("textbox", { name: "Nombre" })
    await user.clear(name)
    await user.type(name, "Mi versión")

    // Another admin saves first (the original client's call: no If-Match, so it wins).
    await server.api("PUT", `/api/family/update/${id}`, { name: "Versión del otro" })
    server.requests.length = 0
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }))

    expect(await within(dialog).findByText("Otro usuario modificó este registro. Recargue para ver los cambios.")).toBeInTheDocument()
    const [refused] = server.requests.filter((r) => r.method === "PUT")
    expect(refused?.headers.get("if-match")).toMatch(/^"\d+"$/)
    expect(name).toHaveValue("Mi versión")
    expect(await getOf(server, "family", id)).toMatchObject({ name: "Versión del otro" })

    await user.click(within(dialog).getByRole("button", { name: "Recargar" }))
    await waitFor(() => expect(within(dialog).getByRole("textbox", { name: "Nombre" })).toHaveValue("Versión del otro"))
    expect(within(within(dialog).getByRole("list", { name: "Lo que usted escribió" })).getByText("Nombre: Mi versión")).toBeInTheDocument()

    // Re-applied over the current version, the save goes through.
    await user.clear(within(dialog).getByRole("textbox", { name: "Nombre" }))
    await user.type(within(dialog).getByRole("textbox", { name: "Nombre" }), "Mi versión")
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }))
    expect(await screen.findByText("Familia actualizada")).toBeInTheDocument()
    expect(await getOf(server, "family", id)).toMatchObject({ name: "Mi versión" })
  })

  it("a delete confirmed after another user's change is refused too, and nothing is deleted", async () => {
    const id = await create(server, "family", { name: "Familia Por Borrar" })
    const { user } = renderMasters("/masters/family")
    await user.click(await screen.findByRole("button", { name: "Eliminar Familia Por Borrar" }))
    const dialog = await screen.findByRole("dialog", { name: "¿Eliminar Familia Por Borrar?" })
    await server.api("PUT", `/api/family/update/${id}`, { name: "Familia Renombrada" })
    await user.click(within(dialog).getByRole("button", { name: "Eliminar" }))
    expect(await within(dialog).findByText("Otro usuario modificó este registro. Recargue para ver los cambios.")).toBeInTheDocument()
    expect(await getOf(server, "family", id)).toMatchObject({ name: "Familia Renombrada", isActive: true })
  })
})
