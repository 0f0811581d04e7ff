import { mkdtemp } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startServer } from "../../server/test/support/startServer.js"
import { palma } from "./support/palma.js"

/** `palma users list|role|disable|enable` against a real server (issue 10 §1). */
describe("palma users", () => {
  let server: Awaited<ReturnType<typeof startServer>>
  const profile = async () => ({ PALMA_CONFIG_DIR: await mkdtemp(join(tmpdir(), "palma-cli-users-")), PALMA_API_URL: server.url })
  const loggedIn = async (email: string, password = "palma-demo") => {
    const env = await profile()
    const login = await palma(["login", "--email", email, "--password", password], env)
    expect(login.code, login.stderr).toBe(0)
    return env
  }
  let admin: Awaited<ReturnType<typeof profile>>

  beforeAll(async () => {
    // The default token lifetime (test servers otherwise keep 600 s tokens): the CLI refreshes before each command.
    server = await startServer({ env: { PALMA_LOCAL_TOKEN_TTL_SECONDS: "60" } })
    admin = await loggedIn("admin@palma.cl")
    const add = await palma(["users", "add", "--email", "ramon@palma.cl", "--name", "Ramón Núñez", "--role", "user", "--password", "clave-segura-1"], admin)
    expect(add.code, add.stderr).toBe(0)
  })
  afterAll(() => server?.stop())

  it("lists users as a table, and as JSON for scripts, searching without accents", async () => {
    const table = await palma(["users", "list"], admin)
    expect(table.code, table.stderr).toBe(0)
    expect(table.stdout).toMatch(/^Nombre\s+Correo\s+Rol\s+Estado\s+Id\n/)
    expect(table.stdout).toMatch(/admin@palma\.cl\s+Administrador\s+activo\s+user_/)
    const json = await palma(["users", "list", "--search", "nunez", "--json"], admin)
    expect(json.code, json.stderr).toBe(0)
    const page = JSON.parse(json.stdout) as { items: Array<{ email: string; role: string; disabled: boolean }>; total: number }
    expect(page.items).toEqual([expect.objectContaining({ email: "ramon@palma.cl", role: "user", disabled: false })])
    expect(page.total).toBe(1)
  })

  it("changes a role by email; the user's next token carries it", async () => {
    const user = await loggedIn("ramon@palma.cl", "clave-segura-1")
    const run = await palma(["users", "role", "RAMON@palma.cl", "moderator"], admin)
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toContain("Ramón Núñez <ramon@palma.cl>, Supervisor")
    // The CLI refreshes its short-lived token before each command: whoami reads the new role.
    const me = JSON.parse((await palma(["whoami", "--json"], user)).stdout) as { role: string }
    expect(me.role).toBe("moderator")
    expect((await palma(["users", "role", "ramon@palma.cl", "admin-total"], admin)).code).toBe(2)
  })

  it("disables a user, whose stored session stops working (exit 3), and enables them again", async () => {
    const user = await loggedIn("ramon@palma.cl", "clave-segura-1")
    const disable = await palma(["users", "disable", "ramon@palma.cl"], admin)
    expect(disable.code, disable.stderr).toBe(0)
    expect(disable.stdout).toContain("desactivado")
    expect((await palma(["whoami"], user)).code).toBe(3)
    const listed = JSON.parse((await palma(["users", "list", "--search", "ramon", "--json"], admin)).stdout) as { items: Array<{ disabled: boolean }> }
    expect(listed.items[0]?.disabled).toBe(true)
    const enable = await palma(["users", "enable", "ramon@palma.cl"], admin)
    expect(enable.code, enable.stderr).toBe(0)
    expect((await palma(["login", "--email", "ramon@palma.cl", "--password", "clave-segura-1"], await profile())).code).toBe(0)
  })

  it("refuses the last admin's demotion in Spanish, an unknown email (exit 1) and non-admins (exit 3)", async () => {
    const demote = await palma(["users", "role", "admin@palma.cl", "user"], admin)
    expect(demote.code).toBe(1)
    expect(demote.stderr).toMatch(/al menos un administrador activo/)
    const unknown = await palma(["users", "disable", "nadie@palma.cl"], admin)
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toContain("No existe un usuario con el correo «nadie@palma.cl»")
    expect((await palma(["users", "list"], await loggedIn("operador@palma.cl"))).code).toBe(3)
  })
})
