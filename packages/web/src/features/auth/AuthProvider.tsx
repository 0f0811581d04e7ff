import { useActorRef } from "@xstate/react"
import { type ReactNode, useEffect, useMemo } from "react"
import { useRevalidator } from "react-router"
import type { AuthAdapter } from "./AuthAdapter"
import { AuthContext } from "../../lib/auth/AuthContext"
import { useSessionEnd } from "../../lib/auth/useSessionEnd"
import { authLogicFor } from "./authLogic"

interface AuthProviderProps {
  readonly adapter: AuthAdapter
  readonly children: ReactNode
}

/** Runs the auth machine for the whole app. Lives inside the router so a session change can re-request the page. */
export const AuthProvider = ({ adapter, children }: AuthProviderProps) => {
  const logic = useMemo(() => authLogicFor(adapter), [adapter])
  const { revalidate } = useRevalidator()
  // @xstate/react refreshes implementations on every render, so this always sees the current revalidator.
  const actor = useActorRef(logic.provide({ actions: { sessionChanged: () => void revalidate() } }))
  useEffect(() => adapter.watch(() => actor.send({ type: "SESSION_CHANGED" })), [adapter, actor])
  useSessionEnd(actor)
  return <AuthContext value={actor}>{children}</AuthContext>
}
