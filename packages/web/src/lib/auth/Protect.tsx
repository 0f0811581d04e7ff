import { type Check, has } from "@palma/core"
import type { ReactNode } from "react"
import { useAuth } from "./useAuth"

/**
 * Organization checks with Clerk's semantics, in both sign-in modes: `has({ role })` or
 * `has({ permission })`; a check naming neither throws; false unless signed in with an
 * active organization.
 */
export const useHas = (): ((check: Check) => boolean) => {
  const { session } = useAuth()
  return (check) => has(session, check)
}

export type ProtectProps = Check & {
  /** Shown when the check fails; nothing by default. */
  readonly fallback?: ReactNode
  readonly children?: ReactNode
}

/** Renders its children only when the organization check passes (Clerk's `<Protect>`); nothing while the session loads. */
export const Protect = ({ fallback = null, children, ...check }: ProtectProps) => {
  const { session, loading } = useAuth()
  // Checked first, so a check without role or permission fails even before the session is known.
  const allowed = has(session, check)
  if (loading) return null
  return <>{allowed ? children : fallback}</>
}
