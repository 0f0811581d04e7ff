import type { District } from "@palma/core"
import { useActorRef, useSelector } from "@xstate/react"
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from "react"
import { fromPromise } from "xstate"
import { call } from "../api"
import { districtsMachine } from "./districtsMachine"

export interface Districts {
  readonly districts: ReadonlyArray<District>
  readonly loading: boolean
  /** Why the list could not be loaded, in Spanish. */
  readonly error: string | null
  readonly retry: () => void
}

const DistrictsContext = createContext<Districts | null>(null)

/** Chile's comunas, shared by every screen of the layout; screens never fetch them themselves. */
export const useDistricts = (): Districts => {
  const districts = useContext(DistrictsContext)
  if (districts === null) throw new Error("useDistricts necesita un DistrictsProvider")
  return districts
}

/** Reuses the request in flight, so a machine restarted by StrictMode never fetches twice. */
const loadOnce = () => {
  let pending: Promise<ReadonlyArray<District>> | null = null
  return () =>
    (pending ??= call((client) => client.district.listAll()).catch((error: unknown) => {
      pending = null
      throw error
    }))
}

interface DistrictsProviderProps {
  /** Load only for staff: a person without a role may not read the list. */
  readonly enabled: boolean
  readonly children: ReactNode
}

/** Loads the comunas once when the layout starts (and only for someone allowed to read them). */
export const DistrictsProvider = ({ enabled, children }: DistrictsProviderProps) => {
  const [load] = useState(loadOnce)
  const actor = useActorRef(districtsMachine.provide({ actors: { load: fromPromise(() => load()) } }))
  useEffect(() => {
    if (enabled) actor.send({ type: "LOAD" })
  }, [enabled, actor])
  const districts = useSelector(actor, (s) => s.context.districts)
  const error = useSelector(actor, (s) => s.context.error)
  const loading = useSelector(actor, (s) => s.matches("loading") || (enabled && s.matches("idle")))
  const value = useMemo<Districts>(() => ({ districts, error, loading, retry: () => actor.send({ type: "RETRY" }) }), [districts, error, loading, actor])
  return <DistrictsContext value={value}>{children}</DistrictsContext>
}
