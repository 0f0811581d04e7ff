import { useEffect } from "react"
import { notify } from "../notify"
import type { AuthActor } from "./AuthContext"

/**
 * When a session ends (signed out here, in another tab, or expired), its toasts go with it: a
 * "Canal creado" must not greet the sign-in page or the next person at this computer.
 */
export const useToastsEndWithSession = (actor: AuthActor) =>
  useEffect(() => {
    let signedIn = actor.getSnapshot().context.session !== null
    const subscription = actor.subscribe((snapshot) => {
      const now = snapshot.context.session !== null
      if (signedIn && !now) notify.dismiss()
      signedIn = now
    })
    return () => subscription.unsubscribe()
  }, [actor])
