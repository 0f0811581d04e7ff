import { useEffect } from "react"
import { type BlockerFunction, useBlocker } from "react-router"
import { LeaveConfirm } from "./LeaveConfirm"

/**
 * Another page, or the same page with other search parameters (another plan's format). The app's
 * own redirects replace the entry (a saved record's new address, a list's last page) and are let
 * through: they never drop what a person typed.
 */
const leaves: BlockerFunction = ({ currentLocation, nextLocation, historyAction }) =>
  historyAction !== "REPLACE" && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search)

/** While mounted: links, the browser's back and forward ask first, and closing the tab asks the browser's own question. */
const Blocking = () => {
  const blocker = useBlocker(leaves)
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener("beforeunload", onBeforeUnload)
    return () => window.removeEventListener("beforeunload", onBeforeUnload)
  }, [])
  return <LeaveConfirm opened={blocker.state === "blocked"} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />
}

/**
 * Asks before a form with unsaved changes is left. Mounted only while `dirty`: the router heeds a
 * single blocker, so forms that hold nothing to lose register none.
 */
export const LeaveGuard = ({ dirty }: { readonly dirty: boolean }) => (dirty ? <Blocking /> : null)
