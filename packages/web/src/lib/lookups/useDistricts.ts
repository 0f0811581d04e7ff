import type { District } from "@palma/core"
import { useLookup } from "./useLookup"

export interface Districts {
  readonly districts: ReadonlyArray<District>
  readonly loading: boolean
  /** Why the list could not be loaded, in Spanish. */
  readonly error: string | null
  readonly retry: () => void
}

/** Chile's comunas, from the session's cache (the shell preloads them for staff). */
export const useDistricts = (): Districts => {
  const { status, value, failure, retry } = useLookup("districts")
  return { districts: value ?? [], loading: status === "loading", error: status === "error" ? (failure?.message ?? null) : null, retry }
}
