import type { Call, ListResult, ResourceQuery, Retail } from "@palma/core"
import { fromPromise } from "xstate"
import { pageOf, type ResourceActors } from "../../kit"

/** The longest RUT criterion the server takes. */
const RUT_SEARCH_MAX = 20

const uniqueById = (lists: ReadonlyArray<ReadonlyArray<Retail>>): ReadonlyArray<Retail> => {
  const seen = new Map<string, Retail>()
  for (const list of lists) for (const retail of list) if (!seen.has(retail.id)) seen.set(retail.id, retail)
  return [...seen.values()]
}

/**
 * The retails a search box's text finds, searched by the server: by name, and by RUT when the
 * text has a digit ("12.345" or "12345678-5"). A blank search lists every active retail.
 */
export const searchRetails = async (call: Call, search: string | undefined): Promise<ReadonlyArray<Retail>> => {
  const term = search?.trim() ?? ""
  if (term === "") return call((c) => c.retail.getAll())
  const byRut =
    /\d/.test(term) && term.length <= RUT_SEARCH_MAX ? call((c) => c.retail.getBySearchValues({ payload: { rut: term, name: null } })) : Promise.resolve([])
  const byName = call((c) => c.retail.getBySearchValues({ payload: { rut: null, name: term } }))
  return uniqueById(await Promise.all([byRut, byName]))
}

/**
 * The retails list for the resource machine: the server searches, the page sorts and cuts what
 * it found (the retails API has no pages). Create and edit happen on the retail's own page.
 */
export const retailListActors = (call: Call): ResourceActors<Retail> => ({
  list: fromPromise<ListResult<Retail>, ResourceQuery>(({ input }) =>
    searchRetails(call, input.search).then((found) => pageOf(found, { ...input, search: undefined }, { searchIn: () => [] }))
  ),
  create: fromPromise<Retail, unknown>(() => Promise.reject(new Error("Los canales se crean en su propia página"))),
  update: fromPromise<Retail, { id: string; input: unknown }>(() => Promise.reject(new Error("Los canales se editan en su propia página"))),
  remove: fromPromise<Retail, string>(({ input }) => call((c) => c.retail.deleteById({ path: { id: input } })))
})
