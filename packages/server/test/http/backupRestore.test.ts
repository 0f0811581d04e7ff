import { spawn } from "node:child_process"
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { send } from "../security/http.js"
import { demoTokens, signIn, demo } from "../support/api.js"
import { rutOf } from "../support/catalogFixture.js"
import { caseFixture, newCase } from "../support/caseFixture.js"
import { startServerProcess } from "../support/serverProcess.js"
import { type InProcessServer, startServer } from "../support/startServer.js"

/**
 * Issue 33 §5, "a restored backup serves the same data": a copy taken from a running server through
 * `GET /api/backup`, restored by the built `dist/restore.js` onto a data dir with no database, and
 * a server process started on it. What was written before the copy is there, what came after is not;
 * a data dir that holds a database is never written over.
 */
const restorePath = fileURLToPath(new URL("../../dist/restore.js", import.meta.url))

/** `node dist/restore.js <file>` as an operator runs it, with the given data dir and nothing of the caller's PALMA_* or DATABASE_URL. */
const restore = (file: string, env: Readonly<Record<string, string>>) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("PALMA_") && key !== "DATABASE_URL"))
    const child = spawn(process.execPath, [restorePath, file], { env: { ...inherited, ...env }, stdio: ["ignore", "pipe", "pipe"] })
    let stdout = ""
    let stderr = ""
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk))
    child.on("error", reject)
    child.on("close", (code) => resolve({ code, stdout, stderr }))
  })

describe.skipIf(Boolean(process.env.DATABASE_URL))("restoring a backup onto a data dir with no database", { timeout: 300_000 }, () => {
  let source: InProcessServer
  let tokens: Awaited<ReturnType<typeof demoTokens>>
  let dir: string

  beforeAll(async () => {
    source = await startServer()
    tokens = await demoTokens(source.url)
    dir = mkdtempSync(join(tmpdir(), "palma-restore-"))
  })
  afterAll(async () => {
    await source?.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  type Json = Record<string, unknown>
  const post = async (url: string, path: string, body: unknown, token: string) => {
    const response = await send(url, "POST", path, { token, body: JSON.stringify(body) })
    expect(response.status, response.text).toBe(200)
    return response.json as Json
  }
  const statusOf = async (url: string, path: string, token: string) => (await send(url, "GET", path, { token })).status

  it("a server started on the restored copy serves the case and person written before it, not those written after", async () => {
    const fixture = await caseFixture(source)
    const writeCase = () => post(source.url, "/api/case/upsert", newCase(fixture), tokens.user)
    const writePerson = (rut: string) => post(source.url, "/api/insured/upsert", { rut, name: "Respaldada", paternalLastName: "Antes" }, tokens.user)
    const caseBefore = await writeCase()
    const personBefore = await writePerson(rutOf(16_234_561))

    const response = await fetch(`${source.url}/api/backup`, { headers: { authorization: `Bearer ${tokens.admin}` } })
    expect(response.status).toBe(200)
    const file = join(dir, "palma-copia.tar.gz")
    writeFileSync(file, new Uint8Array(await response.arrayBuffer()))

    const caseAfter = await writeCase()
    const personAfter = await writePerson(rutOf(16_234_572))

    const dataDir = join(dir, "datos")
    const restored = await restore(file, { PALMA_DATA_DIR: dataDir })
    expect(restored.stderr).toBe("")
    expect(restored.code).toBe(0)
    expect(restored.stdout).toBe(`Copia ${file} restaurada en ${dataDir}. Inicie Palma con ese PALMA_DATA_DIR.\n`)

    const server = await startServerProcess({ dataDir })
    try {
      const token = await signIn(server.url, demo.user)
      const read = await send(server.url, "GET", `/api/case/getById/${String(caseBefore.case_id)}`, { token })
      expect(read.status, read.text).toBe(200)
      expect(read.json).toMatchObject({ case_id: caseBefore.case_id, case_number: caseBefore.case_number, version: caseBefore.version })
      expect(await statusOf(server.url, `/api/insured/getById/${String(personBefore.id)}`, token)).toBe(200)
      expect(await statusOf(server.url, `/api/case/getById/${String(caseAfter.case_id)}`, token)).toBe(404)
      expect(await statusOf(server.url, `/api/insured/getById/${String(personAfter.id)}`, token)).toBe(404)
    } finally {
      await server.stop()
    }

    // Restoring again onto it is refused, in Spanish, and its database is left as it was.
    const files = readdirSync(join(dataDir, "pglite"), { recursive: true }).length
    const again = await restore(file, { PALMA_DATA_DIR: dataDir })
    expect(again.code).toBe(1)
    expect(again.stderr).toBe(
      `No se pudo restaurar la copia: El directorio de datos ${dataDir} ya tiene una base de datos: una copia se restaura solo donde no hay ninguna. ` +
        `Use otro PALMA_DATA_DIR, o mueva ${join(dataDir, "pglite")} a otra parte si de verdad quiere reemplazarla.\n`
    )
    expect(readdirSync(join(dataDir, "pglite"), { recursive: true }).length).toBe(files)
  })

  it("refuses what is not a backup and PostgreSQL, saying what to do, and leaves no database behind", async () => {
    const empty = join(dir, "vacio")
    const notGzip = join(dir, "nota.tar.gz")
    writeFileSync(notGzip, "no es una copia")
    const refused = await restore(notGzip, { PALMA_DATA_DIR: empty })
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain("no es una copia de Palma")
    expect(readdirSync(empty)).toEqual([])

    const missing = await restore(join(dir, "no-existe.tar.gz"), { PALMA_DATA_DIR: empty })
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain("No se puede leer el archivo")

    const postgres = await restore(notGzip, { PALMA_DATA_DIR: empty, DATABASE_URL: "postgres://palma@127.0.0.1:1/palma" })
    expect(postgres.code).toBe(1)
    expect(postgres.stderr).toContain("pg_restore")

    expect((await restore("", {})).code).toBe(2)
  })
})
