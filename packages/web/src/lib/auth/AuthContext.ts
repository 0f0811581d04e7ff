import type { authMachine } from "@palma/core"
import { createContext, useContext } from "react"
import type { ActorRefFrom } from "xstate"

export type AuthActor = ActorRefFrom<typeof authMachine>

export const AuthContext = createContext<AuthActor | null>(null)

export const useAuthActor = (): AuthActor => {
  const actor = useContext(AuthContext)
  if (actor === null) throw new Error("useAuthActor necesita un AuthProvider")
  return actor
}
