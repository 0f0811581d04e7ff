import type { Option } from "../../kit"
import { useLookup } from "../../lib/lookups/useLookup"

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

/**
 * The values, specialties and documents an assistance of `family` may use, from the session's
 * shared lists (one per family: going back to a family, or opening the dialog again, does not ask again).
 */
export const useFamilyMembers = (family: string | null): FamilyMembersState => {
  const lookup = useLookup("familyMembers", family ?? "", family !== null)
  if (family === null) return { status: "idle", members: none }
  if (lookup.status !== "ready" || lookup.value === null) return { status: lookup.status, members: none }
  const { values, specialties, documents } = lookup.value
  return {
    status: "ready",
    members: {
      values: values.map((v) => ({ value: v.id, label: v.name, type: `${v.valuetype_code} · ${v.valueType_name}` })),
      specialties: specialties.map((s) => ({ value: s.id, label: s.name })),
      documents: documents.map((d) => ({ value: d.id, label: d.name }))
    }
  }
}
