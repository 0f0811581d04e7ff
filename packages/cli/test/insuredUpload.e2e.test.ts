import { mkdtemp, readdir, readFile, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Readable } from "node:stream"
import ExcelJS from "exceljs"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { BulkLoadJob, Call } from "@palma/core"
import { clientAs, demoTokens } from "../../server/test/support/api.js"
import { type PlanFixture, rutOf } from "../../server/test/support/catalogFixture.js"
import { rosterPlan, rosterWorkbook } from "../../server/test/support/roster.js"
import { startServer } from "../../server/test/support/startServer.js"
import { palma } from "./support/palma.js"

const HEADERS = ["RUT Asegurado", "Nombres", "Apellido Paterno", "Correo"]

/**
 * `palma insured upload` and `palma uploads list` against the real server: the upload driven by
 * core's bulkLoad machine, as a scheduled job runs it (PALMA_TOKEN, no TTY unless given one).
 */
describe("palma insured upload (rosters through the bulkLoad machine)", () => {
  let server: Awaited<ReturnType<typeof startServer>>
  let admin: Call
  let plan: PlanFixture
  let env: Record<string, string>
  let dir: string
  let retail: string

  beforeAll(async () => {
    server = await startServer()
    const tokens = await demoTokens(server.url)
    admin = clientAs(server.url, tokens.admin)
    plan = await rosterPlan(admin, "Nómina CLI", 76555222, [
      { field_id: "rut", header: "RUT Asegurado", required: true },
      { field_id: "name", header: "Nombres", required: true },
      { field_id: "paternalLastName", header: "Apellido Paterno", required: true },
      { field_id: "email", header: "Correo", required: false }
    ])
    dir = await mkdtemp(join(tmpdir(), "palma-cli-upload-"))
    env = { PALMA_CONFIG_DIR: join(dir, "config"), PALMA_API_URL: server.url, PALMA_TOKEN: tokens.admin }
    // By name, accents and case aside: the channel is resolved as `cases export` does.
    retail = "canal nomina cli"
  })
  afterAll(() => server?.stop())

  const roster = async (name: string, rows: ReadonlyArray<ReadonlyArray<string | null>>, headers = HEADERS) => {
    const file = join(dir, name)
    await writeFile(file, await rosterWorkbook(headers, rows))
    return file
  }
  const upload = (file: string, ...flags: ReadonlyArray<string>) => palma(["insured", "upload", "--retail", retail, "--plan", plan.planId, file, ...flags], env)
  const insured = async (rut: string) => (await admin((c) => c.insured.getByRutOrName({ urlParams: { rut, page: 1, records: 20 } }))).data.length
  const latest = async (): Promise<BulkLoadJob> => (await admin((c) => c.bulkLoad.uploads({ urlParams: { retail_id: plan.retailId, pageSize: 1 } }))).items[0]!

  it("a clean file loads every row: exit 0, phase lines on stderr, the summary on stdout", async () => {
    const file = await roster("limpia.xlsx", [
      [rutOf(16_100_000), "Ana", "Muñoz", "ana@correo.cl"],
      [rutOf(16_100_001), "Beto", "Rojas", null]
    ])
    const run = await upload(file)
    expect(run.code, run.stderr).toBe(0)
    expect(run.stderr.split("\n").filter(Boolean)).toEqual([
      "Archivo leído: 2 filas · 2 nuevos · 0 actualizados · 0 sin cambios · 0 con errores",
      "Cargando 2 filas…",
      "Terminado: 2 de 2 filas cargadas."
    ])
    expect(run.stdout).toContain("limpia.xlsx (Canal Nómina CLI · Producto Nómina CLI): Terminado: 2 de 2 filas cargadas.")
    expect(run.stdout).toMatch(/Nuevo\s+2/)
    expect(await insured(rutOf(16_100_000))).toBe(1)
  })

  it("at a terminal, one progress line rewritten in place", async () => {
    const file = await roster("terminal.xlsx", [[rutOf(16_150_000), "Caro", "Lagos", null]])
    const run = await palma(["insured", "upload", "--retail", plan.retailId, "--plan", plan.planId, file], env, { stdin: Readable.from([]) })
    expect(run.code, run.stderr).toBe(0)
    expect(run.stderr).toContain("\rTerminado: 1 de 1 fila cargada.\x1b[K\n")
    expect(run.stderr.split("\n").filter(Boolean)).toHaveLength(1)
  })

  it("mixed rows: the valid ones load, exit 5, and --errors writes the failed rows with their reasons", async () => {
    const file = await roster("mixta.xlsx", [
      [rutOf(16_200_000), "Dora", "Pérez", null],
      ["12.345.678-0", "Eva", "Soto", null],
      [rutOf(16_200_001), "Feli", "Vera", "no-es-correo"]
    ])
    const errors = join(dir, "errores.xlsx")
    const run = await upload(file, "--errors", errors, "--json")
    expect(run.code, run.stderr).toBe(5)
    expect(run.stderr).toContain(`2 filas con errores no se cargaron (están en ${errors}).`)
    const job = JSON.parse(run.stdout) as BulkLoadJob
    expect(job).toMatchObject({ status: "done", total: 3, error: 2, succeeded: 1, fileName: "mixta.xlsx" })

    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load((await readFile(errors)).buffer as ArrayBuffer)
    const sheet = workbook.worksheets[0]!
    expect(sheet.getRow(1).values).toEqual([undefined, ...HEADERS, "Fila", "Motivo"])
    expect(sheet.rowCount).toBe(3)
    expect(sheet.getRow(2).getCell(HEADERS.length + 2).value).toBe("RUT Asegurado: El RUT no es válido")
    expect(sheet.getRow(3).getCell(HEADERS.length + 2).value).toBe("Correo: Correo electrónico inválido")
    expect(await insured(rutOf(16_200_000))).toBe(1)

    // The text summary lists the failed rows too.
    const again = await upload(await roster("mixta2.xlsx", [["1-1", "Gus", "Paz", null]]))
    expect(again.code).toBe(5)
    expect(again.stdout).toMatch(/Filas con errores:\n.*Motivo/)
    expect(again.stderr).toContain("1 fila con errores no se cargó (véalas con --errors errores.xlsx).")
  })

  it("--dry-run shows the diff and the failed rows, cancels the job and writes nothing", async () => {
    const file = await roster("revision.xlsx", [
      [rutOf(16_100_000), "Ana", "Muñoz", "ana@nuevo.cl"],
      [rutOf(16_300_000), "Hugo", "Díaz", null],
      ["12.345.678-0", "Iris", "Mora", null]
    ])
    const errors = join(dir, "revision-errores.xlsx")
    const run = await upload(file, "--dry-run", "--errors", errors)
    expect(run.code, run.stderr).toBe(5)
    expect(run.stdout).toContain("Revisión de revision.xlsx (Canal Nómina CLI · Producto Nómina CLI): 3 filas")
    expect(run.stdout).toMatch(/Nuevo\s+1\nActualizado\s+1\nSin cambios\s+0\nCon errores\s+1\nNo están en el archivo\s+3/)
    expect(run.stdout).toContain("Asegurados del plan que no están en el archivo: 3. Conservan su cobertura")
    expect(run.stdout).toMatch(/4\s+12\.345\.678-0\s+RUT Asegurado: El RUT no es válido/)
    // Ana is in Palma already: her row names what it would change (issue 31 §3.4).
    expect(run.stdout).toMatch(/Filas que cambian datos guardados:\nFila\s+RUT\s+Nombre\s+Cambios\n/)
    expect(run.stdout).toMatch(/2\s+16\.100\.000-\S\s+Ana Muñoz\s+Correo: ana@correo\.cl → ana@nuevo\.cl\n/)
    // The plan's three others, each under its póliza, in póliza order.
    const missing = run.stdout.slice(run.stdout.indexOf("Asegurados del plan que no están en el archivo:\n"))
    const listed = [...missing.matchAll(/^\s*(\d+)\s+(\d{1,3}(?:\.\d{3})*-[\dK])\s/gm)].map((m) => ({ poliza: Number(m[1]), rut: m[2] }))
    expect(listed).toHaveLength(3)
    expect(listed.map((m) => m.poliza)).toEqual(listed.map((m) => m.poliza).sort((a, b) => a - b))
    expect(run.stdout).toContain("No se escribió nada")
    expect(run.stderr).toContain("Revisión cancelada: no se escribió nada.")
    expect(run.stderr).toContain(`La revisión encontró 1 fila con errores (están en ${errors}).`)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load((await readFile(errors)).buffer as ArrayBuffer)
    expect(workbook.worksheets[0]!.rowCount).toBe(2)
    const job = await latest()
    expect(job).toMatchObject({ fileName: "revision.xlsx", status: "cancelled", dryRun: true })
    expect(await insured(rutOf(16_300_000))).toBe(0)

    const clean = await upload(await roster("revision-limpia.xlsx", [[rutOf(16_300_001), "Juan", "Ríos", null]]), "--dry-run", "--json")
    expect(clean.code, clean.stderr).toBe(0)
    expect(JSON.parse(clean.stdout)).toMatchObject({ status: "cancelled", total: 1, error: 0, counts: { new: 1 } })
    expect(await insured(rutOf(16_300_001))).toBe(0)
  })

  it("a file without the format's headers: the server's message, no job", async () => {
    const before = (await latest()).id
    const run = await upload(await roster("encabezados.xlsx", [[rutOf(16_400_000), null]], ["RUT", "Correo"]))
    expect(run.code).toBe(2)
    expect(run.stderr).toContain("Faltan columnas obligatorias en el archivo")
    expect(run.stderr).toContain('"Nombres"')
    // Once: the file's one issue repeats the message.
    expect(run.stderr.split("Faltan columnas")).toHaveLength(2)
    expect((await latest()).id).toBe(before)
  })

  it("usage errors exit 2 before any call (the server here does not exist)", async () => {
    const nowhere = { ...env, PALMA_API_URL: "http://127.0.0.1:9" }
    const file = await roster("uso.xlsx", [[rutOf(16_500_000), "Kai", "Ruiz", null]])
    const existing = join(dir, "ya-existe.xlsx")
    await writeFile(existing, "x")
    const runs = [
      ["insured", "upload", "--retail", retail, "--plan", plan.planId],
      ["insured", "upload", "--retail", retail, "--plan", plan.planId, join(dir, "no-existe.xlsx")],
      ["insured", "upload", "--retail", retail, "--plan", plan.planId, join(dir, "nomina.csv")],
      ["insured", "upload", "--retail", retail, "--plan", "plan-1", file],
      ["insured", "upload", "--plan", plan.planId, file],
      ["insured", "upload", "--retail", "Todos", "--plan", plan.planId, file],
      ["insured", "upload", "--retail", retail, "--plan", plan.planId, file, "--errors", existing]
    ]
    for (const args of runs) expect((await palma(args, nowhere)).code, args.join(" ")).toBe(2)
    expect((await palma(runs[3]!, nowhere)).stderr).toContain("--plan debe ser el ID del plan")
    expect(await readFile(existing, "utf8")).toBe("x")
    expect((await readdir(dir)).filter((f) => f.startsWith("."))).toEqual([])
  })

  it("palma uploads list: the history, newest first, as a table or JSON", async () => {
    const json = await palma(["uploads", "list", "--retail", retail, "--json"], env)
    expect(json.code, json.stderr).toBe(0)
    const page = JSON.parse(json.stdout) as { items: ReadonlyArray<BulkLoadJob>; total: number }
    expect(page.items.map((j) => [j.fileName, j.status])).toEqual([
      ["revision-limpia.xlsx", "cancelled"],
      ["revision.xlsx", "cancelled"],
      ["mixta2.xlsx", "done"],
      ["mixta.xlsx", "done"],
      ["terminal.xlsx", "done"],
      ["limpia.xlsx", "done"]
    ])
    const table = await palma(["uploads", "list"], env)
    expect(table.code, table.stderr).toBe(0)
    expect(table.stdout).toMatch(/^Fecha\s+Usuario\s+Canal\s+Producto\s+Archivo\s+Estado\s+Filas\s+Errores\s+Duración\n/)
    expect(table.stdout).toMatch(/Canal Nómina CLI\s+Producto Nómina CLI\s+mixta\.xlsx\s+Terminado\s+3\s+2\s+\d+ s\n/)
    expect(table.stdout).toContain("Página 1 de 1 · 6 subidas")
    expect((await palma(["uploads", "list", "--page", "0"], env)).code).toBe(2)
  })
})
