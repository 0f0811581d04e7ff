import { type Call, type ManagedUser, type Role, roleLabel } from "@palma/core"
import { CliError, ExitCode, usageError } from "../errors.js"
import type { Io } from "../io.js"
import { renderJson } from "../output/json.js"
import { renderTable } from "../output/table.js"
import { type GlobalOptions, openSession } from "../session.js"

export interface ListOptions {
  readonly search?: string
  readonly page?: string
  readonly json?: boolean
}

const roleText = (role: Role | null) => (role === null ? "sin rol" : roleLabel[role])
const describe = (user: ManagedUser) => `${user.fullName} <${user.email}>, ${roleText(user.role)}${user.disabled ? ", desactivado" : ""}`

/** Local mode only: in Clerk mode users live in Clerk's dashboard. */
export const localSession = async (io: Io, globals: GlobalOptions) => {
  const session = await openSession(globals, io)
  const { mode } = await session.call((client) => client.auth.config())
  if (mode === "clerk") throw usageError("El servidor usa Clerk: los usuarios se administran en el panel de Clerk.")
  return session
}

const pageNumber = (text: string | undefined): number => {
  if (text === undefined) return 1
  const page = Number(text)
  if (!Number.isInteger(page) || page < 1) throw usageError(`--page debe ser un número entero desde 1, no «${text}»`)
  return page
}

export const listUsers = async (io: Io, options: ListOptions, globals: GlobalOptions) => {
  const { call } = await localSession(io, globals)
  const page = await call((client) => client.users.list({ urlParams: { search: options.search, page: pageNumber(options.page), pageSize: 50 } }))
  if (options.json) {
    io.stdout.write(renderJson(page))
    return
  }
  io.stdout.write(
    renderTable({
      headers: ["Nombre", "Correo", "Rol", "Estado", "Id"],
      rightAligned: [false, false, false, false, false],
      rows: page.items.map((user) => [user.fullName, user.email, roleText(user.role), user.disabled ? "desactivado" : "activo", user.id])
    })
  )
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize))
  if (pages > 1) io.stdout.write(`Página ${page.page} de ${pages} (${page.total} usuarios). Use --page para ver otra.\n`)
}

/** The id of a user named by id (`user_…`) or by email (exact, without case). */
export const userIdOf = async (call: Call, who: string): Promise<string> => {
  if (who.startsWith("user_")) return who
  const found = await call((client) => client.users.list({ urlParams: { search: who, pageSize: 200 } }))
  const match = found.items.find((user) => user.email.toLowerCase() === who.toLowerCase())
  if (match === undefined) throw new CliError(`No existe un usuario con el correo «${who}».`, ExitCode.failure)
  return match.id
}

export const setUserRole = async (io: Io, who: string, role: Role | "none", globals: GlobalOptions) => {
  const { call } = await localSession(io, globals)
  const id = await userIdOf(call, who)
  const changed = await call((client) => client.users.setRole({ path: { id }, payload: { role: role === "none" ? null : role } }))
  io.stdout.write(`Rol actualizado: ${describe(changed)}. Se aplica en su próximo token (a lo más un minuto).\n`)
}

export const setUserDisabled = async (io: Io, who: string, disabled: boolean, globals: GlobalOptions) => {
  const { call } = await localSession(io, globals)
  const id = await userIdOf(call, who)
  const changed = await call((client) => (disabled ? client.users.disable({ path: { id } }) : client.users.enable({ path: { id } })))
  io.stdout.write(disabled ? `Usuario desactivado y sus sesiones cerradas: ${describe(changed)}.\n` : `Usuario activado: ${describe(changed)}.\n`)
}
