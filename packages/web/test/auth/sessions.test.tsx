import type { UserSession } from "@palma/core"
import { screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { moderator } from "../accounts"
import { useRealServer } from "../realServer"
import { openAs } from "../signedIn"

const server = useRealServer()

describe("Sesiones", () => {
  it("lists this account's sessions and closes all of them, signing this tab out", async () => {
    // An earlier sign-in elsewhere: its session stays open on the server.
    await server.signIn(moderator.email, moderator.password)
    const { user } = await openAs(server, moderator, "/")
    await user.click(await screen.findByRole("button", { name: "Menú de usuario" }))
    await user.click(await screen.findByRole("menuitem", { name: "Sesiones" }))
    const dialog = within(await screen.findByRole("dialog", { name: "Sesiones" }))
    const rows = within(await dialog.findByRole("table", { name: "Sesiones abiertas" }))
      .getAllByRole("row")
      .slice(1)
    expect(rows).toHaveLength(2)
    expect(dialog.getAllByText("Esta sesión")).toHaveLength(1)

    await user.click(dialog.getByRole("button", { name: "Cerrar todas mis sesiones" }))
    // Nothing is sent before confirming.
    expect(server.calls("POST /api/auth/sessions/close-all")).toEqual([])
    await user.click(dialog.getByRole("button", { name: "Cerrar todas" }))
    expect(await screen.findByRole("heading", { name: "Iniciar sesión" })).toBeInTheDocument()
    expect(server.calls("POST /api/auth/sessions/close-all")).toHaveLength(1)
    // The server refuses what the page had: signing in again opens a single new session.
    await server.signIn(moderator.email, moderator.password)
    const open = await server.api<ReadonlyArray<UserSession>>("GET", "/api/auth/sessions")
    expect(open).toHaveLength(1)
  })

  it("closes one other session from the list", async () => {
    await server.signIn(moderator.email, moderator.password)
    const { user } = await openAs(server, moderator, "/")
    const before = await server.api<ReadonlyArray<UserSession>>("GET", "/api/auth/sessions")
    await user.click(await screen.findByRole("button", { name: "Menú de usuario" }))
    await user.click(await screen.findByRole("menuitem", { name: "Sesiones" }))
    const dialog = within(await screen.findByRole("dialog", { name: "Sesiones" }))
    const closeButtons = await dialog.findAllByRole("button", { name: /^Cerrar la sesión iniciada el / })
    await user.click(closeButtons[0]!)
    await within(dialog.getByRole("table", { name: "Sesiones abiertas" })).findAllByRole("row")
    const after = await server.api<ReadonlyArray<UserSession>>("GET", "/api/auth/sessions")
    expect(after).toHaveLength(before.length - 1)
    expect(after.some((s) => s.current)).toBe(true)
  })
})
