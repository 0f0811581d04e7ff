import { access, mkdir, mkdtemp, readdir } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { PassThrough } from "node:stream"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startServer } from "../../server/test/support/startServer.js"
import { openSession } from "../src/session.js"
import { palma } from "./support/palma.js"

/**
 * Issue 14: "`palma cases export` … non-interactive with PALMA_API_URL and PALMA_TOKEN (and a
 * long-lived token an admin can issue for a job account, revocable)". An admin issues it with
 * `palma users token`; the job runs with it and nothing else: no login, no credentials file.
 */
describe("job tokens from the CLI (palma users token|tokens|revoke-token)", () => {
  let server: Awaited<ReturnType<typeof startServer>>
  let dir: string
  let admin: Record<string, string>

  const loggedIn = async (email: string, password: string) => {
    const env = { PALMA_CONFIG_DIR: await mkdtemp(join(dir, "perfil-")), PALMA_API_URL: server.url }
    const login = await palma(["login", "--email", email, "--password", password], env)
    expect(login.code, login.stderr).toBe(0)
    return env
  }
  /** A scheduled job's environment: an empty config dir of its own, the server and the token. */
  const jobEnv = async (token: string) => {
    const config = join(await mkdtemp(join(dir, "tarea-")), "config")
    await mkdir(config)
    return { PALMA_CONFIG_DIR: config, PALMA_API_URL: server.url, PALMA_TOKEN: token }
  }

  beforeAll(async () => {
    // The default token lifetime: a job's access token lives a minute, the job token does not.
    server = await startServer({ env: { PALMA_LOCAL_TOKEN_TTL_SECONDS: "60" } })
    dir = await mkdtemp(join(tmpdir(), "palma-cli-jobtokens-"))
    admin = await loggedIn("admin@palma.cl", "palma-demo")
    const add = await palma(
      ["users", "add", "--email", "tarea@palma.cl", "--name", "Tarea Programada", "--role", "user", "--password", "clave-segura-1"],
      admin
    )
    expect(add.code, add.stderr).toBe(0)
  })
  afterAll(() => server?.stop())

  it("issues a token (the secret alone on stdout), a job exports with it and no session, it is listed, and revoked it exits 3", async () => {
    const issue = await palma(["users", "token", "TAREA@palma.cl", "--name", "Exportación nocturna", "--days", "30"], admin)
    expect(issue.code, issue.stderr).toBe(0)
    expect(issue.stdout).toMatch(/^prt_sess_[\w-]+\.[\w-]+\n$/)
    const token = issue.stdout.trim()
    expect(issue.stderr).toContain("tarea@palma.cl")
    expect(issue.stderr).toContain("Guárdelo ahora: no se volverá a mostrar")
    expect(issue.stderr).toContain("PALMA_TOKEN=$(cat")
    expect(issue.stderr).not.toContain(token)

    const env = await jobEnv(token)
    const file = join(dir, "casos.xlsx")
    const run = await palma(["cases", "export", "--case-date", "Todos", "-o", file, "--json"], env)
    expect(run.code, run.stderr).toBe(0)
    expect(run.stderr).toBe("")
    await access(file)
    expect((JSON.parse(run.stdout) as { cases: number }).cases).toBeGreaterThan(0)
    // It acts as its account, with that account's role; nothing was stored.
    const me = await palma(["whoami", "--json"], env)
    expect(me.code, me.stderr).toBe(0)
    expect(JSON.parse(me.stdout)).toMatchObject({ email: "tarea@palma.cl", role: "user" })
    expect(await readdir(env.PALMA_CONFIG_DIR)).toEqual([])

    const table = await palma(["users", "tokens"], admin)
    expect(table.code, table.stderr).toBe(0)
    expect(table.stdout).toMatch(/^Id\s+Nombre\s+Cuenta\s+Emitido por\s+Creado\s+Último uso\s+Vence\n/)
    expect(table.stdout).toMatch(/Exportación nocturna\s+tarea@palma\.cl\s+admin@palma\.cl\s+\d{2}-\d{2}-\d{4} \d{2}:\d{2}/)
    const listed = await palma(["users", "tokens", "--json"], admin)
    expect(listed.code, listed.stderr).toBe(0)
    expect(listed.stdout).not.toContain(token.split(".")[1]!)
    const tokens = JSON.parse(listed.stdout) as Array<{ id: string; name: string; userEmail: string; issuedBy: string }>
    const mine = tokens.find((t) => t.name === "Exportación nocturna")
    expect(mine).toMatchObject({ userEmail: "tarea@palma.cl", issuedBy: "admin@palma.cl" })
    expect(table.stdout).toContain(mine!.id)

    const revoke = await palma(["users", "revoke-token", mine!.id], admin)
    expect(revoke.code, revoke.stderr).toBe(0)
    expect(revoke.stdout).toBe("Token «Exportación nocturna» de tarea@palma.cl revocado: la tarea que lo usa ya no puede conectarse.\n")
    const refused = await palma(["cases", "list"], env)
    expect(refused.code).toBe(3)
    expect(refused.stdout).toBe("")
    expect(refused.stderr).toContain("El token de la tarea (PALMA_TOKEN) fue revocado, venció o su cuenta está desactivada")
    expect(refused.stderr).toContain("palma users token")
    expect(refused.stderr).not.toContain(token.split(".")[1]!)
    expect((await palma(["users", "tokens", "--json"], admin)).stdout).not.toContain(mine!.id)
    // Revoked twice: the server's 404, the usual not-found exit.
    const again = await palma(["users", "revoke-token", mine!.id], admin)
    expect(again.code).toBe(1)
    expect(again.stderr).toContain("No hay un token vigente con ese identificador")
  })

  it("prints the whole issued token as JSON with --json, 365 days by default", async () => {
    const run = await palma(["users", "token", "tarea@palma.cl", "--name", "Carga semanal", "--json"], admin)
    expect(run.code, run.stderr).toBe(0)
    expect(run.stderr).toBe("")
    const issued = JSON.parse(run.stdout) as { token: string; name: string; userEmail: string; createdAt: string; expiresAt: string }
    expect(issued).toMatchObject({ name: "Carga semanal", userEmail: "tarea@palma.cl", token: expect.stringMatching(/^prt_sess_/) })
    expect((Date.parse(issued.expiresAt) - Date.parse(issued.createdAt)) / 86_400_000).toBeCloseTo(365, 5)
    const list = await palma(["cases", "list"], await jobEnv(issued.token))
    expect(list.code, list.stderr).toBe(0)
  })

  it("checks the name and days before calling, refuses an unknown account (exit 1) and non-admins (exit 3)", async () => {
    const days = await palma(["users", "token", "tarea@palma.cl", "--name", "x", "--days", "1000"], admin)
    expect(days.code).toBe(2)
    expect(days.stderr).toContain("Días inválidos: un entero entre 1 y 400")
    expect((await palma(["users", "token", "tarea@palma.cl", "--name", "x", "--days", "treinta"], admin)).code).toBe(2)
    expect((await palma(["users", "token", "tarea@palma.cl", "--name", " "], admin)).code).toBe(2)
    expect((await palma(["users", "token", "tarea@palma.cl"], admin)).code).toBe(2)
    const unknown = await palma(["users", "token", "nadie@palma.cl", "--name", "x"], admin)
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toContain("No existe un usuario con el correo «nadie@palma.cl»")
    const operator = await loggedIn("operador@palma.cl", "palma-demo")
    expect((await palma(["users", "token", "tarea@palma.cl", "--name", "x"], operator)).code).toBe(3)
    expect((await palma(["users", "tokens"], operator)).code).toBe(3)
  })

  it("revoked while a job runs, its next call says the job token ended, not to log in", async () => {
    const issued = await palma(["users", "token", "tarea@palma.cl", "--name", "Revocada en marcha"], admin)
    expect(issued.code, issued.stderr).toBe(0)
    const env = { PALMA_API_URL: server.url, PALMA_TOKEN: issued.stdout.trim() }
    const io = { env, stdout: new PassThrough(), stderr: new PassThrough(), stdin: new PassThrough(), interactive: false, configDir: admin.PALMA_CONFIG_DIR! }
    const { call } = await openSession({}, io)
    const cases = () => call((c) => c.case.getAll({ urlParams: {} }))
    await cases()
    const tokens = JSON.parse((await palma(["users", "tokens", "--json"], admin)).stdout) as ReadonlyArray<{ id: string; name: string }>
    const running = tokens.find((t) => t.name === "Revocada en marcha")!
    expect((await palma(["users", "revoke-token", running.id], admin)).code).toBe(0)
    await expect(cases()).rejects.toThrow("El token de la tarea (PALMA_TOKEN) fue revocado")
  })

  it("a malformed job token is refused like a revoked one, without echoing it", async () => {
    const run = await palma(["whoami"], await jobEnv("prt_no-es-un-token"))
    expect(run.code).toBe(3)
    expect(run.stderr).toContain("fue revocado, venció")
    expect(run.stderr).not.toContain("prt_no-es-un-token")
  })
})

