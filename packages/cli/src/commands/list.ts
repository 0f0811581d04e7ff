import { type Command, Option } from "commander"
import { renderCsv } from "../output/csv.js"
import { renderJson } from "../output/json.js"
import { renderTable } from "../output/table.js"
import { usageError } from "../errors.js"
import type { Io } from "../io.js"
import { findResource, resources } from "../resources/catalog.js"
import { type GlobalOptions, openSession } from "../session.js"

interface ListOptions {
  readonly json?: boolean
  readonly csv?: boolean
  readonly family?: string
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const names = resources.map((resource) => resource.name).join(", ")

/** Input is checked before any network call, so a typo is a usage error (2), never a server error. */
const list = async (io: Io, resourceName: string, options: ListOptions, globals: GlobalOptions) => {
  const resource = findResource(resourceName)
  if (resource === undefined) throw usageError(`Recurso desconocido «${resourceName}». Use uno de: ${names}.`)
  if (options.family !== undefined) {
    if (!resource.familyScoped) {
      const scoped = resources
        .filter((r) => r.familyScoped)
        .map((r) => r.name)
        .join(", ")
      throw usageError(`--family solo aplica a: ${scoped}.`)
    }
    if (!uuid.test(options.family)) throw usageError("--family debe ser el ID de una familia (véalos con «palma list family»).")
  }
  const { call } = await openSession(globals, io)
  const listing = await resource.list(call, options.family === undefined ? {} : { family_id: options.family })
  io.stdout.write(options.json ? renderJson(listing.items) : options.csv ? renderCsv(listing.grid) : renderTable(listing.grid))
}

export const registerList = (program: Command, io: Io) =>
  program
    .command("list")
    .description(`lista datos maestros: ${names}`)
    .argument("<recurso>", "qué listar")
    .addOption(new Option("--json", "salida JSON (los campos tal como los entrega la API)").conflicts("csv"))
    .addOption(new Option("--csv", "salida CSV (RFC 4180), segura para abrir en Excel"))
    .option("--family <id>", "solo los de esa familia (specialty, document, value)")
    .action((resourceName: string, options: ListOptions, command: Command) => list(io, resourceName, options, command.optsWithGlobals<GlobalOptions>()))
