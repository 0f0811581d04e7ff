import { type Call, createLookupCache, type LookupCache } from "@palma/core"
import { createContext, type ReactNode, useContext, useEffect, useState } from "react"
import { call as apiCall } from "../api"

const LookupsContext = createContext<LookupCache | null>(null)

/** The session's lookup cache: every screen under the provider shares its lists. */
export const useLookupCache = (): LookupCache => {
  const cache = useContext(LookupsContext)
  if (cache === null) throw new Error("useLookupCache necesita un LookupsProvider")
  return cache
}

interface LookupsProviderProps {
  /** Loads the comunas at once (only for someone allowed to read them: staff). */
  readonly preload: boolean
  /** Only tests pass another; the app calls its own server. */
  readonly call?: Call
  readonly children: ReactNode
}

/**
 * One lookup cache for the signed-in session (the shell remounts it per user): families, comunas,
 * value types… are fetched once for every screen and dialog, and made stale by writes to them.
 */
export const LookupsProvider = ({ preload, call = apiCall, children }: LookupsProviderProps) => {
  const [cache] = useState(() => createLookupCache(call))
  useEffect(() => {
    if (preload) cache.actorOf("districts").send({ type: "LOAD" })
  }, [cache, preload])
  return <LookupsContext value={cache}>{children}</LookupsContext>
}