describe("a job token in a long run", () => {
  it("gets a fresh access token before a call that would start with a lapsed one", async () => {
    // Access tokens of a second: the server's 5 s clock skew is all that would keep a stale one alive.
    const server = await startServer({ env: { PALMA_LOCAL_TOKEN_TTL_SECONDS: "1" } })
    try {
      const admin = { PALMA_CONFIG_DIR: await mkdtemp(join(tmpdir(), "palma-cli-jobtokens-")), PALMA_API_URL: server.url }
      expect((await palma(["login", "--email", "admin@palma.cl", "--password", "palma-demo"], admin)).code).toBe(0)
      const issued = await palma(["users", "token", "operador@palma.cl", "--name", "Carga larga"], admin)
      expect(issued.code, issued.stderr).toBe(0)
      const env = { PALMA_API_URL: server.url, PALMA_TOKEN: issued.stdout.trim() }
      const io = { env, stdout: new PassThrough(), stderr: new PassThrough(), stdin: new PassThrough(), interactive: false, configDir: admin.PALMA_CONFIG_DIR }
      const { call } = await openSession({}, io)
      const cases = () => call((c) => c.case.getAll({ urlParams: {} }))
      await cases()
      await new Promise((resolve) => setTimeout(resolve, 7_000))
      await expect(cases()).resolves.toBeDefined()
    } finally {
      await server.stop()
    }
    // Its own server and two CLI processes before the 7 s wait: on a loaded machine (CI with 3 workers on 2 cores) 20 s was not enough.
  }, 90_000)
})
