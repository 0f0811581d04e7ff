import { readFile, stat } from "node:fs/promises"
import { basename, extname } from "node:path"
import { WriteStream } from "node:tty"
import type { Command } from "commander"
import { type Actor, createActor } from "xstate"
import {
  BULK_LOAD_MAX_BYTES,
  type BulkLoadJob,
  type BulkLoadUpload,
  type Call,
  type Failure,
  bulkLoadActors,
  bulkLoadMachine,
  streamJob,
  isBulkLoadFinished,
  rowChangeText,
  rowOutcomeLabel,
  Rut,
  uuidPattern
} from "@palma/core"
import { CliError, ExitCode, fromApiFailure, usageError } from "../errors.js"
import { outputPath, writeAtomically } from "../files.js"
import type { Io } from "../io.js"
import { renderJson } from "../output/json.js"
import { renderTable } from "../output/table.js"
import { isEveryRetail, retailIdOf } from "../retailRef.js"
import { type GlobalOptions, openSession } from "../session.js"
import { count, counted } from "./uploads.js"

interface UploadOptions {
  readonly retail: string
  readonly plan: string
  readonly dryRun?: boolean
  readonly confirmRemovals?: boolean
  readonly errors?: string
  readonly force?: boolean
  readonly json?: boolean
}

type BulkLoad = Actor<typeof bulkLoadMachine>

/** Rows of a list (failed and updated rows, insured the file leaves out) printed after a load or a check; the rest of the failed ones are in the --errors workbook. */
const SHOWN_ROWS = 20

/** The roster, checked before any call: a wrong path is a usage error (2), never a server's. */
const readRoster = async (file: string): Promise<Uint8Array> => {
  if (extname(file).toLowerCase() !== ".xlsx") throw usageError(`${file} no es un archivo .xlsx (use la planilla de «palma fileformat template»).`)
  const info = await stat(file).catch(() => undefined)
  if (info === undefined || !info.isFile()) throw usageError(`No existe el archivo ${file}.`)
  if (info.size > BULK_LOAD_MAX_BYTES) throw usageError(`${file} supera el máximo de 20 MB.`)
  return readFile(file)
}

/** A refused call as a CLI error; a refused file's one issue repeats its message, printed once. */
const refusal = (failure: Failure): CliError => fromApiFailure({ ...failure, issues: failure.issues.filter((issue) => issue.message !== failure.message) })

/** The job once the machine's job region is in one of `states`; a refused call (emitted `rejected`) ends the wait with its CLI error. */
const reached = (actor: BulkLoad, states: ReadonlyArray<"review" | "finished">): Promise<BulkLoadJob> =>
  new Promise((resolve, reject) => {
    const stop = () => {
      watching.unsubscribe()
      refused.unsubscribe()
    }
    const watching = actor.subscribe((snapshot) => {
      const job = snapshot.context.job
      if (job === null || !states.some((state) => snapshot.matches({ job: state }))) return
      stop()
      resolve(job)
    })
    const refused = actor.on("rejected", ({ failure }) => {
      stop()
      reject(refusal(failure))
    })
  })

/** The failed rows' workbook, through the machine's errorsFile region. */
const errorsWorkbook = (actor: BulkLoad): Promise<Uint8Array> => {
  const bytes = new Promise<Uint8Array>((resolve, reject) => {
    const stop = () => {
      saved.unsubscribe()
      refused.unsubscribe()
    }
    const saved = actor.on("errors", (event) => {
      stop()
      resolve(event.bytes)
    })
    const refused = actor.on("rejected", ({ failure }) => {
      stop()
      reject(refusal(failure))
    })
  })
  actor.send({ type: "DOWNLOAD_ERRORS" })
  return bytes
}

const countsLine = (job: BulkLoadJob) =>
  [
    counted(job.counts.new, "nuevo", "nuevos"),
    counted(job.counts.updated, "actualizado", "actualizados"),
    `${count(job.counts.unchanged)} sin cambios`,
    `${count(job.counts.failed)} con errores`
  ].join(" · ")

const bar = (done: number, total: number, width = 20) => {
  const filled = total === 0 ? width : Math.min(width, Math.round((done / total) * width))
  return `${"█".repeat(filled)}${"░".repeat(width - filled)}`
}

