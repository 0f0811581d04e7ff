import type { ProviderSpecialty } from "@palma/core"
import { useMemo } from "react"
import { useLookup } from "../../lib/lookups/useLookup"

export interface SpecialtyGroup {
  readonly group: string
  readonly items: ReadonlyArray<{ readonly value: string; readonly label: string }>
}

/** The rows of `getFamilies` (by family, then name) as a select's groups: one per family. */
export const groupsOf = (rows: ReadonlyArray<ProviderSpecialty>): ReadonlyArray<SpecialtyGroup> => {
  const groups = new Map<string, Array<{ value: string; label: string }>>()
  for (const row of rows) groups.set(row.family_name, [...(groups.get(row.family_name) ?? []), { value: row.id, label: row.name }])
  return [...groups].map(([group, items]) => ({ group, items }))
}

/** The active specialties grouped by family, from the session's shared lookup. */
export const useSpecialtyGroups = () => {
  const lookup = useLookup("providerSpecialties")
  const groups = useMemo(() => groupsOf(lookup.value ?? []), [lookup.value])
  // Mantine's selects want fresh mutable objects.
  const data = useMemo(() => groups.map((g) => ({ group: g.group, items: g.items.map((i) => ({ ...i })) })), [groups])
  return { data, status: lookup.status, retry: lookup.retry }
}
