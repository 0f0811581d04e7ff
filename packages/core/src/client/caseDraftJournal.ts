import type { Journal, JournalEntry } from "./journal.js"

/** The field a typing event sets: the next keystroke on the same field replaces it in the journal. */
const fieldOf = (event: JournalEntry["event"]): string | null => {
  switch (event.type) {
    case "SET_VALUE":
      return `value:${String(event.id)}`
    case "SET_EVENT":
      return `event:${Object.keys(event)
        .filter((key) => key !== "type")
        .sort()
        .join(",")}`
    case "CONFIRM_EXCEPTION":
      return "exception"
    default:
      return null
  }
}

/**
 * A caseDraft journal with one more entry, kept as short as what it replays to: RESET starts an
 * empty journal (an empty journal is a new draft), and typing in a field keeps only its last
 * value. Replaying the result gives the same draft as replaying every event.
 */
export const appendToCaseDraftJournal = (journal: Journal, entry: JournalEntry): Journal => {
  if (entry.event.type === "RESET") return []
  const field = fieldOf(entry.event)
  const last = journal.at(-1)
  if (field !== null && last !== undefined && fieldOf(last.event) === field) return [...journal.slice(0, -1), entry]
  return [...journal, entry]
}