const readLine = (job: BulkLoadJob) => `Archivo leído: ${counted(job.total, "fila", "filas")} · ${countsLine(job)}`
const loadingLine = (job: BulkLoadJob) => `Cargando ${counted(job.total - job.error, "fila", "filas")}…`
const endLine = (job: BulkLoadJob) =>
  job.status === "done"
    ? `Terminado: ${count(job.succeeded)} de ${counted(job.total, "fila cargada", "filas cargadas")}.`
    : job.status === "failed"
      ? `Falló: ${job.message ?? "sin detalle"}.`
      : job.dryRun
        ? "Revisión cancelada: no se escribió nada."
        : "Cancelado."

/** The one line a terminal shows for a job, rewritten in place as it goes. */
const liveLine = (job: BulkLoadJob) => {
  switch (job.status) {
    case "queued":
      return "En cola…"
    case "validating":
      return "Revisando el archivo…"
    case "ready":
      return readLine(job)
    case "loading":
      return `Cargando ${bar(job.processed, job.total)} ${count(job.processed)}/${count(job.total)} filas · ${countsLine(job)}`
    default:
      return endLine(job)
  }
}

type Phase = "leído" | "cargando" | "terminado"

/** The phases a job has gone through, with their line: a job has been read once its rows are counted. */
const phasesOf = (job: BulkLoadJob): ReadonlyArray<readonly [Phase, string]> => [
  ...(job.total > 0 || ["ready", "loading", "done"].includes(job.status) ? [["leído", readLine(job)] as const] : []),
  ...(job.status === "loading" || job.status === "done" ? [["cargando", loadingLine(job)] as const] : []),
  ...(isBulkLoadFinished(job.status) ? [["terminado", endLine(job)] as const] : [])
]

/**
 * Progress on stderr. At a terminal, one line rewritten in place, cut to its width (a wrapped
 * line cannot be rewritten); otherwise (a log, a scheduler) a line per phase reached, in order,
 * even when polling skipped past one (a small file loads between two reads).
 */
const progressOn = (io: Io) => {
  let open = ""
  const printed = new Set<Phase>()
  const columns = io.stderr instanceof WriteStream ? io.stderr.columns : undefined
  return {
    show: (job: BulkLoadJob) => {
      if (!io.interactive) {
        for (const [phase, line] of phasesOf(job).filter(([phase]) => !printed.has(phase))) {
          printed.add(phase)
          io.stderr.write(`${line}\n`)
        }
        return
      }
      const line = [...liveLine(job)].slice(0, columns === undefined ? undefined : columns - 1).join("")
      // \r back to the start of the line; \x1b[K clears what a longer previous line left.
      if (line !== open) io.stderr.write(`\r${line}\x1b[K`)
      open = line
    },
    /** Ends the terminal's line before anything else is written. */
    close: () => {
      if (open !== "") io.stderr.write("\n")
      open = ""
    }
  }
}

const heading = (job: BulkLoadJob) => `${job.fileName} (${job.retail_name} · ${job.product_name})`

const countsTable = (job: BulkLoadJob, removals: boolean) =>
  renderTable({
    headers: ["Resultado", "Cantidad"],
    rightAligned: [false, true],
    rows: [
      [rowOutcomeLabel.new, count(job.counts.new)],
      [rowOutcomeLabel.updated, count(job.counts.updated)],
      [rowOutcomeLabel.unchanged, count(job.counts.unchanged)],
      [rowOutcomeLabel.failed, count(job.counts.failed)],
      ["No están en el archivo", count(job.counts.missing)],
      ...(removals ? [["Perdieron su cobertura", count(job.counts.removed)]] : [])
    ]
  })

/** A list's heading: all of it, or the first rows (`first`: «Primeras» or «Primeros», as the noun goes) of how many. */
const listTitle = (page: { readonly items: ReadonlyArray<unknown>; readonly total: number }, first: string, noun: string) =>
  page.total > page.items.length ? `${first} ${count(page.items.length)} de ${count(page.total)} ${noun}:` : `${noun[0]!.toUpperCase()}${noun.slice(1)}:`

/** The rows listed under a check or a load: the failed ones with their reasons, the updated ones with what they change. */
const rowLists = {
  failed: { count: (job: BulkLoadJob) => job.error, noun: "filas con errores", detail: "Motivo" },
  updated: { count: (job: BulkLoadJob) => job.counts.updated, noun: "filas que cambian datos guardados", detail: "Cambios" }
} as const

