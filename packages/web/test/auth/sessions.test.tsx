import type { ManagedUser, UserSession } from "@palma/core"
import { screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { admin, moderator } from "../accounts"
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
    // Started, last seen and ending, in the one date-time format of every screen: "28-11-2026 17:19".
    expect(within(rows[0]!).getAllByText(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/)).toHaveLength(3)

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

  it("names a job token of the account, and warns that closing all revokes it too", async () => {
    await server.signIn(admin.email, admin.password)
    const account = await server.api<ManagedUser>("POST", "/api/auth/local/users", {
      email: "tarea-sesiones@palma.cl",
      fullName: "Tarea de Sesiones",
      role: "user",
      password: "clave-segura-1"
    })
    await server.api("POST", `/api/auth/local/users/${account.id}/job-tokens`, { name: "Exportación nocturna", days: 30 })
    const { user } = await openAs(server, { email: account.email, password: "clave-segura-1", fullName: account.fullName, role: "user" }, "/")
    await user.click(await screen.findByRole("button", { name: "Menú de usuario" }))
    await user.click(await screen.findByRole("menuitem", { name: "Sesiones" }))
    const dialog = within(await screen.findByRole("dialog", { name: "Sesiones" }))
    const table = within(await dialog.findByRole("table", { name: "Sesiones abiertas" }))
    expect(table.getByRole("row", { name: /Token de tarea «Exportación nocturna»/ })).toBeInTheDocument()
    expect(table.getByRole("row", { name: /Inicio de sesión.*Esta sesión/ })).toBeInTheDocument()
    expect(table.getByRole("button", { name: "Revocar el token de tarea «Exportación nocturna»" })).toBeInTheDocument()
    await user.click(dialog.getByRole("button", { name: "Cerrar todas mis sesiones" }))
    expect(dialog.getByText(/También se revocarán los tokens de tareas programadas de esta cuenta/)).toBeInTheDocument()
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
