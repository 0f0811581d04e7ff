import { mkdtemp, readFile, stat, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { PassThrough } from "node:stream"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startServer } from "../../server/test/support/startServer.js"
import { palma } from "./support/palma.js"

const password = "palma-demo"
/** Words a Spanish refusal uses; the exact text is the server's. */
const spanishRefusal = /permis|autoriz|acceso|rol|sesión|no puede/i

describe("palma against a real server", () => {
  let server: Awaited<ReturnType<typeof startServer>>
  /** Each test signs in with its own config dir: no test depends on another's session. */
  const profile = async () => {
    const dir = await mkdtemp(join(tmpdir(), "palma-cli-e2e-"))
    return { PALMA_CONFIG_DIR: dir, PALMA_API_URL: server.url }
  }
  const loggedIn = async (email: string) => {
    const env = await profile()
    const login = await palma(["login", "--email", email, "--password", password], env)
    expect(login.stderr).toBe("")
    expect(login.code).toBe(0)
    return env
  }

  beforeAll(async () => {
    server = await startServer()
  })
  afterAll(async () => {
    await server?.stop()
  })

  it("logs in with flags; whoami shows the name and the role in Spanish", async () => {
    const env = await loggedIn("admin@palma.cl")
    const json = await palma(["whoami", "--json"], env)
    expect(json.code).toBe(0)
    const me = JSON.parse(json.stdout) as { fullName: string; email: string; role: string; roleLabel: string }
    expect(me).toMatchObject({ email: "admin@palma.cl", role: "admin", roleLabel: "Administrador" })
    expect(me.fullName).not.toBe("")

    const text = await palma(["whoami"], env)
    expect(text.code).toBe(0)
    expect(text.stdout).toContain(me.fullName)
    expect(text.stdout).toContain("Administrador")
  })

  // The file's mode under a real process's umask is checked in process.test.ts.
  it("stores the credentials for that server, and never prints the token", async () => {
    const env = await profile()
    const login = await palma(["login", "--email", "admin@palma.cl", "--password", password], env)
    const path = join(env.PALMA_CONFIG_DIR, "credentials.json")
    const stored = JSON.parse(await readFile(path, "utf8")) as { token: string; apiUrl: string; expiresAt: number }
    expect(stored.apiUrl).toBe(server.url.replace(/\/+$/, ""))
    expect(stored.expiresAt).toBeGreaterThan(Date.now())
    expect(login.stdout + login.stderr).not.toContain(stored.token)
  })

  it("refreshes from the session after the token expired long ago, and logout ends that session", async () => {
    const env = await loggedIn("admin@palma.cl")
    const path = join(env.PALMA_CONFIG_DIR, "credentials.json")
    const stored = JSON.parse(await readFile(path, "utf8")) as { refreshToken: string }
    expect(stored.refreshToken).toMatch(/^prt_/)
    // An access token that expired an hour ago (and is not even a token): only the session's credential can help.
    await writeFile(path, JSON.stringify({ ...stored, token: "caducado", expiresAt: Date.now() - 3_600_000 }), { mode: 0o600 })
    expect((await palma(["whoami"], env)).code).toBe(0)
    expect((await palma(["logout"], env)).code).toBe(0)
    const refresh = await fetch(`${server.url}/api/auth/local/refresh`, { method: "POST", headers: { authorization: `Bearer ${stored.refreshToken}` } })
    expect(refresh.status).toBe(401)
  })

  it("refreshes a stored token that is about to expire, keeping the file private", async () => {
    const env = await loggedIn("admin@palma.cl")
    const path = join(env.PALMA_CONFIG_DIR, "credentials.json")
    const stored = JSON.parse(await readFile(path, "utf8")) as { expiresAt: number }
    await writeFile(path, JSON.stringify({ ...stored, expiresAt: Date.now() + 30_000 }), { mode: 0o600 })
    const run = await palma(["whoami"], env)
    expect(run.code).toBe(0)
    const refreshed = JSON.parse(await readFile(path, "utf8")) as { expiresAt: number }
    expect(refreshed.expiresAt).toBeGreaterThan(Date.now() + 2 * 60_000)
    if (process.platform !== "win32") expect((await stat(path)).mode & 0o777).toBe(0o600)
  })

  it("rejects a wrong password with exit 3 and a Spanish message, storing nothing", async () => {
    const env = await profile()
    const run = await palma(["login", "--email", "admin@palma.cl", "--password", "incorrecta"], env)
    expect(run.code).toBe(3)
    expect(run.stderr).not.toBe("")
    await expect(stat(join(env.PALMA_CONFIG_DIR, "credentials.json"))).rejects.toThrow()
  })

  it("lists families as JSON, as a table and as CSV", async () => {
    const env = await loggedIn("operador@palma.cl")
    const json = await palma(["list", "family", "--json"], env)
    expect(json.code).toBe(0)
    const families = JSON.parse(json.stdout) as ReadonlyArray<{ id: string; name: string }>
    expect(families.map((f) => f.name)).toContain("Hogar")

    const table = await palma(["list", "family"], env)
    expect(table.code).toBe(0)
    expect(table.stdout.split("\n")[0]).toMatch(/^ID\s+Nombre\s+Activo$/)
    expect(table.stdout).toMatch(/Hogar\s+Sí/)

    const csv = await palma(["list", "family", "--csv"], env)
    expect(csv.code).toBe(0)
    expect(csv.stdout.startsWith("ID,Nombre,Activo\r\n")).toBe(true)
    expect(csv.stdout).toContain(",Hogar,Sí\r\n")
  })

  it("filters family-scoped masters with --family", async () => {
    const env = await loggedIn("operador@palma.cl")
    const families = JSON.parse((await palma(["list", "family", "--json"], env)).stdout) as ReadonlyArray<{ id: string; name: string }>
    const hogar = families.find((f) => f.name === "Hogar")
    expect(hogar).toBeDefined()
    const run = await palma(["list", "specialty", "--family", hogar!.id, "--json"], env)
    expect(run.code).toBe(0)
    const specialties = JSON.parse(run.stdout) as ReadonlyArray<{ family_id: string }>
    expect(specialties.every((s) => s.family_id === hogar!.id)).toBe(true)

    expect((await palma(["list", "stage", "--family", hogar!.id], env)).code).toBe(2)
    expect((await palma(["list", "specialty", "--family", "hogar"], env)).code).toBe(2)
  })

  it("lists the 346 comunas", async () => {
    const env = await loggedIn("moderador@palma.cl")
    const run = await palma(["list", "district", "--json"], env)
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout)).toHaveLength(346)
  })

  it("refuses a user without a role with exit 3 and a Spanish message", async () => {
    const env = await loggedIn("invitado@palma.cl")
    expect((await palma(["whoami"], env)).stdout).toContain("sin rol")
    const run = await palma(["list", "family"], env)
    expect(run.code).toBe(3)
    expect(run.stdout).toBe("")
    expect(run.stderr).toMatch(spanishRefusal)
  })

  it("rejects an unknown resource with exit 2", async () => {
    const env = await loggedIn("admin@palma.cl")
    const run = await palma(["list", "insureds"], env)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain("Recurso desconocido")
  })

  it("uses PALMA_TOKEN without logging in", async () => {
    const env = await loggedIn("admin@palma.cl")
    const { token } = JSON.parse(await readFile(join(env.PALMA_CONFIG_DIR, "credentials.json"), "utf8")) as { token: string }
    const fresh = await profile()
    const run = await palma(["list", "family", "--json"], { ...fresh, PALMA_TOKEN: token })
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout)).not.toHaveLength(0)
    expect((await palma(["whoami"], fresh)).code).toBe(3)
  })

  it("refuses a PALMA_TOKEN that is not shaped like a token (a file that caught pnpm's banner), exit 2, saying so", async () => {
    const env = await loggedIn("admin@palma.cl")
    const { token } = JSON.parse(await readFile(join(env.PALMA_CONFIG_DIR, "credentials.json"), "utf8")) as { token: string }
    // What `PALMA_TOKEN=$(cat job.token)` reads when the file came from `npx -y pnpm@10 palma users token … > job.token`.
    const banner = `\n> palma@ palma /srv/palma\n> node packages/cli/bin/palma.mjs users token tarea@palma.cl\n\n${token}`
    const run = await palma(["list", "family", "--json"], { ...(await profile()), PALMA_TOKEN: banner })
    expect(run.code).toBe(2)
    expect(run.stdout).toBe("")
    expect(run.stderr).toMatch(/^PALMA_TOKEN no tiene la forma de un token/)
    expect(run.stderr).toContain("pnpm@10 -s palma")
    expect(run.stderr).not.toContain(token)
  })

  it("logs out; whoami then exits 3", async () => {
    const env = await loggedIn("moderador@palma.cl")
    const logout = await palma(["logout"], env)
    expect(logout.code).toBe(0)
    expect(logout.stdout).toBe("Sesión cerrada.\n")
    expect(logout.stderr).toBe("")
    await expect(stat(join(env.PALMA_CONFIG_DIR, "credentials.json"))).rejects.toThrow()
    const whoami = await palma(["whoami"], env)
    expect(whoami.code).toBe(3)
    expect(whoami.stderr).toContain("palma login")
  })

  it("lets an admin add a user who can then log in; others get exit 3", async () => {
    const admin = await loggedIn("admin@palma.cl")
    const add = await palma(["users", "add", "--email", "nueva@palma.cl", "--name", "Nora Nueva", "--role", "moderator", "--password", "clave-segura-1"], admin)
    expect(add.stderr).toBe("")
    expect(add.code).toBe(0)
    expect(add.stdout).toContain("Nora Nueva")
    expect(add.stdout).not.toContain("clave-segura-1")

    const env = await profile()
    expect((await palma(["login", "--email", "nueva@palma.cl", "--password", "clave-segura-1"], env)).code).toBe(0)
    const me = JSON.parse((await palma(["whoami", "--json"], env)).stdout) as { fullName: string; role: string }
    expect(me).toMatchObject({ fullName: "Nora Nueva", role: "moderator" })

    const operator = await loggedIn("operador@palma.cl")
    const denied = await palma(["users", "add", "--email", "otra@palma.cl", "--name", "Otra", "--role", "user", "--password", "clave-segura-2"], operator)
    expect(denied.code).toBe(3)
  })

  it("warns on logout that PALMA_TOKEN still signs commands in", async () => {
    const run = await palma(["logout"], { ...(await profile()), PALMA_TOKEN: "un-token" })
    expect(run.code).toBe(0)
    expect(run.stdout).toBe("No había una sesión guardada.\n")
    expect(run.stderr).toContain("PALMA_TOKEN")
  })

  it("asks for a missing password at a terminal, masked on stderr, leaving stdout to the result", async () => {
    const env = await profile()
    const stdin = new PassThrough()
    stdin.write("palma-demo\r")
    const run = await palma(["login", "--email", "admin@palma.cl"], env, { stdin })
    expect(run.code, run.stderr).toBe(0)
    expect(run.stderr).toContain("Contraseña:")
    expect(run.stderr).toContain("**********")
    expect(run.stderr).not.toContain("palma-demo")
    expect(run.stdout).toMatch(/^Sesión iniciada en .+ como .+ \(Administrador\)\.\n$/)
  })

  it("prints help on stdout (0) and its usage errors in Spanish on stderr (2)", async () => {
    const help = await palma(["--help"], await profile())
    expect(help.code).toBe(0)
    expect(help.stdout).toMatch(/^Uso: palma \[opciones\] \[comando\]/)
    expect(help.stderr).toBe("")
    const bogus = await palma(["list", "family", "--bogus"], await profile())
    expect(bogus.code).toBe(2)
    expect(bogus.stdout).toBe("")
    expect(bogus.stderr).toBe("error: opción desconocida «--bogus»\n")
  })

  it("requires a password without a terminal (exit 2) rather than inventing one", async () => {
    const admin = await loggedIn("admin@palma.cl")
    const run = await palma(["users", "add", "--email", "sin@palma.cl", "--name", "Sin Clave", "--role", "none"], admin)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain("--password")
  })

  it("asks for missing login options only at a terminal: exit 2 otherwise", async () => {
    const run = await palma(["login", "--email", "admin@palma.cl"], await profile())
    expect(run.code).toBe(2)
    expect(run.stderr).toContain("--password")
  })

  it("exits 1 with a Spanish message when the server cannot be reached", async () => {
    const env = await profile()
    const run = await palma(["login", "--email", "admin@palma.cl", "--password", password], { ...env, PALMA_API_URL: "http://127.0.0.1:9" })
    expect(run.code).toBe(1)
    expect(run.stderr).toContain("No se pudo conectar con el servidor")
  })
})