/** The first rows of an outcome with their reasons or changes, as `uploadRows` lists them. */
const listedRows = async (call: Call, job: BulkLoadJob, outcome: keyof typeof rowLists) => {
  const list = rowLists[outcome]
  if (list.count(job) === 0) return ""
  const page = await call((c) => c.bulkLoad.uploadRows({ path: { id: job.id }, urlParams: { outcome, page: 1, pageSize: SHOWN_ROWS } }))
  const table = renderTable({
    headers: ["Fila", "RUT", "Nombre", list.detail],
    rightAligned: [true, false, false, false],
    rows: page.items.map((row) => [
      String(row.row),
      Rut.format(row.rut),
      row.name,
      (outcome === "failed" ? row.reasons : row.changes.map(rowChangeText)).join("; ")
    ])
  })
  return `\n${listTitle(page, "Primeras", list.noun)}\n${table}`
}

/** A check's first insured of the plan that the file leaves out, in póliza order, as `uploadMissing` pages them. */
const missingRows = async (call: Call, job: BulkLoadJob) => {
  if (job.counts.missing === 0) return ""
  const page = await call((c) => c.bulkLoad.uploadMissing({ path: { id: job.id }, urlParams: { page: 1, pageSize: SHOWN_ROWS } }))
  const table = renderTable({
    headers: ["Póliza", "RUT", "Nombre"],
    rightAligned: [true, false, false],
    rows: page.items.map((m) => [String(m.subscription_id), Rut.format(m.rut), m.name])
  })
  return `\n${listTitle(page, "Primeros", "asegurados del plan que no están en el archivo")}\n${table}`
}

/** The updated rows, then the failed ones. */
const rowsText = async (call: Call, job: BulkLoadJob) => `${await listedRows(call, job, "updated")}${await listedRows(call, job, "failed")}`

const missingNote = (job: BulkLoadJob, removals: boolean) =>
  job.counts.missing === 0
    ? ""
    : removals
      ? `Asegurados del plan que no están en el archivo: ${count(job.counts.missing)}. Al cargarlo con --confirm-removals perderán su cobertura.\n`
      : `Asegurados del plan que no están en el archivo: ${count(job.counts.missing)}. Conservan su cobertura (con --confirm-removals la perderían).\n`

/** What a finished load or a check means for the exit code: undefined when every row loaded (or would). */
const verdict = (job: BulkLoadJob, checked: boolean, errorsFile: string | undefined): CliError | undefined => {
  if (!checked && job.status !== "done")
    return new CliError(
      job.status === "failed" ? `La carga falló: ${job.message ?? "sin detalle"}.` : "La carga se canceló antes de escribir.",
      ExitCode.failure
    )
  if (job.error === 0) return undefined
  const where = errorsFile === undefined ? "véalas con --errors errores.xlsx" : `están en ${errorsFile}`
  return new CliError(
    checked
      ? `La revisión encontró ${counted(job.error, "fila", "filas")} con errores (${where}).`
      : `${counted(job.error, "fila con errores no se cargó", "filas con errores no se cargaron")} (${where}).`,
    ExitCode.rowsFailed
  )
}

/** Uploads and follows the job: a check until its diff is ready (or it ended some other way), a load until it ends. */
const follow = (actor: BulkLoad, upload: BulkLoadUpload): Promise<BulkLoadJob> => {
  const settled = reached(actor, upload.dryRun ? ["review", "finished"] : ["finished"])
  actor.send({ type: "UPLOAD", upload })
  return settled
}

/** A check is cancelled as soon as its diff is ready: its rows stay readable, and a script's check never loads. */
const cancelCheck = (actor: BulkLoad): Promise<BulkLoadJob> => {
  const cancelled = reached(actor, ["finished"])
  actor.send({ type: "CANCEL" })
  return cancelled
}

const reviewText = (job: BulkLoadJob, removals: boolean, rows: string) =>
  `Revisión de ${heading(job)}: ${counted(job.total, "fila", "filas")}\n${countsTable(job, false)}${missingNote(job, removals)}${rows}` +
  "No se escribió nada: la revisión se canceló en el servidor. Para cargar el archivo, repita sin --dry-run.\n"

const summaryText = (job: BulkLoadJob, rows: string) => `${heading(job)}: ${endLine(job)}\n${countsTable(job, job.removeMissing)}${rows}`

/**
 * `palma insured upload`: a channel's roster through the same bulkLoad machine as the screen.
 * Without --dry-run the file loads at once; with it, the server checks it, the job is cancelled
 * and its diff shown, so a script's check never writes. Arguments are checked before any call.
 */
