import { type ListResult, type SearchContext, searchMachine } from "@palma/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect } from "react"

/** A search machine with its actor provided (what the screen's criteria mean to the server). */
export type SearchLogic<Q, A> = ReturnType<typeof searchMachine<Q, A>>

export interface PagedSearch<A> {
  readonly status: "loading" | "ready" | "failure"
  readonly result: ListResult<A> | null
  readonly failure: string | null
  readonly retry: () => void
}

/**
 * Drives a core search machine from the screen's query (kept in the URL): a new query is sent
 * when it differs from the one the machine holds, so back and forward and a shared link show
 * the same page.
 */
export const usePagedSearch = <Q, A>(logic: SearchLogic<Q, A>, query: Q): PagedSearch<A> => {
  const actor = useActorRef(logic, { input: { query } })
  const key = JSON.stringify(query)
  useEffect(() => {
    const held: SearchContext<Q, A> = actor.getSnapshot().context
    if (JSON.stringify(held.query) !== key) actor.send({ type: "QUERY", query: JSON.parse(key) as Q })
  }, [actor, key])
  const status = useSelector(actor, (s) => (s.matches("failure") ? "failure" : s.matches("ready") ? "ready" : "loading"))
  const result = useSelector(actor, (s) => s.context.result)
  const failure = useSelector(actor, (s) => s.context.failure?.message ?? null)
  return { status, result, failure, retry: () => actor.send({ type: "RETRY" }) }
}
