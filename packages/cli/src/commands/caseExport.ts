import type { Command } from "commander"
import { type Call, type CaseExportQuery, type DateFilter, caseDownloadActors, caseDownloadMachine, toDateFilter } from "@palma/core"
import { createActor, waitFor } from "xstate"
import { CliError, ExitCode, fromApiFailure, usageError } from "../errors.js"
import { outputPath, writeAtomically } from "../files.js"
import type { Io } from "../io.js"
import { renderJson } from "../output/json.js"
import { retailIdOf } from "../retailRef.js"
import { type GlobalOptions, openSession } from "../session.js"
import { FORCE_HELP } from "../optionTexts.js"

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
 * The export screen's download machine (caseDownload), as the web drives it: the count, then the
 * workbook; no case (at the count, or gone by the download's 404) is exit 4.
 */
const download = async (io: Io, call: Call, query: CaseExportQuery): Promise<{ readonly bytes: Uint8Array; readonly cases: number }> => {
  const actor = createActor(caseDownloadMachine.provide({ actors: caseDownloadActors(call) }))
  const progress = (line: string) => void (io.interactive && io.stderr.write(line))
  actor.subscribe((snapshot) => {
    if (snapshot.matches("downloading")) progress(`Generando casos.xlsx con ${snapshot.context.cases.toLocaleString("es-CL")} casos…\n`)
  })
  let downloaded: { readonly bytes: Uint8Array; readonly cases: number } | undefined
  actor.on("downloaded", ({ bytes, cases }) => (downloaded = { bytes, cases }))
  actor.start()
  try {
    progress("Contando casos…\n")
    actor.send({ type: "DOWNLOAD", criteria: { ...query, page: 1 } })
    const ended = await waitFor(actor, (s) => s.matches("idle"))
    if (downloaded !== undefined) return downloaded
    const failure = ended.context.failure
    throw failure === null || failure.status === 404 ? noCases() : fromApiFailure(failure)
  } finally {
    actor.stop()
  }
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
  const { bytes, cases } = await download(io, call, query)
  await writeAtomically(path, bytes)
  io.stdout.write(
    options.json
      ? renderJson({ file: path, cases, bytes: bytes.byteLength, filters: query })
      : `${options.output}: ${cases.toLocaleString("es-CL")} casos (${Math.ceil(bytes.byteLength / 1024).toLocaleString("es-CL")} KB)\n`
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
    .option("--force", FORCE_HELP)
    .option("--json", "salida JSON: archivo, casos, bytes y filtros")
    .action((options: ExportOptions, command: Command) => exportCases(io, options, command.optsWithGlobals<GlobalOptions>()))
}
