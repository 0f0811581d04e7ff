import { mkdtemp, readdir, readFile, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import ExcelJS from "exceljs"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { demoTokens } from "../../server/test/support/api.js"
import { startServer } from "../../server/test/support/startServer.js"
import { palma } from "./support/palma.js"

/**
 * `palma cases export` as a scheduled job runs it: PALMA_API_URL and PALMA_TOKEN, no prompt, no
 * TTY; the file appears whole or not at all, and "no cases" has an exit code of its own.
 */
describe("palma cases export (casos.xlsx for scheduled jobs)", () => {
  let server: Awaited<ReturnType<typeof startServer>>
  let env: Record<string, string>
  let dir: string

  beforeAll(async () => {
    server = await startServer()
    const tokens = await demoTokens(server.url)
    dir = await mkdtemp(join(tmpdir(), "palma-cli-export-"))
    env = { PALMA_CONFIG_DIR: join(dir, "config"), PALMA_API_URL: server.url, PALMA_TOKEN: tokens.user }
  })
  afterAll(() => server?.stop())

  const sheetsOf = async (file: string) => {
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load((await readFile(file)).buffer as ArrayBuffer)
    return workbook.worksheets
  }

  it("writes casos.xlsx with the filters, one sheet per channel, and says how many cases it holds", async () => {
    const file = join(dir, "casos.xlsx")
    const run = await palma(["cases", "export", "--case-date", "Todos", "-o", file, "--json"], env)
    expect(run.code, run.stderr).toBe(0)
    const answer = JSON.parse(run.stdout) as { cases: number; bytes: number; file: string }
    expect(answer.file).toBe(file)
    const sheets = await sheetsOf(file)
    expect(sheets.length).toBeGreaterThan(1)
    expect(sheets.reduce((n, s) => n + s.rowCount - 1, 0)).toBe(answer.cases)
    // Not a terminal: no progress lines, stdout only the answer.
    expect(run.stderr).toBe("")

    const channel = sheets[0]!.name
    const one = join(dir, "canal.xlsx")
    const byName = await palma(["cases", "export", "--retail", channel.toLowerCase(), "--event-date", "Todos", "-o", one], env)
    expect(byName.code, byName.stderr).toBe(0)
    expect(byName.stdout).toMatch(/canal\.xlsx: [\d.]+ casos \(\d+ KB\)/)
    expect((await sheetsOf(one)).map((s) => s.name)).toEqual([channel])
  })

  it("finds no cases: exit 4, nothing written, the file already there untouched", async () => {
    const file = join(dir, "vacio.xlsx")
    const run = await palma(["cases", "export", "--case-date", "1999-01-15", "-o", file], env)
    expect(run.code).toBe(4)
    expect(run.stderr).toContain("No hay casos para exportar con esos filtros")
    expect((await readdir(dir)).filter((f) => f.startsWith("vacio") || f.startsWith(".vacio"))).toEqual([])

    const kept = join(dir, "previo.xlsx")
    await writeFile(kept, "anterior")
    const again = await palma(["cases", "export", "--case-date", "1999-01", "-o", kept, "--force"], env)
    expect(again.code).toBe(4)
    expect(await readFile(kept, "utf8")).toBe("anterior")
  })

  it("refuses what it cannot read before calling anyone: usage errors exit 2", async () => {
    expect((await palma(["cases", "export", "--case-date", "ayer", "-o", join(dir, "x.xlsx")], env)).code).toBe(2)
    expect((await palma(["cases", "export"], env)).code).toBe(2)
    const unknown = await palma(["cases", "export", "--retail", "Canal Que No Existe", "-o", join(dir, "y.xlsx")], env)
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain("Canal desconocido")
    const existing = join(dir, "existe.xlsx")
    await writeFile(existing, "x")
    expect((await palma(["cases", "export", "-o", existing], env)).code).toBe(2)
  })

  it("names a folder that does not exist, or is not one, in Spanish: exit 2, nothing written", async () => {
    const missing = await palma(["cases", "export", "--case-date", "Todos", "-o", join(dir, "falta", "sub", "casos.xlsx")], env)
    expect(missing.code).toBe(2)
    expect(missing.stderr).toBe(`La carpeta ${join(dir, "falta", "sub")} no existe: créela o elija otra.\n`)
    const file = join(dir, "un-archivo")
    await writeFile(file, "x")
    const notAFolder = await palma(["cases", "export", "--case-date", "Todos", "-o", join(file, "casos.xlsx")], env)
    expect(notAFolder.code).toBe(2)
    expect(notAFolder.stderr).toBe(`${file} no es una carpeta: elija otra.\n`)
  })
})
