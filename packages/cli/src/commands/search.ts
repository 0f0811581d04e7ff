import { type Command, Option } from "commander"
import type { CustomerSearchPage, InsuredSearchPage, PersonSearchQuery } from "@palma/core"
import { usageError } from "../errors.js"
import type { Io } from "../io.js"
import { positiveFlag } from "../validate.js"
import { formatCell, type Grid } from "../output/cells.js"
import { renderCsv } from "../output/csv.js"
import { renderJson } from "../output/json.js"
import { renderTable } from "../output/table.js"
import { type GlobalOptions, openSession } from "../session.js"
import { CSV_HELP } from "../optionTexts.js"

interface SearchOptions {
  readonly page?: string
  readonly records?: string
  readonly json?: boolean
  readonly csv?: boolean
}

const kinds = {
  customer: { label: "clientes", query: "customer" },
  insured: { label: "titulares", query: "insured" }
} as const
type Kind = keyof typeof kinds

/** Digits with or without dots, dash and check digit: a RUT or its start; anything else is a name. */
const looksLikeRut = (term: string) => /^[\d.]+(-?[\dkK])?$/.test(term.trim())

const gridOf = (page: CustomerSearchPage | InsuredSearchPage): Grid => ({
  headers: ["RUT", "Nombre", "Productos vigentes", "ID"],
  rightAligned: [true, false, true, false],
  rows: page.data.map((p) => [formatCell("rut", p.rut), p.name, String(p.products), p.id])
})

/** Input is checked before any network call, so a typo is a usage error (2), never a server error. */
const search = async (io: Io, kindName: string, term: string, options: SearchOptions, globals: GlobalOptions) => {
  if (!(kindName in kinds)) throw usageError(`Búsqueda desconocida «${kindName}». Use customer o insured.`)
  const kind = kinds[kindName as Kind]
  if (term.trim() === "") throw usageError("Indique un RUT (o su comienzo) o un nombre.")
  const page = positiveFlag(options.page, "--page", 1)
  const records = positiveFlag(options.records, "--records", 20)
  const query: PersonSearchQuery = looksLikeRut(term) ? { rut: term.trim(), page, records } : { name: term.trim(), page, records }
  const { call } = await openSession(globals, io)
  const found: CustomerSearchPage | InsuredSearchPage =
    kind.query === "customer"
      ? await call((client) => client.customer.getByRutOrName({ urlParams: query }))
      : await call((client) => client.insured.getByRutOrName({ urlParams: query }))
  if (options.json) return void io.stdout.write(renderJson(found))
  if (options.csv) return void io.stdout.write(renderCsv(gridOf(found)))
  const people = "customer" in found.summary ? found.summary.customer : found.summary.insured
  const footer = `Página ${found.pagination.page} de ${found.pagination.total} · ${people} ${kind.label} · ${found.summary.products} productos vigentes\n`
  if (people === 0) return void io.stdout.write(`Sin resultados para «${term.trim()}».\n`)
  io.stdout.write(found.data.length === 0 ? `Sin resultados en esta página.\n${footer}` : `${renderTable(gridOf(found))}${footer}`)
}

export const registerSearch = (program: Command, io: Io) =>
  program
    .command("search")
    .description("busca clientes o titulares con pólizas vigentes, por RUT (o su comienzo) o por nombre (sin importar tildes)")
    .argument("<tipo>", "customer o insured")
    .argument("<rut-o-nombre>", "RUT, comienzo de RUT o parte del nombre")
    .option("--page <n>", "página (desde 1)")
    .option("--records <n>", "resultados por página (20 por omisión)")
    .addOption(new Option("--json", "salida JSON (la respuesta completa de la API: resumen, paginación y datos)").conflicts("csv"))
    .addOption(new Option("--csv", CSV_HELP))
    .action((kind: string, term: string, options: SearchOptions, command: Command) => search(io, kind, term, options, command.optsWithGlobals<GlobalOptions>()))
