import type { JobToken } from "@palma/core"
import { useCallback } from "react"
import { useLookupCache } from "../../lib/lookups/LookupsProvider"
import { useLookup } from "../../lib/lookups/useLookup"

export type JobTokensStatus = "loading" | "ready" | "failed"

/** The live job tokens an admin sees on Usuarios, from the session's lookup cache (load, retry, reload after a write). */
export interface JobTokens {
  readonly status: JobTokensStatus
  /** The list as last loaded: kept while it reloads, null until the first answer. */
  readonly tokens: ReadonlyArray<JobToken> | null
  /** Why the list could not be loaded. */
  readonly failure: string | null
  readonly retry: () => void
  /** A token was issued or revoked, or an account changed: the list is loaded again. */
  readonly refresh: () => void
}

export const useJobTokens = (): JobTokens => {
  const lookup = useLookup("jobTokens")
  const lookups = useLookupCache()
  const refresh = useCallback(() => lookups.touched("jobToken"), [lookups])
  return {
    status: lookup.status === "error" ? "failed" : lookup.status,
    tokens: lookup.value,
    failure: lookup.failure?.message ?? null,
    retry: lookup.retry,
    refresh
  }
}
