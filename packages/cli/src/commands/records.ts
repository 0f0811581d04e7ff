import { confirm } from "@inquirer/prompts"
import { type Command, Option } from "commander"
import { type NamedRecord, recordCalls, type RestorableName, restorableNames, uuidPattern } from "@palma/core"
import { unknownResource } from "../validate.js"
import { usageError } from "../errors.js"
import type { Io } from "../io.js"
import { renderJson } from "../output/json.js"
import { renderTable } from "../output/table.js"
import { toGrid } from "../output/cells.js"
import { type GlobalOptions, openSession } from "../session.js"
import { JSON_PAGE_HELP } from "../optionTexts.js"

const names = restorableNames.join(", ")

/** The resource and id as typed, checked before any network call: a typo is a usage error (2). */
const target = (resourceName: string, id?: string): RestorableName => {
  const name = restorableNames.find((n) => n.toLowerCase() === resourceName.toLowerCase())
  if (name === undefined) throw unknownResource(resourceName, names)
  if (id !== undefined && !uuidPattern.test(id)) throw usageError("El ID debe ser un UUID (véalos con «palma list <recurso>» o «palma deleted <recurso>»).")
  return name
}

/**
 * Deletes (deactivates) one record, after reading it: the prompt names it, and the delete carries
 * the version read, so a change by someone else while the question was open is refused (412).
 */
const remove = async (io: Io, resourceName: string, id: string, options: { readonly yes?: boolean }, globals: GlobalOptions) => {
  const name = target(resourceName, id)
  if (options.yes !== true && !io.interactive) throw usageError("Sin terminal, confirme con --yes.")
  const { call } = await openSession(globals, io)
  const records = recordCalls(call, name)
  const { record, version } = await records.read(id)
  if (options.yes !== true && !(await confirm({ message: `¿Eliminar «${record.name}»?`, default: false }, { input: io.stdin, output: io.stderr }))) {
    io.stderr.write("No se eliminó nada.\n")
    return
  }
  await records.remove(id, version)
  io.stdout.write(`Eliminado: ${record.name}. Puede restaurarlo con «palma restore ${name} ${id}».\n`)
}

const restore = async (io: Io, resourceName: string, id: string, globals: GlobalOptions) => {
  const name = target(resourceName, id)
  const { call } = await openSession(globals, io)
  const record = await recordCalls(call, name).restore(id)
  io.stdout.write(`Restaurado: ${record.name}.\n`)
}

interface DeletedOptions {
  readonly json?: boolean
  readonly search?: string
  readonly page: string
}

const listDeleted = async (io: Io, resourceName: string, options: DeletedOptions, globals: GlobalOptions) => {
  const name = target(resourceName)
  const page = Number(options.page)
  if (!Number.isSafeInteger(page) || page < 1) throw usageError("--page debe ser un número entero mayor que cero.")
  const { call } = await openSession(globals, io)
  const found = await recordCalls(call, name).deleted({ page, pageSize: 50, ...(options.search === undefined ? {} : { search: options.search }) })
  if (options.json === true) {
    io.stdout.write(renderJson(found))
    return
  }
  const columns = [
    { header: "ID", kind: "text" as const, value: (row: NamedRecord) => row.id },
    { header: "Nombre", kind: "text" as const, value: (row: NamedRecord) => row.name }
  ]
  io.stdout.write(renderTable(toGrid(columns, found.items)))
  const pages = Math.max(1, Math.ceil(found.total / found.pageSize))
  io.stderr.write(`${found.total} eliminado(s); página ${found.page} de ${pages}.\n`)
}

/** `palma delete`, `palma deleted` and `palma restore`: deactivation and its undo, for admins. */
export const registerRecords = (program: Command, io: Io) => {
  program
    .command("delete")
    .description(`elimina (desactiva) un registro: ${names}`)
    .argument("<recurso>", "de qué recurso")
    .argument("<id>", "ID del registro")
    .option("--yes", "no pregunta (para scripts)")
    .action((resourceName: string, id: string, options: { yes?: boolean }, command: Command) =>
      remove(io, resourceName, id, options, command.optsWithGlobals<GlobalOptions>())
    )
  program
    .command("deleted")
    .description("lista los registros eliminados de un recurso (solo administradores)")
    .argument("<recurso>", "de qué recurso")
    .option("--json", JSON_PAGE_HELP)
    .option("--search <texto>", "solo los que contengan ese texto")
    .addOption(new Option("--page <n>", "página (50 por página)").default("1"))
    .action((resourceName: string, options: DeletedOptions, command: Command) =>
      listDeleted(io, resourceName, options, command.optsWithGlobals<GlobalOptions>())
    )
  program
    .command("restore")
    .description("restaura un registro eliminado (solo administradores)")
    .argument("<recurso>", "de qué recurso")
    .argument("<id>", "ID del registro")
    .action((resourceName: string, id: string, _options: unknown, command: Command) => restore(io, resourceName, id, command.optsWithGlobals<GlobalOptions>()))
}
