/**
 * `pnpm bench:caseExport` (issue 14): casos.xlsx for every case of a generated population (default
 * 100k, `BENCH_CASES`) end to end — the HTTP request to its last byte — against exceljs's own
 * streaming writer writing the same rows from memory, measured in the same run; the server's peak
 * RSS; how long a case list takes during a second export; and the dashboard's figures over the same cases at 8 connections. Goals: ≤ 1.3× the raw
 * write, ≤ 300 MB, dashboard p99 ≤ 200 ms. PGlite, or PostgreSQL when DATABASE_URL is set.
 */
import { availableParallelism } from "node:os"
import { PassThrough, Writable } from "node:stream"
import ExcelJS from "exceljs"
import { replaceCases } from "../packages/server/test/support/population.ts"
import { envInt, log, measureRows, peakRssMb, preparedServer, runBench } from "./pagedReads.ts"

const count = envInt("BENCH_CASES", 100_000, 100, 1_000_000)

/** Every sheet's rows of a workbook, read back (untimed): the raw writer's input. */
const rowsOf = async (bytes: Buffer) => {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer)
  return workbook.worksheets.map((sheet) => ({
    name: sheet.name,
    header: (sheet.getRow(1).values as Array<unknown>).slice(1) as Array<string>,
    rows: sheet.getRows(2, Math.max(sheet.rowCount - 1, 0))?.map((r) => (r.values as Array<ExcelJS.CellValue>).slice(1)) ?? []
  }))
}

/** exceljs's streaming writer over rows in memory, into a sink: the floor for casos.xlsx. */
const rawWrite = async (sheets: Awaited<ReturnType<typeof rowsOf>>) => {
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() })
  const out = new PassThrough()
  out.pipe(sink)
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false })
  for (const sheet of sheets) {
    const ws = workbook.addWorksheet(sheet.name, { views: [{ state: "frozen", ySplit: 1 }] })
    ws.columns = sheet.header.map((header) => ({ header, width: 16 }))
    for (const row of sheet.rows) ws.addRow(row).commit()
    ws.commit()
  }
  await workbook.commit()
}

process.exitCode = await runBench(async (cleanups) => {
  const engine = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"
  log(`Bench de casos.xlsx: ${engine}, Node ${process.version}, ${availableParallelism()} CPU`)
  const prepared = await preparedServer(async (database) => {
    log(`Generando ${count} casos…`)
    return replaceCases(database, count, 11)
  })
  cleanups.push(...prepared.cleanups)
  const { server, headers } = prepared
  const { pid } = server
  const rssBefore = peakRssMb(pid)

  const exportAll = async () => {
    const started = performance.now()
    const response = await fetch(`${server.url}/api/case/exportCases?retail_id=Todos`, { headers })
    if (!response.ok) throw new Error(`exportCases respondió ${response.status}`)
    const bytes = Buffer.from(await response.arrayBuffer())
    return { bytes, ms: performance.now() - started }
  }

  // The ratio is the export alone against the raw write, as the issue defines it.
  log("  descargando casos.xlsx (todos los casos)…")
  const { bytes, ms: exportMs } = await exportAll()
  const rssAfter = peakRssMb(pid)

  // Then once more while another user opens a list, one request after the other: how long they
  // wait (the list read once before, so its first, cold read is not counted as the export's doing).
  log("  otra vez, mientras otro usuario abre la lista de casos…")
  await (await fetch(`${server.url}/api/case/getAll?page=1&records=20`, { headers })).arrayBuffer()
  let exporting = true
  const waits: Array<number> = []
  const otherUser = (async () => {
    while (exporting) {
      const asked = performance.now()
      const list = await fetch(`${server.url}/api/case/getAll?page=1&records=20`, { headers })
      await list.arrayBuffer()
      if (!list.ok) throw new Error(`case/getAll respondió ${list.status} durante la exportación`)
      waits.push(performance.now() - asked)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  })()
  const shared = await exportAll().finally(() => (exporting = false))
  await otherUser
  const rssShared = peakRssMb(pid)
  if (shared.bytes.length === 0) throw new Error("La segunda exportación vino vacía")
  waits.sort((a, b) => a - b)
  const waitAt = (q: number) => waits[Math.min(waits.length - 1, Math.floor(q * waits.length))] ?? Number.NaN

  log("  leyendo el archivo para la escritura de referencia (no se mide)…")
  const sheets = await rowsOf(bytes)
  const lines = sheets.reduce((n, s) => n + s.rows.length, 0)
  log("  escritura de referencia con exceljs…")
  const rawStarted = performance.now()
  await rawWrite(sheets)
  const rawMs = performance.now() - rawStarted

  const ratio = exportMs / rawMs
  console.log(
    `\n${engine}, ${prepared.population.cases} casos; casos.xlsx de ${(bytes.length / 1048576).toFixed(1)} MB, ${sheets.length} hojas, ${lines} filas.`
  )
  console.log("medida                              valor       meta       resultado")
  console.log("----------------------------------  ----------  ---------  ---------")
  console.log(`casos.xlsx de punta a punta          ${(exportMs / 1000).toFixed(1).padStart(7)} s`)
  console.log(`exceljs directo (mismas filas)       ${(rawMs / 1000).toFixed(1).padStart(7)} s`)
  console.log(`razón                                ${ratio.toFixed(2).padStart(7)} ×   ≤ 1.3 ×    ${ratio <= 1.3 ? "PASS" : "MISS"}`)
  console.log(`RSS máxima del servidor (antes)      ${rssBefore.toFixed(0).padStart(7)} MB`)
  console.log(`RSS máxima del servidor (después)    ${rssAfter.toFixed(0).padStart(7)} MB  ≤ 300 MB   ${rssAfter <= 300 ? "PASS" : "MISS"}`)
  console.log(`casos.xlsx con otro usuario listando  ${(shared.ms / 1000).toFixed(1).padStart(7)} s, RSS máxima ${rssShared.toFixed(0)} MB`)
  console.log(
    `lista de casos durante la exportación ${waitAt(0.5).toFixed(0).padStart(7)} ms (p50), ${waitAt(0.99).toFixed(0)} ms (p99), ${waitAt(1).toFixed(0)} ms (máx.), ${waits.length} pedidos`
  )
  if (lines !== prepared.population.cases) throw new Error(`El archivo tiene ${lines} filas y hay ${prepared.population.cases} casos`)

  // The first dashboard after a write computes the figures (later ones are remembered until the next case write).
  const coldStarted = performance.now()
  const cold = await fetch(`${server.url}/api/case/dashboard`, { headers })
  if (!cold.ok) throw new Error(`dashboard respondió ${cold.status}`)
  await cold.arrayBuffer()
  console.log(`panel en frío (primer cálculo)       ${(performance.now() - coldStarted).toFixed(0).padStart(7)} ms`)

  const settings = { durationS: envInt("BENCH_DURATION", 10, 1, 60), warmupS: envInt("BENCH_WARMUP", 2, 0, 10), connections: 8, p99TargetMs: 200 }
  return measureRows(
    server,
    headers,
    [{ label: "panel, todos los casos", paths: ["/api/case/dashboard"] }],
    settings,
    `${engine}: el panel sobre ${prepared.population.cases} casos, 8 conexiones.`
  )
})
