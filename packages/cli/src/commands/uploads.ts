import type { Command } from "commander"
import { type BulkLoadJob, bulkLoadStatusLabel, formatInstant } from "@palma/core"
import type { Io } from "../io.js"
import type { Grid } from "../output/cells.js"
import { renderJson } from "../output/json.js"
import { renderTable } from "../output/table.js"
import { retailIdOf } from "../retailRef.js"
import { type GlobalOptions, openSession } from "../session.js"
import { positiveFlag } from "../validate.js"
import { JSON_PAGE_HELP } from "../optionTexts.js"

interface ListOptions {
  readonly retail?: string
  readonly page?: string
  readonly json?: boolean
}

const PAGE_SIZE = 20

/** A count as es-CL writes it: 1.234. */
export const count = (n: number) => n.toLocaleString("es-CL")

/** A count and its noun, singular for exactly one: "1 fila", "1.234 filas". */
export const counted = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`

/** How long a job ran, from when a worker took it to when it ended; nothing while it runs or waits. */
const durationOf = (job: BulkLoadJob): string => {
  if (job.startedAt === null || job.finishedAt === null) return ""
  const seconds = Math.max(0, Math.round((Date.parse(job.finishedAt) - Date.parse(job.startedAt)) / 1000))
  if (seconds < 60) return `${seconds} s`
  const minutes = Math.floor(seconds / 60)
  return minutes < 60
    ? `${minutes} min ${String(seconds % 60).padStart(2, "0")} s`
    : `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")} min`
}

const gridOf = (jobs: ReadonlyArray<BulkLoadJob>): Grid => ({
  headers: ["Fecha", "Usuario", "Canal", "Producto", "Archivo", "Estado", "Filas", "Errores", "Duración"],
  rightAligned: [false, false, false, false, false, false, true, true, true],
  rows: jobs.map((job) => [
    formatInstant(job.createdAt),
    job.user_name,
    job.retail_name,
    job.product_name,
    job.fileName,
    bulkLoadStatusLabel[job.status],
    count(job.total),
    count(job.error),
    durationOf(job)
  ])
})

/** `palma uploads list`: the history of insured uploads ("Gestión de Subidas"), newest first. */
const list = async (io: Io, options: ListOptions, globals: GlobalOptions) => {
  const page = positiveFlag(options.page, "--page", 1)
  const { call } = await openSession(globals, io)
  const retail = await retailIdOf(call, options.retail)
  const found = await call((c) => c.bulkLoad.uploads({ urlParams: { ...(retail === "Todos" ? {} : { retail_id: retail }), page, pageSize: PAGE_SIZE } }))
  if (options.json) return void io.stdout.write(renderJson(found))
  if (found.total === 0) return void io.stdout.write("Sin subidas de asegurados.\n")
  const pages = Math.ceil(found.total / found.pageSize)
  const footer = `Página ${count(found.page)} de ${count(pages)} · ${count(found.total)} subidas\n`
  io.stdout.write(found.items.length === 0 ? `Sin subidas en esta página.\n${footer}` : `${renderTable(gridOf(found.items))}${footer}`)
}

export const registerUploads = (program: Command, io: Io) => {
  const uploads = program.command("uploads").description("subidas de asegurados (Gestión de Subidas); solo administradores")
  uploads
    .command("list")
    .description("lista las subidas, de la más reciente a la más antigua, con su estado, filas, errores y duración")
    .option("--retail <canal>", "solo las de ese canal: id, RUT, nombre o Todos (por omisión, todas)")
    .option("--page <n>", `página (desde 1, ${PAGE_SIZE} por página)`)
    .option("--json", JSON_PAGE_HELP)
    .action((options: ListOptions, command: Command) => list(io, options, command.optsWithGlobals<GlobalOptions>()))
}
