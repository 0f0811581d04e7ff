import type { JobToken, ManagedUser } from "@palma/core"
import { screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { admin, guest } from "../accounts"
import { useRealServer } from "../realServer"
import { openAs } from "../signedIn"

const server = useRealServer()

const SECTION = "Tokens para tareas programadas"
const section = () => within(screen.getByRole("region", { name: SECTION }))
const rowOf = async (name: string) => within((await screen.findByRole("cell", { name })).closest("tr")!)
const liveTokens = () => server.api<JobToken[]>("GET", "/api/auth/local/job-tokens")
/** What a scheduled job does first with its token: the refresh route, the token as bearer and no cookie. */
const refreshStatus = async (token: string) => (await server.asBearer(token, "POST", "/api/auth/local/refresh")).status

/** An account of the test's own, created by the signed-in admin through the real API. */
const createUser = (email: string, fullName: string) =>
  server.api<ManagedUser>("POST", "/api/auth/local/users", { email, fullName, role: "user", password: "clave-segura-1" })

describe("Tokens para tareas programadas", () => {
  it("issues a token for an account, shows its secret once and it works, lists it, and revokes it only after confirming", async () => {
    await server.signIn(admin.email, admin.password)
    const account = await createUser("exporta@palma.cl", "Exportadora Nocturna")
    const { user } = await openAs(server, admin, "/entities/users?q=exporta%40")
    expect(await screen.findByRole("heading", { level: 2, name: SECTION })).toBeInTheDocument()
    expect(await section().findByText("No hay tokens vigentes")).toBeInTheDocument()

    await user.click((await rowOf("Exportadora Nocturna")).getByRole("button", { name: "Emitir token para Exportadora Nocturna" }))
    const form = within(await screen.findByRole("dialog", { name: "Emitir token para Exportadora Nocturna" }))
    const name = form.getByRole("textbox", { name: "Nombre" })
    await waitFor(() => expect(name).toHaveFocus())
    const days = form.getByRole("textbox", { name: "Días" })
    expect(days).toHaveValue("365")

    // Nothing the contract refuses is sent: the same Spanish messages the server's 400 gives, beside their fields.
    await user.clear(days)
    await user.type(days, "1000")
    await user.type(name, "{Enter}")
    expect(await form.findByText("Este campo es obligatorio")).toBeInTheDocument()
    expect(form.getByText("Días inválidos: un entero entre 1 y 400")).toBeInTheDocument()
    expect(server.calls(`POST /api/auth/local/users/${account.id}/job-tokens`)).toEqual([])

    await user.clear(days)
    await user.type(days, "30")
    await user.type(name, "Exportación nocturna{Enter}")
    const shown = within(await screen.findByRole("dialog", { name: "Token «Exportación nocturna» emitido" }))
    expect(server.calls(`POST /api/auth/local/users/${account.id}/job-tokens`).map((r) => r.body)).toEqual([{ name: "Exportación nocturna", days: 30 }])
    expect(shown.getByText("Cópielo ahora: no se volverá a mostrar")).toBeInTheDocument()
    const secret = shown.getByRole("textbox", { name: "Token" })
    expect(secret).toHaveAttribute("readonly")
    const token = (secret as HTMLInputElement).value
    expect(token).toMatch(/^prt_sess_/)
    expect(shown.getByText(/PALMA_TOKEN=… palma cases export …/)).toBeInTheDocument()
    await user.click(shown.getByRole("button", { name: "Copiar" }))
    expect(await shown.findByRole("button", { name: "Copiado" })).toBeInTheDocument()
    expect(await navigator.clipboard.readText()).toBe(token)

    // The secret is what a scheduled job needs: it gets access tokens with it.
    expect(await refreshStatus(token)).toBe(200)

    await user.click(shown.getByRole("button", { name: "Listo" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument())
    const row = await rowOf("Exportación nocturna")
    expect(row.getByRole("cell", { name: account.email })).toBeInTheDocument()
    expect(row.getByRole("cell", { name: admin.email })).toBeInTheDocument()
    const [created, lastUsed, expires] = row.getAllByRole("cell").slice(3, 6)
    expect(created).toHaveTextContent(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/)
    expect(lastUsed).toHaveTextContent(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/)
    expect(expires).toHaveTextContent(/^\d{2}-\d{2}-\d{4}$/)
    // Shown once: closed, the secret is nowhere on the page.
    expect(document.body.textContent).not.toContain(token)

    // Revocar asks first; Cancelar sends nothing.
    await user.click(row.getByRole("button", { name: "Revocar el token Exportación nocturna" }))
    const confirm = within(await screen.findByRole("dialog", { name: "¿Revocar el token «Exportación nocturna»?" }))
    expect(confirm.getByText(/dejarán de funcionar de inmediato/)).toBeInTheDocument()
    await user.click(confirm.getByRole("button", { name: "Cancelar" }))
    const [issued] = await liveTokens()
    expect(server.calls(`DELETE /api/auth/local/job-tokens/${issued!.id}`)).toEqual([])
    expect(await refreshStatus(token)).toBe(200)

    await user.click((await rowOf("Exportación nocturna")).getByRole("button", { name: "Revocar el token Exportación nocturna" }))
    await user.click(within(await screen.findByRole("dialog", { name: "¿Revocar el token «Exportación nocturna»?" })).getByRole("button", { name: "Revocar" }))
    expect(await screen.findByText("Token «Exportación nocturna» revocado")).toBeInTheDocument()
    expect(await section().findByText("No hay tokens vigentes")).toBeInTheDocument()
    expect(await liveTokens()).toEqual([])
    expect(await refreshStatus(token)).toBe(401)
  })

  it("offers no token to an account without a role or disabled, and says why", async () => {
    await server.signIn(admin.email, admin.password)
    const dora = await createUser("dora.tokens@palma.cl", "Dora Sin Tokens")
    await server.api("POST", `/api/auth/local/users/${dora.id}/disable`)
    const { user } = await openAs(server, admin, "/entities/users?q=invitado%40")

    const issueGuest = (await rowOf(guest.fullName)).getByRole("button", { name: `Emitir token para ${guest.fullName}` })
    expect(issueGuest).toHaveAttribute("aria-disabled", "true")
    expect(issueGuest).toHaveAccessibleDescription("La cuenta no tiene rol: asígnele uno antes de emitirle un token")
    await user.click(issueGuest)
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument()

    await user.clear(screen.getByRole("searchbox", { name: "Buscar" }))
    await user.type(screen.getByRole("searchbox", { name: "Buscar" }), "dora.tokens")
    const issueDora = (await rowOf("Dora Sin Tokens")).getByRole("button", { name: "Emitir token para Dora Sin Tokens" })
    expect(issueDora).toHaveAccessibleDescription("La cuenta está desactivada: actívela antes de emitirle un token")
    await user.hover(issueDora)
    expect(await screen.findByRole("tooltip")).toHaveTextContent("La cuenta está desactivada: actívela antes de emitirle un token")
    await user.click(issueDora)
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument()
    expect(server.requests.filter((r) => r.method === "POST" && r.path.endsWith("/job-tokens"))).toEqual([])
  })

  it("shows the server's refusal in the dialog: the account was disabled meanwhile", async () => {
    await server.signIn(admin.email, admin.password)
    const rosa = await createUser("rosa.tokens@palma.cl", "Rosa Tardía")
    const { user } = await openAs(server, admin, "/entities/users?q=rosa.tokens")
    await user.click((await rowOf("Rosa Tardía")).getByRole("button", { name: "Emitir token para Rosa Tardía" }))
    const form = within(await screen.findByRole("dialog", { name: "Emitir token para Rosa Tardía" }))
    await server.api("POST", `/api/auth/local/users/${rosa.id}/disable`)
    await user.type(form.getByRole("textbox", { name: "Nombre" }), "Carga semanal{Enter}")
    expect(await form.findByText("La cuenta está desactivada: actívela antes de emitirle un token")).toBeInTheDocument()
    expect(form.getByRole("textbox", { name: "Nombre" })).toHaveValue("Carga semanal")
    await user.click(form.getByRole("button", { name: "Cancelar" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument())
    expect((await liveTokens()).map((t) => t.userId)).not.toContain(rosa.id)
  })

  it("says when the list could not be loaded, and loads it again on Reintentar", async () => {
    // A failure the server would not give on its own: an empty 500, as a proxy or a crash answers.
    server.override.set("GET /api/auth/local/job-tokens", () => new Response(null, { status: 500 }))
    const { user } = await openAs(server, admin, "/entities/users?q=admin%40")
    expect(await screen.findByText("No se pudo cargar la lista de tokens")).toBeInTheDocument()
    expect(section().getByText("El servidor tuvo un problema. Intente de nuevo en unos minutos.")).toBeInTheDocument()
    server.override.delete("GET /api/auth/local/job-tokens")
    await user.click(section().getByRole("button", { name: "Reintentar" }))
    // Loaded: the list or its empty state (the tests before revoked what they issued).
    expect(await section().findByText("No hay tokens vigentes")).toBeInTheDocument()
    expect(section().queryByText("No se pudo cargar la lista de tokens")).not.toBeInTheDocument()
  })
})
