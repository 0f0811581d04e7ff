import { spawnSync } from "node:child_process"
import { mkdtemp, readdir, readFile, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { gunzipSync } from "node:zlib"
import { backupFileName } from "@palma/core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { demoTokens } from "../../server/test/support/api.js"
import { startServer } from "../../server/test/support/startServer.js"
import { spawnPalma } from "./support/palma.js"

/**
 * `palma backup` as an admin's scheduled job runs it: the built executable, PALMA_API_URL and
 * PALMA_TOKEN, no TTY. The copy appears whole under its name or not at all; that it restores is the
 * server's suite (backupRestore).
 */
const onPostgres = Boolean(process.env.DATABASE_URL)

describe("palma backup (a copy of the embedded database)", () => {
  let server: Awaited<ReturnType<typeof startServer>>
  let tokens: Awaited<ReturnType<typeof demoTokens>>
  let dir: string
  const envAs = (token: string) => ({ PALMA_CONFIG_DIR: join(dir, "config"), PALMA_API_URL: server.url, PALMA_TOKEN: token })

  beforeAll(async () => {
    server = await startServer()
    tokens = await demoTokens(server.url)
    dir = await mkdtemp(join(tmpdir(), "palma-cli-backup-"))
  })
  afterAll(() => server?.stop())

  it.skipIf(onPostgres)("writes palma-AAAA-MM-DD.tar.gz (today in Chile) where it runs, whole, with nothing else left beside it", async () => {
    const folder = await mkdtemp(join(dir, "hoy-"))
    const run = await spawnPalma(["backup"], envAs(tokens.admin), { cwd: folder })
    expect(run.code, run.stderr).toBe(0)
    const name = backupFileName(new Date())
    expect(run.stdout).toMatch(new RegExp(`^${name.replace(/\./g, "\\.")}: copia de la base de datos \\([\\d,]+ MB\\)\\n$`))
    expect(run.stderr).toBe("")
    // Only the target: the temporary file it was written to was renamed over it.
    expect(await readdir(folder)).toEqual([name])
    const listed = spawnSync("tar", ["-tzf", join(folder, name)], { encoding: "utf8" })
    expect(listed.status, listed.stderr).toBe(0)
    expect(listed.stdout.split("\n")).toContain("PG_VERSION")
  })

  it.skipIf(onPostgres)("replaces a file only with --force, and says where it wrote and how much as JSON", async () => {
    const file = join(dir, "copia.tar.gz")
    await writeFile(file, "anterior")
    const refused = await spawnPalma(["backup", "-o", file], envAs(tokens.admin))
    expect(refused.code).toBe(2)
    expect(refused.stderr).toBe(`El archivo ${file} ya existe. Use --force para reemplazarlo.\n`)
    expect(await readFile(file, "utf8")).toBe("anterior")

    const run = await spawnPalma(["backup", "-o", file, "--force", "--json"], envAs(tokens.admin))
    expect(run.code, run.stderr).toBe(0)
    const bytes = await readFile(file)
    expect(JSON.parse(run.stdout)).toEqual({ file, bytes: bytes.byteLength })
    expect(gunzipSync(bytes).byteLength).toBeGreaterThan(bytes.byteLength)
  })

  it("refuses a folder that does not exist before calling anyone, in Spanish: exit 2, nothing written", async () => {
    const run = await spawnPalma(["backup", "-o", join(dir, "falta", "copia.tar.gz")], envAs(tokens.admin))
    expect(run.code).toBe(2)
    expect(run.stderr).toBe(`La carpeta ${join(dir, "falta")} no existe: créela o elija otra.\n`)
    expect(await readdir(dir)).not.toContain("falta")
  })

  it("is an admin's: another role exits 3 with the server's reason, nothing written", async () => {
    const file = join(dir, "operador.tar.gz")
    const run = await spawnPalma(["backup", "-o", file], envAs(tokens.moderator))
    expect(run.code).toBe(3)
    expect(run.stderr).toBe("Esta operación requiere el rol de administrador\n")
    expect((await readdir(dir)).filter((name) => name.includes("operador"))).toEqual([])
  })

  it.runIf(onPostgres)("on PostgreSQL says to use pg_dump: exit 1, nothing written", async () => {
    const file = join(dir, "pg.tar.gz")
    const run = await spawnPalma(["backup", "-o", file], envAs(tokens.admin))
    expect(run.code).toBe(1)
    expect(run.stderr).toContain("pg_dump")
    expect((await readdir(dir)).filter((name) => name.includes("pg."))).toEqual([])
  })
})
