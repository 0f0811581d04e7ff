import { useEffect } from "react"
import { forgetJournals } from "../journalStore"
import { notify } from "../notify"
import type { AuthActor } from "./AuthContext"

/**
 * When a session ends (signed out here, in another tab, or expired), what the person was doing
 * goes with it: their toasts (a "Canal creado" must not greet the sign-in page or the next person
 * at this computer) and the pages' journals (an upload's, a case draft's).
 */
export const useSessionEnd = (actor: AuthActor) =>
  useEffect(() => {
    let signedIn = actor.getSnapshot().context.session !== null
    const subscription = actor.subscribe((snapshot) => {
      const now = snapshot.context.session !== null
      if (signedIn && !now) {
        notify.dismiss()
        forgetJournals()
      }
      signedIn = now
    })
    return () => subscription.unsubscribe()
  }, [actor])
