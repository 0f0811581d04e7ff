import {
  appendToCaseDraftJournal,
  type Call,
  caseDraftActors,
  caseDraftMachine,
  chileDateOf,
  type Journal,
  journalFrom,
  journalRecorder,
  resumeFrom
} from "@palma/core"
import { useActorRef } from "@xstate/react"
import { useEffect, useState } from "react"
import { useAuth } from "../../lib/auth/useAuth"

/**
 * Where a draft's journal is kept: the tab's session storage (a reload, or the browser restoring
 * the tab after a crash, finds it; closing the tab forgets it, and with it the applicant's data),
 * under the sign-in's session, so whoever signs in next in the tab does not get it.
 */
const keyOf = (sessionId: string) => `palma.caseDraft.${sessionId}`

const stored = (key: string): Journal => {
  try {
    return journalFrom(JSON.parse(sessionStorage.getItem(key) ?? "[]"))
  } catch {
    return []
  }
}

const store = (key: string, journal: Journal) => {
  try {
    if (journal.length === 0) sessionStorage.removeItem(key)
    else sessionStorage.setItem(key, JSON.stringify(journal))
  } catch {
    // Storage full or blocked: the draft goes on, only its resume after a reload is lost.
  }
}

/**
 * The page's caseDraft actor, resumed from the tab's journal where a reload left it (a call the
 * reload cut off is asked again from its step). Every event it receives goes to the journal; a
 * saved case or RESET empties it.
 */
export const useCaseDraft = (call: Call) => {
  const { session } = useAuth()
  const [setup] = useState(() => {
    const key = keyOf(session?.sessionId ?? "anonimo")
    const input = { today: chileDateOf(new Date()) }
    const resumed = resumeFrom(caseDraftMachine, stored(key), input)
    let journal: Journal = resumed?.journal ?? []
    store(key, journal)
    const record = journalRecorder((entry) => {
      journal = appendToCaseDraftJournal(journal, entry)
      store(key, journal)
    })
    const forget = () => {
      journal = []
      store(key, journal)
    }
    return { logic: caseDraftMachine.provide({ actors: caseDraftActors(call) }), input, snapshot: resumed?.snapshot, record, forget }
  })
  const actor = useActorRef(setup.logic, { input: setup.input, inspect: setup.record, ...(setup.snapshot ? { snapshot: setup.snapshot } : {}) })
  useEffect(() => {
    const saved = actor.on("saved", setup.forget)
    return () => saved.unsubscribe()
  }, [actor, setup.forget])
  return actor
}
