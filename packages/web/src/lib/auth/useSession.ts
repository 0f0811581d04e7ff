import type { Session } from "@palma/core"
import { useAuth } from "./useAuth"

/** The session of a page behind RequireSession, where it is never null. */
export const useSession = (): Session => {
  const { session } = useAuth()
  if (session === null) throw new Error("useSession solo sirve dentro de RequireSession")
  return session
}
