import type { AuthConfig } from "@palma/core"
import { createContext, useContext } from "react"

export type AuthMode = AuthConfig["mode"]

/** How this server signs people in: the local form or Clerk's components. */
export const AuthModeContext = createContext<AuthMode>("local")

export const useAuthMode = (): AuthMode => useContext(AuthModeContext)
