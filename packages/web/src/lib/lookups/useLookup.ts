import type { Failure, LookupName, LookupValue } from "@palma/core"
import { useSelector } from "@xstate/react"
import { useEffect } from "react"
import { useLookupCache } from "./LookupsProvider"

export interface Lookup<A> {
  /** "ready" as soon as a value is there (also while a stale one is refreshed). */
  readonly status: "loading" | "ready" | "error"
  readonly value: A | null
  readonly failure: Failure | null
  readonly retry: () => void
}

/**
 * A shared list from the session's cache, asked for while `enabled`: the first screen that needs it
 * loads it, the others (and the next dialogs) reuse it; a stale one is loaded again when needed.
 */
export const useLookup = <K extends LookupName>(name: K, param = "", enabled = true): Lookup<LookupValue<K>> => {
  const actor = useLookupCache().actorOf(name, param)
  const state = useSelector(actor, (s) => s.value)
  const value = useSelector(actor, (s) => s.context.value)
  const failure = useSelector(actor, (s) => s.context.failure)
  useEffect(() => {
    if (enabled && (state === "idle" || state === "stale")) actor.send({ type: "LOAD" })
  }, [actor, enabled, state])
  return {
    status: state === "failure" ? "error" : value !== null ? "ready" : "loading",
    value,
    failure,
    retry: () => actor.send({ type: "RETRY" })
  }
}
