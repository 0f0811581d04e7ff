import type { Call } from "@palma/core"
import { useEffect, useState } from "react"
import type { Option } from "../../kit"

/** A value of the family as the ordered list shows it: "Patente" with its type "S · Texto corto". */
export interface ValueOption extends Option {
  readonly type: string
}

export interface FamilyMembers {
  readonly values: ReadonlyArray<ValueOption>
  readonly specialties: ReadonlyArray<Option>
  readonly documents: ReadonlyArray<Option>
}

export interface FamilyMembersState {
  readonly status: "idle" | "loading" | "ready" | "error"
  readonly members: FamilyMembers
}

const none: FamilyMembers = { values: [], specialties: [], documents: [] }

const load = (call: Call, family_id: string): Promise<FamilyMembers> => {
  const urlParams = { family_id }
  return Promise.all([
    call((c) => c.value.list({ urlParams })),
    call((c) => c.specialty.list({ urlParams })),
    call((c) => c.document.list({ urlParams }))
  ]).then(([values, specialties, documents]) => ({
    values: values.map((v) => ({ value: v.id, label: v.name, type: `${v.valuetype_code} · ${v.valueType_name}` })),
    specialties: specialties.map((s) => ({ value: s.id, label: s.name })),
    documents: documents.map((d) => ({ value: d.id, label: d.name }))
  }))
}

/**
 * The values, specialties and documents an assistance of `family` may use, loaded once per family
 * while the form is open (going back to a family does not ask again).
 */
export const useFamilyMembers = (call: Call, family: string | null): FamilyMembersState => {
  const [cache] = useState(() => new Map<string, Promise<FamilyMembers>>())
  const [state, setState] = useState<{ family: string | null; status: FamilyMembersState["status"]; members: FamilyMembers }>({
    family: null,
    status: "idle",
    members: none
  })

  useEffect(() => {
    if (family === null) return
    let live = true
    let promise = cache.get(family)
    if (promise === undefined) {
      promise = load(call, family)
      cache.set(family, promise)
      // A failed load is asked again next time the family is chosen.
      promise.catch(() => cache.delete(family))
    }
    setState((s) => (s.family === family && s.status === "ready" ? s : { family, status: "loading", members: none }))
    promise.then(
      (members) => live && setState({ family, status: "ready", members }),
      () => live && setState({ family, status: "error", members: none })
    )
    return () => {
      live = false
    }
  }, [call, cache, family])

  return family === null || state.family !== family ? { status: family === null ? "idle" : "loading", members: none } : state
}
