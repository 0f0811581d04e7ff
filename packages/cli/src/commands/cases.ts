import { type Command, Option } from "commander"
import { type CaseList, type CaseListQuery, chileDateOf, formatDate, type RefundStatus, refundStatuses } from "@palma/core"
import type { Io } from "../io.js"
import { caseNumberOf, positiveFlag } from "../validate.js"
import { namedRecord } from "../namedRecord.js"
import { describeCase } from "../output/caseText.js"
import { formatCell, type Grid } from "../output/cells.js"
import { renderCsv } from "../output/csv.js"
import { renderJson } from "../output/json.js"
import { renderTable } from "../output/table.js"
import { type GlobalOptions, openSession } from "../session.js"
import { registerCaseExport } from "./caseExport.js"
import { registerCaseVerify } from "./caseVerify.js"
import { newCase } from "./caseNew.js"
import { registerCaseSteps } from "./caseStep.js"
import { CSV_HELP } from "../optionTexts.js"

interface ListOptions {
  readonly retail?: string
  readonly stage?: string
  readonly rut?: string
  readonly name?: string
  readonly status?: "open" | "closed"
  readonly refund?: RefundStatus
  readonly mine?: boolean
  readonly page?: string
  readonly records?: string
  readonly json?: boolean
  readonly csv?: boolean
}

const gridOf = (list: CaseList): Grid => ({
  headers: ["N°", "Apertura", "Canal", "Titular", "RUT", "Servicio", "Etapa"],
  rightAligned: [true, false, false, false, true, false, false],
  rows: list.data.map((c) => [
    String(c.number),
    formatDate(chileDateOf(new Date(c.createddate))),
    c.customer_name,
    c.applicant_name,
    formatCell("rut", c.applicant_rut),
    c.assistance_name,
    c.stage_name
  ])
})

const list = async (io: Io, options: ListOptions, globals: GlobalOptions) => {
  const page = positiveFlag(options.page, "--page", 1)
  const records = positiveFlag(options.records, "--records", 20)
  const { call } = await openSession(globals, io)
  const query: { -readonly [K in keyof CaseListQuery]: CaseListQuery[K] } = { page, records }
  if (options.retail !== undefined) query.retail_id = namedRecord(options.retail, await call((c) => c.case.getOrigins()), "Canal desconocido", "--retail").id
  if (options.stage !== undefined)
    query.stage_id = namedRecord(options.stage, await call((c) => c.stage.list({ urlParams: {} })), "Etapa desconocida", "--stage").id
  if (options.rut !== undefined) query.applicant_rut = options.rut
  if (options.name !== undefined) query.applicant_name = options.name
  if (options.status !== undefined) query.status = options.status
  if (options.refund !== undefined) query.refund_status = options.refund
  if (options.mine) query.mine = "true"
  const found = await call((c) => c.case.getAll({ urlParams: query }))
  if (options.json) return void io.stdout.write(renderJson(found))
  if (options.csv) return void io.stdout.write(renderCsv(gridOf(found)))
  if (found.summary.cases === 0) return void io.stdout.write("Sin casos con esos filtros.\n")
  const footer = `Página ${found.pagination.page} de ${found.pagination.total} · ${found.summary.cases} casos\n`
  io.stdout.write(found.data.length === 0 ? `Sin casos en esta página.\n${footer}` : `${renderTable(gridOf(found))}${footer}`)
}

const show = async (io: Io, number: string, options: { readonly json?: boolean }, globals: GlobalOptions) => {
  const wanted = caseNumberOf(number)
  const { call } = await openSession(globals, io)
  const found = await call((c) => c.case.getByNumber({ path: { number: wanted } }))
  io.stdout.write(options.json ? renderJson(found) : describeCase(found))
}

export const registerCases = (program: Command, io: Io) => {
  const cases = program.command("cases").description("casos de asistencia")
  registerCaseExport(cases, io)
  registerCaseVerify(cases, io)
  cases
    .command("list")
    .description("lista los casos, del más reciente al más antiguo, con los filtros de la pantalla de casos")
    .option("--retail <canal>", "canal de origen (nombre o id)")
    .option("--stage <etapa>", "etapa actual (código, nombre o id)")
    .option("--rut <rut>", "RUT del titular (o su comienzo)")
    .option("--name <nombre>", "parte del nombre del titular o de la carga (sin importar tildes)")
    .addOption(new Option("--status <estado>", "abiertos o cerrados").choices(["open", "closed"]))
    .addOption(new Option("--refund <estado>", "estado del reembolso").choices(refundStatuses))
    .option("--mine", "solo los casos que abrió usted")
    .option("--page <n>", "página (desde 1)")
    .option("--records <n>", "casos por página (20 por omisión)")
    .addOption(new Option("--json", "salida JSON (la respuesta completa de la API)").conflicts("csv"))
    .addOption(new Option("--csv", CSV_HELP))
    .action((options: ListOptions, command: Command) => list(io, options, command.optsWithGlobals<GlobalOptions>()))
  const single = program.command("case").description("un caso de asistencia")
  single
    .command("new")
    .description("abre un caso con el mismo flujo y la misma revisión de cobertura que la pantalla")
    .option("--from <archivo>", "el caso en JSON: rut, date, product, assistance, values, event, procedure, coverageException")
    .option("--json", "salida JSON (el caso abierto)")
    .action((options: { readonly from?: string; readonly json?: boolean }, command: Command) =>
      newCase(io, options.from, options, command.optsWithGlobals<GlobalOptions>())
    )
  single
    .command("show")
    .description("muestra un caso por su número, con su historial")
    .argument("<numero>", "número del caso")
    .option("--json", "salida JSON")
    .action((number: string, options: { readonly json?: boolean }, command: Command) => show(io, number, options, command.optsWithGlobals<GlobalOptions>()))
  registerCaseSteps(single, io)
}
