import { type Call, Rut, uuidPattern } from "@palma/core"
import { usageError } from "./errors.js"
import { foldName } from "./validate.js"

/** Whether `--retail` names no channel in particular: absent, blank or "Todos". */
export const isEveryRetail = (wanted: string | undefined): boolean => wanted === undefined || wanted.trim() === "" || foldName(wanted) === "todos"

/**
 * A channel named by id, RUT or name (tildes and case ignored); "Todos" is every channel. An id
 * is taken as given, without a call: the server answers 404 for a channel it does not know.
 */
export const retailIdOf = async (call: Call, wanted: string | undefined): Promise<string> => {
  if (wanted === undefined || isEveryRetail(wanted)) return "Todos"
  if (uuidPattern.test(wanted.trim())) return wanted.trim().toLowerCase()
  const retails = await call((c) => c.retail.getAll())
  const rut = Rut.normalize(wanted)
  const found = retails.find((r) => (rut !== undefined && Rut.normalize(r.rut) === rut) || foldName(r.name) === foldName(wanted))
  if (found === undefined) throw usageError(`Canal desconocido «${wanted}» en --retail. Use su id, su RUT, su nombre o Todos.`)
  return found.id
}
