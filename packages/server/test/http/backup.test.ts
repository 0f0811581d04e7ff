import { spawnSync } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { gunzipSync } from "node:zlib"
import { chileDateOf } from "@palma/core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { clientAs, demo, demoTokens, signIn } from "../support/api.js"
import { type InProcessServer, startServer } from "../support/startServer.js"

/**
 * Issue 33 §5: `GET /api/backup` streams a copy of the embedded database to admins, as a gzipped
 * tar of its data dir; job tokens act as their account. On PostgreSQL it answers 409 pointing at
 * pg_dump. That the copy restores to the same data is the restore suite's (lifecycle/backupRestore).
 */
const onPostgres = Boolean(process.env.DATABASE_URL)

let server: InProcessServer
let tokens: Awaited<ReturnType<typeof demoTokens>>
let dir: string

beforeAll(async () => {
  server = await startServer()
  tokens = await demoTokens(server.url)
  dir = mkdtempSync(join(tmpdir(), "palma-backup-"))
})
afterAll(async () => {
  await server?.stop()
  rmSync(dir, { recursive: true, force: true })
})

const backup = (token: string | undefined) => fetch(`${server.url}/api/backup`, { headers: token === undefined ? {} : { authorization: `Bearer ${token}` } })

/** The names a gzipped tar holds, as `tar` lists them. */
const entriesOf = (gzipped: Uint8Array) => {
  const file = join(dir, `copia-${Date.now()}.tar.gz`)
  writeFileSync(file, gzipped)
  const listed = spawnSync("tar", ["-tzf", file], { encoding: "utf8" })
  expect(listed.status, listed.stderr).toBe(0)
  return listed.stdout.split("\n").filter((line) => line !== "")
}

describe.skipIf(onPostgres)("GET /api/backup on the embedded database", () => {
  it("gives an admin the database as palma-AAAA-MM-DD.tar.gz (Chile's day), and logs who asked by user id only", async () => {
    const response = await backup(tokens.admin)
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toBe("application/gzip")
    expect(response.headers.get("cache-control")).toBe("private, no-store")
    // Read right after the answer: a request just before midnight in Chile could name the other day.
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename=palma-${chileDateOf(new Date())}.tar.gz`)
    const gzipped = new Uint8Array(await response.arrayBuffer())
    expect(gunzipSync(gzipped).byteLength).toBeGreaterThan(gzipped.byteLength)
    const entries = entriesOf(gzipped)
    expect(entries).toContain("PG_VERSION")
    expect(entries).toContain("global/pg_control")
    // After its checkpoint only the WAL a restore replays is in it, not PostgreSQL's spare 16 MB segments.
    expect(entries.filter((name) => /^pg_wal\/[0-9A-F]{24}$/.test(name)).length).toBeLessThanOrEqual(2)

    const { userId } = await clientAs(server.url, tokens.admin)((c) => c.auth.me())
    const line = server
      .output()
      .split("\n")
      .find((l) => l.includes("Copia de seguridad de la base de datos pedida por el usuario"))
    expect(line).toContain(userId)
    expect(line).not.toContain(demo.admin)
  })

  it("is for admins only: 401 without a token, 403 in Spanish for every other role", async () => {
    expect((await backup(undefined)).status).toBe(401)
    for (const role of ["none", "user", "moderator"] as const) {
      const response = await backup(tokens[role])
      expect(response.status, role).toBe(403)
      expect(await response.json()).toMatchObject({ _tag: "Forbidden", message: "Esta operación requiere el rol de administrador" })
    }
  })

  it("takes a job token as its account: an admin account's job gets the copy, a user account's is refused", async () => {
    const admin = clientAs(server.url, tokens.admin)
    const jobOf = async (email: string, role: "admin" | "user") => {
      const account = await admin((c) => c.auth.createUser({ payload: { email, fullName: `Respaldo ${role}`, role, password: "clave-segura-1" } }))
      const issued = await admin((c) => c.users.issueJobToken({ path: { id: account.id }, payload: { name: "Respaldo nocturno" } }))
      const refreshed = await fetch(`${server.url}/api/auth/local/refresh`, { method: "POST", headers: { authorization: `Bearer ${issued.token}` } })
      return ((await refreshed.json()) as { token: string }).token
    }
    const allowed = await backup(await jobOf("respaldo-admin@palma.cl", "admin"))
    expect(allowed.status).toBe(200)
    expect(entriesOf(new Uint8Array(await allowed.arrayBuffer()))).toContain("PG_VERSION")
    expect((await backup(await jobOf("respaldo-operador@palma.cl", "user"))).status).toBe(403)
  })
})

describe.runIf(onPostgres)("GET /api/backup on PostgreSQL", () => {
  it("answers 409 in Spanish: that database is backed up with pg_dump", async () => {
    const response = await backup(await signIn(server.url, demo.admin))
    expect(response.status).toBe(409)
    expect(await response.json()).toMatchObject({ _tag: "Conflict", message: expect.stringContaining("pg_dump") })
  })
})
