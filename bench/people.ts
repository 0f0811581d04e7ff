/**
 * `pnpm bench:people` (issue 11 §5): customer and insured search by name and by RUT prefix over
 * ~100k titulares generated here, on the built server (PGlite, or PostgreSQL when DATABASE_URL is
 * set), at 8 connections; prints p99 per page against the 50 ms goal. See bench/README.md.
 */
import { availableParallelism } from "node:os"
import { replacePeople } from "../packages/server/test/support/population.ts"
import { envInt, log, measureRows, preparedServer, type Row, runBench, settingsFromEnv } from "./pagedReads.ts"

const settings = settingsFromEnv(50)
/** Customers generated: one in twelve a company with 3 to 12 titulares, so ~1.5 titulares each. */
const customers = envInt("BENCH_CUSTOMERS", 66_000, 100, 500_000)

process.exitCode = await runBench(async (cleanups) => {
  const engine = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"
  log(
    `Bench de personas: ${engine}, ${settings.connections} conexiones, ${settings.warmupS} s + ${settings.durationS} s por fila, Node ${process.version}, ${availableParallelism()} CPU`
  )
  const prepared = await preparedServer(async (database) => {
    log(`Generando ${customers} clientes…`)
    const started = Date.now()
    const population = await replacePeople(database, customers, 7)
    log(`  ${population.customers} clientes, ${population.insured} titulares en ${((Date.now() - started) / 1000).toFixed(1)} s`)
    return population
  })
  cleanups.push(...prepared.cleanups)
  const { population } = prepared
  // What operators type: a surname (some with accents left out), a first name, the first digits of a RUT.
  const names = ["gonzalez", "munoz", "rojas diaz", "Pérez", "maria jose", "soto", "valenzuela", "ibanez"]
  const ruts = population.ruts.filter((_, i) => i % 9973 === 0).map((rut) => rut.slice(0, 5))
  const page = "records=20&page=1"
  const rows: ReadonlyArray<Row> = (["customer", "insured"] as const).flatMap((kind) => [
    { label: `${kind} por nombre`, paths: names.map((n) => `/api/${kind}/getByRutOrName?name=${encodeURIComponent(n)}&${page}`) },
    { label: `${kind} por RUT (5 dígitos)`, paths: ruts.map((r) => `/api/${kind}/getByRutOrName?rut=${r}&${page}`) }
  ])
  const title = `${engine}, ${population.insured} titulares y ${population.customers} clientes; ${settings.connections} conexiones, ${settings.durationS} s por fila, 20 por página.`
  return measureRows(prepared.server, prepared.headers, rows, settings, title)
})
