import type { Assistance } from "@palma/core"
import { useLookup } from "../../lib/lookups/useLookup"

export type AssistanceOptions =
  { readonly status: "loading" | "error"; readonly items: ReadonlyArray<Assistance> } | { readonly status: "ready"; readonly items: ReadonlyArray<Assistance> }

/** The active assistances a product may cover, from the session's shared list. */
export const useAssistanceOptions = (): AssistanceOptions => {
  const { status, value } = useLookup("assistances")
  return { status, items: value ?? [] }
}

/**
 * Select groups by family, the product's family first: the contract lets a product cover an
 * assistance of any family, but its own family's are the usual choice.
 */
export const groupedOptions = (items: ReadonlyArray<Assistance>, family: string | null, taken: ReadonlyArray<string>) => {
  const groups = new Map<string, { group: string; own: boolean; items: Array<{ value: string; label: string }> }>()
  for (const a of items) {
    if (taken.includes(a.id)) continue
    const group = groups.get(a.family_id) ?? { group: a.family_name, own: a.family_id === family, items: [] }
    group.items.push({ value: a.id, label: a.name })
    groups.set(a.family_id, group)
  }
  return [...groups.values()]
    .sort((a, b) => Number(b.own) - Number(a.own) || a.group.localeCompare(b.group, "es"))
    .map(({ group, items }) => ({ group, items: items.sort((x, y) => x.label.localeCompare(y.label, "es")) }))
}
