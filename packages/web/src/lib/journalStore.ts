import { type Journal, journalFrom } from "@palma/core"

/** Every page journal's key starts so: a sign-out finds them all. */
const PREFIX = "palma.journal."

/**
 * Where a page keeps its machine's journal in the browser (a reload replays it): under the
 * feature's name and its owner — the signed-in person, or the sign-in's session — so whoever
 * signs in next at this browser does not get it. Storage full or blocked loses only the resume.
 */
export const journalStore = (storage: Storage, feature: string, owner: string) => {
  const key = `${PREFIX}${feature}.${owner}`
  return {
    read: (): Journal => {
      try {
        return journalFrom(JSON.parse(storage.getItem(key) ?? "[]"))
      } catch {
        return []
      }
    },
    write: (journal: Journal): void => {
      try {
        if (journal.length === 0) storage.removeItem(key)
        else storage.setItem(key, JSON.stringify(journal))
      } catch {
        // Storage full or blocked: the work goes on, only its resume after a reload is lost.
      }
    }
  }
}

/** Forgets every page journal this browser keeps: what a person was doing ends with their session. */
export const forgetJournals = (): void => {
  for (const storage of [localStorage, sessionStorage]) {
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter((k): k is string => k?.startsWith(PREFIX) === true)
    for (const key of keys) storage.removeItem(key)
  }
}
