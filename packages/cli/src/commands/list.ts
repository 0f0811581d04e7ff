import { uuidPattern } from "@palma/core"
import { type Command, Option } from "commander"
import type { Call } from "@palma/core"
import { unknownResource } from "../validate.js"
import { renderCsv } from "../output/csv.js"
import { renderJson } from "../output/json.js"
import { renderTable } from "../output/table.js"
import { usageError } from "../errors.js"
import type { Io } from "../io.js"
import { findResource, resources } from "../resources/catalog.js"
import type { ContractorFilters } from "../resources/contractor.js"
import type { ProviderFilters } from "../resources/providers.js"
import type { FilterName, Resource } from "../resources/resource.js"
import { type GlobalOptions, openSession } from "../session.js"
import { CSV_HELP } from "../optionTexts.js"

interface ListOptions {
  readonly json?: boolean
  readonly csv?: boolean
  readonly family?: string
  readonly search?: string
  readonly specialty?: string
  readonly comuna?: string
  readonly remote?: boolean
  readonly inactive?: boolean
  readonly all?: boolean
  readonly type?: string
  readonly rut?: string
  readonly name?: string
  readonly active?: boolean
}

const names = resources.map((resource) => resource.name).join(", ")
const takers = (filter: FilterName) =>
  resources
    .filter((r) => r.filters.includes(filter))
    .map((r) => r.name)
    .join(", ")

/** Every filter flag given, checked against what the resource takes. */
const checkFilters = (resource: Resource, options: ListOptions) => {
  const given: ReadonlyArray<readonly [FilterName, string, boolean]> = [
    ["search", "--search", options.search !== undefined],
    ["specialty_id", "--specialty", options.specialty !== undefined],
    ["district", "--comuna", options.comuna !== undefined],
    ["remote", "--remote / --no-remote", options.remote !== undefined],
    ["active", "--inactive / --all", options.inactive === true || options.all === true],
    ["contractorType", "--type", options.type !== undefined],
    ["rut", "--rut", options.rut !== undefined],
    ["nameLike", "--name", options.name !== undefined],
    ["inForce", "--active", options.active === true]
  ]
  for (const [filter, flag, present] of given) {
    if (present && !resource.filters.includes(filter)) throw usageError(`${flag} solo aplica a: ${takers(filter)}.`)
  }
}

/** The provider filters given. */
const providerFilters = (options: ListOptions): ProviderFilters => {
  if (options.inactive && options.all) throw usageError("Use --inactive o --all, no ambos.")
  return {
    ...(options.search === undefined ? {} : { search: options.search }),
    ...(options.comuna === undefined ? {} : { district: options.comuna }),
    ...(options.remote === undefined ? {} : { remote: options.remote }),
    ...(options.inactive ? { active: "false" as const } : options.all ? { active: "all" as const } : {})
  }
}

const contractorKinds: Readonly<Record<string, "P" | "C">> = { persona: "P", p: "P", empresa: "C", c: "C" }

/** The contractor filters given; the type as a word (persona, empresa) or the seed's letter. */
const contractorFilters = (options: ListOptions): ContractorFilters => {
  const kind = options.type === undefined ? undefined : contractorKinds[fold(options.type)]
  if (options.type !== undefined && kind === undefined) throw usageError("--type debe ser persona o empresa.")
  return {
    ...(kind === undefined ? {} : { contractorType: kind }),
    ...(options.rut === undefined ? {} : { rut: options.rut }),
    ...(options.name === undefined ? {} : { nameLike: options.name }),
    ...(options.active === true ? { inForce: true } : {})
  }
}

const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").trim().toLowerCase()

/** A specialty given by id, or by name (accents and case ignored) among the active ones. */
const specialtyId = async (call: Call, given: string): Promise<string> => {
  if (uuidPattern.test(given)) return given
  const specialties = await call((client) => client.specialist.getFamilies())
  const found = specialties.filter((s) => fold(s.name) === fold(given))
  if (found.length === 1) return found[0]!.id
  if (found.length > 1) throw usageError(`Hay ${found.length} especialidades «${given}» (en ${found.map((s) => s.family_name).join(", ")}): indique su ID.`)
  throw usageError(`No hay una especialidad activa «${given}». Véalas con «palma list specialty».`)
}

/** Input is checked before any network call, so a typo is a usage error (2), never a server error. */
const list = async (io: Io, resourceName: string, options: ListOptions, globals: GlobalOptions) => {
  const resource = findResource(resourceName)
  if (resource === undefined) throw unknownResource(resourceName, names)
  if (options.family !== undefined) {
    if (!resource.familyScoped) {
      const scoped = resources
        .filter((r) => r.familyScoped)
        .map((r) => r.name)
        .join(", ")
      throw usageError(`--family solo aplica a: ${scoped}.`)
    }
    if (!uuidPattern.test(options.family)) throw usageError("--family debe ser el ID de una familia (véalos con «palma list family»).")
  }
  checkFilters(resource, options)
  const filters = providerFilters(options)
  const contractors = contractorFilters(options)
  const { call } = await openSession(globals, io)
  const providers = options.specialty === undefined ? filters : { ...filters, specialty_id: await specialtyId(call, options.specialty) }
  const listing = await resource.list(call, {
    ...(options.family === undefined ? {} : { family_id: options.family }),
    ...(resource.filters.length > 0 ? { providers, contractors } : {})
  })
  io.stdout.write(options.json ? renderJson(listing.items) : options.csv ? renderCsv(listing.grid) : renderTable(listing.grid))
}

export const registerList = (program: Command, io: Io) =>
  program
    .command("list")
    .description(`lista datos maestros, especialistas, alianzas y contratantes: ${names}`)
    .argument("<recurso>", "qué listar")
    .addOption(new Option("--json", "salida JSON (los campos tal como los entrega la API)").conflicts("csv"))
    .addOption(new Option("--csv", CSV_HELP))
    .option("--family <id>", "solo los de esa familia (specialty, document, value)")
    .option("--search <texto>", "nombre o RUT, sin importar tildes ni mayúsculas (specialist, partner)")
    .option("--specialty <id|nombre>", "solo los de esa especialidad (specialist, partner)")
    .option("--comuna <nombre|código>", "solo los que atienden esa comuna (specialist)")
    .option("--remote", "solo los que atienden en forma remota (specialist)")
    .option("--no-remote", "solo los que no atienden en forma remota (specialist)")
    .option("--inactive", "solo los eliminados (specialist, partner)")
    .option("--all", "activos y eliminados (specialist, partner)")
    .option("--type <persona|empresa>", "solo personas o solo empresas (contractor)")
    .option("--rut <rut>", "RUT o su comienzo, con o sin puntos (contractor)")
    .option("--name <texto>", "parte del nombre, sin importar tildes ni mayúsculas (contractor)")
    .option("--active", "solo los que tienen una póliza vigente (contractor)")
    .action((resourceName: string, options: ListOptions, command: Command) => list(io, resourceName, options, command.optsWithGlobals<GlobalOptions>()))
