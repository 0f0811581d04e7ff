import type { RowOutcome } from "@palma/core"
import type { RosterRecord } from "./rosterRow.js"
import type { StoredInsured } from "./RosterWriter.js"

const texts = ["name", "paternalLastName", "maternalLastName", "address"] as const
const values = ["birthDate", "district", "email", "phone"] as const

/**
 * What a valid row does to the plan: new when the person has no subscription on it in force,
 * updated when it changes anything stored, unchanged otherwise. Blank cells change nothing
 * (a load never erases stored data), exactly as the writer applies them.
 */
export const classify = (record: RosterRecord, stored: StoredInsured | undefined): Exclude<RowOutcome, "failed"> => {
  if (stored === undefined || stored.lead_id === null) return "new"
  const changed =
    texts.some((field) => record[field] !== "" && record[field] !== stored[field]) ||
    values.some((field) => record[field] !== null && record[field] !== stored[field]) ||
    (record.initialDate !== null && record.initialDate !== stored.initialDate) ||
    (record.endDate !== null && record.endDate !== stored.endDate) ||
    Object.entries(record.values).some(([id, value]) => stored.values?.[id] !== value)
  return changed ? "updated" : "unchanged"
}
