import { formatDate, type RowChange, type RowOutcome } from "@palma/core/domain"
import type { RosterRecord } from "./rosterRow.js"
import type { RosterColumn } from "./rosterSheet.js"
import type { StoredInsured } from "./RosterRepo.js"

/** Person fields a blank cell leaves alone: texts ("" when blank) and typed values (null). */
const personFields = ["name", "paternalLastName", "maternalLastName", "birthDate", "address", "district", "email", "phone"] as const
const dateFields: ReadonlySet<string> = new Set(["birthDate", "initialDate", "endDate"])

/** What naming a change needs beyond the row: a comuna's name, a plan value's type. */
export interface ChangeLookups {
  /** A comuna's CUT code → its name. */
  readonly districtName: (code: string) => string | undefined
  /** A plan value's id → its value type's code (D, S, C or N). */
  readonly valueType: (valueId: string) => string | undefined
}

export interface RowDiff {
  readonly outcome: Exclude<RowOutcome, "failed">
  readonly changes: ReadonlyArray<RowChange>
}

/** What a row changes and how people read it: labels from the format's headers, dates dd-mm-aaaa, comunas by name. */
const describe = (columns: ReadonlyArray<RosterColumn>, lookups: ChangeLookups) => {
  const labels = new Map(columns.map((c) => [c.field_id, c.header]))
  const shown = (field: string, value: string): string =>
    field === "district" ? (lookups.districtName(value) ?? value) : dateFields.has(field) || lookups.valueType(field) === "D" ? formatDate(value) : value
  return (field: string, from: string | null | undefined, to: string): RowChange => ({
    field,
    label: labels.get(field) ?? field,
    from: from === null || from === undefined || from === "" ? null : shown(field, from),
    to: shown(field, to)
  })
}

/**
 * What a valid row does, exactly as the writer applies it: new when Palma does not know the
 * person; otherwise each stored thing it changes (the person's data, a subscription on the plan
 * opened, its dates, the plan's values), updated when there is any, unchanged when none. Blank
 * cells change nothing (a load never erases stored data).
 */
export const classify = (record: RosterRecord, stored: StoredInsured | undefined, columns: ReadonlyArray<RosterColumn>, lookups: ChangeLookups): RowDiff => {
  if (stored === undefined || !stored.known) return { outcome: "new", changes: [] }
  const change = describe(columns, lookups)
  const changes: Array<RowChange> = []
  for (const field of personFields) {
    const value = record[field]
    if (value !== null && value !== "" && value !== stored[field]) changes.push(change(field, stored[field], value))
  }
  // A new subscription is one change: its dates and values are the file's from the start.
  if (stored.lead_id === null) changes.push({ field: "subscription", label: "Suscripción al plan", from: "ninguna", to: "nueva" })
  else {
    for (const field of ["initialDate", "endDate"] as const) {
      const value = record[field]
      if (value !== null && value !== stored[field]) changes.push(change(field, stored[field], value))
    }
    for (const [id, value] of Object.entries(record.values)) {
      if (stored.values?.[id] !== value) changes.push(change(id, stored.values?.[id], value))
    }
  }
  return { outcome: changes.length > 0 ? "updated" : "unchanged", changes }
}
