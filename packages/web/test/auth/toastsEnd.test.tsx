import { notificationsStore } from "@mantine/notifications"
import { screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { admin } from "../accounts"
import { useRealServer } from "../realServer"
import { openAs } from "../signedIn"

const server = useRealServer()

describe("toasts and the session", () => {
  it("a success toast does not survive signing out", async () => {
    const { user } = await openAs(server, admin, "/masters/family")
    await user.click(await screen.findByRole("button", { name: "Nueva familia" }))
    const dialog = within(await screen.findByRole("dialog", { name: "Nueva familia" }))
    await user.type(dialog.getByRole("textbox", { name: "Nombre" }), "Familia del Aviso{Enter}")
    expect(await screen.findByText("Familia creada")).toBeInTheDocument()

    await user.click(await screen.findByRole("button", { name: "Menú de usuario" }))
    await user.click(await screen.findByRole("menuitem", { name: "Cerrar sesión" }))
    expect(await screen.findByRole("heading", { name: "Iniciar sesión" })).toBeInTheDocument()
    // Gone from the toasts at once (a toast closes by itself only after 5 s), then from the page.
    expect(notificationsStore.getState().notifications).toEqual([])
    await waitFor(() => expect(screen.queryByText("Familia creada")).not.toBeInTheDocument())
  })
})
