import { appendToCaseDraftJournal, type Call, caseDraftActors, caseDraftMachine, chileDateOf, type Journal, journalRecorder, resumeFrom } from "@palma/core"
import { useActorRef } from "@xstate/react"
import { useEffect, useState } from "react"
import { useAuth } from "../../lib/auth/useAuth"
import { journalStore } from "../../lib/journalStore"

/**
 * The page's caseDraft actor, resumed from the tab's journal where a reload left it (a call the
 * reload cut off is asked again from its step). Every event it receives goes to the journal; a
 * saved case or RESET empties it.
 */
export const useCaseDraft = (call: Call) => {
  const { session } = useAuth()
  const [setup] = useState(() => {
    // The tab's session storage (a reload, or the browser restoring the tab after a crash, finds
    // it; closing the tab forgets it, and with it the applicant's data), under the sign-in's session.
    const stored = journalStore(sessionStorage, "caseDraft", session?.sessionId ?? "anonimo")
    const input = { today: chileDateOf(new Date()) }
    const resumed = resumeFrom(caseDraftMachine, stored.read(), input)
    let journal: Journal = resumed?.journal ?? []
    stored.write(journal)
    const record = journalRecorder((entry) => {
      journal = appendToCaseDraftJournal(journal, entry)
      stored.write(journal)
    })
    const forget = () => {
      journal = []
      stored.write(journal)
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
