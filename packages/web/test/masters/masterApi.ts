import { type MasterName, PalmaApi } from "@palma/core"
import type { RealServer } from "../realServer"

/** A master row as the real server answers it. */
export interface ListedRow {
  readonly id: string
  readonly name: string
  readonly [field: string]: unknown
}

/** Where a master's call lives, read from the contract (each master keeps the seed's own paths). */
const pathOf = (master: MasterName, endpoint: "list" | "getById", id = "") => {
  const found = Object.values(PalmaApi.groups[master]?.endpoints ?? {}).find((e) => e.name === endpoint)
  if (found === undefined) throw new Error(`El maestro ${master} no tiene ${endpoint}`)
  return found.path.replace(":id", id)
}

/** The active rows of a master, as the server holds them now. */
export const listOf = (server: RealServer, master: MasterName) => server.api<ReadonlyArray<ListedRow>>("GET", pathOf(master, "list"))

/** One row, as the server holds it now. */
export const getOf = (server: RealServer, master: MasterName, id: string) => server.api<ListedRow>("GET", pathOf(master, "getById", id))

/** The id of the active row named `name` (seeded ids are random). */
export const idOf = async (server: RealServer, master: MasterName, name: string) => {
  const row = (await listOf(server, master)).find((r) => r.name === name)
  if (row === undefined) throw new Error(`No hay ${master} activo llamado ${name}`)
  return row.id
}

/** Creates a row through the API, as another user would, and answers its id. */
export const create = async (server: RealServer, master: MasterName, body: Record<string, unknown>) =>
  (await server.api<ListedRow>("POST", `/api/${master}/create`, body)).id
