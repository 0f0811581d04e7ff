import type { Command } from "commander"
import { ApiFailure, type CaseExportQuery, type DateFilter, toDateFilter } from "@palma/core"
import { CliError, ExitCode, usageError } from "../errors.js"
import { outputPath, writeAtomically } from "../files.js"
import type { Io } from "../io.js"
import { renderJson } from "../output/json.js"
import { retailIdOf } from "../retailRef.js"
import { type GlobalOptions, openSession } from "../session.js"

interface ExportOptions {
  readonly retail?: string
  readonly caseDate?: string
  readonly eventDate?: string
  readonly output?: string
  readonly force?: boolean
  readonly json?: boolean
}

const noCases = () => new CliError("No hay casos para exportar con esos filtros: no se escribió ningún archivo.", ExitCode.noCases)

/** `Todos`, `Hoy`, `Esta semana`, a month or any date (reduced to its month), as spec §5 reads them. */
const dateFilter = (value: string | undefined, flag: string): DateFilter => {
  if (value === undefined) return "Todos"
  const filter = toDateFilter(value.trim())
  if (filter === undefined) throw usageError(`Fecha inválida en ${flag}: «${value}». Use Todos, Hoy, "Esta semana", un mes AAAA-MM o una fecha AAAA-MM-DD.`)
  return filter
}

/**
 * `palma cases export`: casos.xlsx for scripts and scheduled jobs. Non-interactive (PALMA_API_URL
 * and PALMA_TOKEN, or a stored session); the file is written beside the target and renamed over
 * it, and only when there are cases (exit 4 when there are none, nothing written).
 */
const exportCases = async (io: Io, options: ExportOptions, globals: GlobalOptions) => {
  if (options.output === undefined) throw usageError("Indique el archivo de salida con -o, por ejemplo -o casos.xlsx.")
  const case_date = dateFilter(options.caseDate, "--case-date")
  const event_date = dateFilter(options.eventDate, "--event-date")
  const path = await outputPath(options.output, options.force)
  const { call } = await openSession(globals, io)
  const query: CaseExportQuery = { retail_id: await retailIdOf(call, options.retail), case_date, event_date }
  const progress = (line: string) => void (io.interactive && io.stderr.write(line))
  progress("Contando casos…\n")
  const { summary } = await call((c) => c.caseExport.getAllExports({ urlParams: { ...query, records: 1 } }))
  if (summary.cases === 0) throw noCases()
  progress(`Generando casos.xlsx con ${summary.cases.toLocaleString("es-CL")} casos…\n`)
  const bytes = await call((c) => c.caseExport.exportCases({ urlParams: query })).catch((error: unknown) => {
    // The last case may have left the filters between counting and writing.
    throw error instanceof ApiFailure && error.status === 404 ? noCases() : error
  })
  await writeAtomically(path, bytes)
  io.stdout.write(
    options.json
      ? renderJson({ file: path, cases: summary.cases, bytes: bytes.byteLength, filters: query })
      : `${options.output}: ${summary.cases.toLocaleString("es-CL")} casos (${Math.ceil(bytes.byteLength / 1024).toLocaleString("es-CL")} KB)\n`
  )
}

export const registerCaseExport = (cases: Command, io: Io) => {
  cases
    .command("export")
    .description("descarga casos.xlsx (una hoja por canal) con los filtros de la pantalla de exportación; para tareas programadas")
    .option("--retail <canal>", "canal: id, RUT, nombre o Todos (por omisión, todos)")
    .option("--case-date <fecha>", 'fecha de apertura: Todos, Hoy, "Esta semana", AAAA-MM o una fecha (se toma su mes)')
    .option("--event-date <fecha>", "fecha del evento: como --case-date")
    .option("-o, --output <archivo>", "dónde escribir el archivo (p. ej. casos.xlsx)")
    .option("--force", "reemplaza el archivo si ya existe")
    .option("--json", "salida JSON: archivo, casos, bytes y filtros")
    .action((options: ExportOptions, command: Command) => exportCases(io, options, command.optsWithGlobals<GlobalOptions>()))
}