const upload = async (io: Io, file: string, options: UploadOptions, globals: GlobalOptions) => {
  const bytes = await readRoster(file)
  if (isEveryRetail(options.retail)) throw usageError("Indique el canal en --retail (id, RUT o nombre): una nómina es de un solo canal.")
  if (!uuidPattern.test(options.plan.trim())) throw usageError(`--plan debe ser el ID del plan (productPlan_id), no «${options.plan}».`)
  const errorsPath = options.errors === undefined ? undefined : await outputPath(options.errors, options.force)
  const { call, openLive } = await openSession(globals, io)
  const retail_id = await retailIdOf(call, options.retail)
  const removals = options.confirmRemovals === true
  // The job's progress as the server pushes it; a dropped connection resumes where it left off, on any process.
  const actor = createActor(bulkLoadMachine.provide({ actors: bulkLoadActors(call, streamJob(openLive)) })).start()
  const progress = progressOn(io)
  actor.on("progress", ({ job }) => progress.show(job))
  actor.on("finished", ({ job }) => progress.show(job))
  try {
    const result = await follow(actor, {
      file: new Blob([bytes]),
      fileName: basename(file),
      retail_id,
      productPlan_id: options.plan.trim().toLowerCase(),
      dryRun: options.dryRun === true,
      removeMissing: removals
    })
    const checked = result.status === "ready"
    const job = checked ? await cancelCheck(actor) : result
    progress.close()
    if (errorsPath !== undefined && job.error > 0) await writeAtomically(errorsPath, await errorsWorkbook(actor))
    if (options.json) io.stdout.write(renderJson(job))
    else {
      const rows = await rowsText(call, job)
      io.stdout.write(checked ? reviewText(job, removals, `${rows}${await missingRows(call, job)}`) : summaryText(job, rows))
    }
    const failure = verdict(job, checked, errorsPath === undefined ? undefined : options.errors)
    if (failure !== undefined) throw failure
  } finally {
    progress.close()
    actor.stop()
  }
}

const help = `
Sin --dry-run el archivo se carga de inmediato; las filas con errores no se cargan. Con
--confirm-removals, los asegurados del plan que no están en el archivo pierden su cobertura
una vez cargado el archivo completo; sin esa opción la conservan.

Con --dry-run el servidor solo revisa el archivo: se muestran las diferencias con lo cargado
(nuevos, actualizados, sin cambios, con errores, no están en el archivo), las primeras filas de
personas que ya están en Palma con cada dato que cambiaría (lo guardado → lo del archivo), las
primeras filas con errores y los primeros asegurados del plan que no están en el archivo (por
número de póliza), y la revisión se cancela en el servidor: una simulación desde un script nunca
escribe (queda como «Cancelado» en «palma uploads list»). Para cargar, repita sin --dry-run. Al
cargar, los datos de esas personas quedan como los trae el archivo; una celda vacía no borra nada.

Ctrl+C deja de seguir la carga, pero esta continúa en el servidor (véala con «palma uploads list»).

Códigos de salida:
  0  todas las filas se cargaron (con --dry-run: la revisión no encontró filas con errores)
  1  la carga falló o se canceló, o no se pudo completar la operación
  2  uso incorrecto, o el servidor rechazó el archivo (no es .xlsx, faltan columnas)
  3  sin sesión o sin permiso (solo administradores)
  5  terminó con filas con errores, que no se cargaron (descárguelas con --errors)

Ejemplo:
  palma insured upload --retail "Tiendas Andes" --plan <productPlan_id> nomina.xlsx --dry-run
`

export const registerInsuredUpload = (program: Command, io: Io) => {
  const insured = program.command("insured").description("asegurados de los canales")
  insured
    .command("upload")
    .description("sube la nómina de asegurados de un plan de un canal (.xlsx con el formato del plan); solo administradores")
    .argument("<archivo>", "la nómina (.xlsx, hasta 20 MB)")
    .requiredOption("--retail <canal>", "canal: id, RUT o nombre")
    .requiredOption("--plan <productPlan_id>", "ID del plan del canal (productPlan_id; véalo con «palma product show»)")
    .option("--dry-run", "solo revisa: muestra las diferencias y no escribe nada")
    .option("--confirm-removals", "los asegurados del plan que no están en el archivo pierden su cobertura")
    .option("--errors <archivo>", "guarda las filas con errores en este .xlsx para corregirlas (solo si las hay)")
    .option("--force", "reemplaza el archivo de --errors si ya existe")
    .option("--json", "salida JSON: la subida tal como la entrega la API al terminar")
    .addHelpText("after", help)
    .action((file: string, options: UploadOptions, command: Command) => upload(io, file, options, command.optsWithGlobals<GlobalOptions>()))
}
