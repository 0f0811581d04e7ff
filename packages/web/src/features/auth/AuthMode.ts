import type { AuthConfig } from "@palma/core"
import { createContext, useContext } from "react"

export type AuthMode = AuthConfig["mode"]

/** How this server signs people in: the local form or Clerk's components. */
export const AuthModeContext = createContext<AuthMode>("local")

export const useAuthMode = (): AuthMode => useContext(AuthModeContext)

/** Whether this server lets people create their own account (local mode, PALMA_SIGN_UP). */
export const SignUpAllowedContext = createContext(true)

export const useSignUpAllowed = (): boolean => useContext(SignUpAllowedContext)
