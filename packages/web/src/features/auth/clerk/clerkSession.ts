import type { Session } from "@palma/core"

/** What `useAuth()` from @clerk/react reports (the fields the session needs). */
export interface ClerkAuthState {
  readonly isLoaded: boolean
  readonly isSignedIn?: boolean | undefined
  readonly userId?: string | null | undefined
  readonly sessionId?: string | null | undefined
  readonly orgId?: string | null | undefined
  readonly orgRole?: string | null | undefined
  readonly orgSlug?: string | null | undefined
  readonly actor?: object | null | undefined
}

/** What `useUser()` reports. */
export interface ClerkUserState {
  readonly isLoaded: boolean
  readonly user?:
    | {
        readonly id: string
        readonly fullName?: string | null
        readonly firstName?: string | null
        readonly lastName?: string | null
        readonly primaryEmailAddress?: { readonly emailAddress: string } | null
        readonly emailAddresses?: ReadonlyArray<{ readonly emailAddress: string }>
        readonly publicMetadata?: object | null
      }
    | null
    | undefined
}

/** What `useOrganization()` reports: the membership carries the permissions. */
export interface ClerkOrganizationState {
  readonly isLoaded: boolean
  readonly membership?: { readonly permissions?: ReadonlyArray<string> | null } | null | undefined
}

const text = (value: string | null | undefined): string | null => (value === undefined || value === null || value.trim() === "" ? null : value)

/**
 * The session shape of seed §2 from Clerk's hooks: undefined while Clerk is still loading any
 * part of it, null when signed out.
 */
export const sessionFromClerk = (auth: ClerkAuthState, userState: ClerkUserState, organization: ClerkOrganizationState): Session | null | undefined => {
  if (!auth.isLoaded) return undefined
  if (auth.isSignedIn !== true || !auth.userId || !auth.sessionId) return null
  const orgId = auth.orgId ?? null
  if (!userState.isLoaded || !userState.user || (orgId !== null && !organization.isLoaded)) return undefined
  const user = userState.user
  const firstName = text(user.firstName)
  const lastName = text(user.lastName)
  return {
    userId: auth.userId,
    sessionId: auth.sessionId,
    user: {
      id: user.id,
      fullName: text(user.fullName) ?? text([firstName, lastName].filter((part) => part !== null).join(" ")),
      firstName,
      lastName,
      email: user.primaryEmailAddress?.emailAddress ?? user.emailAddresses?.[0]?.emailAddress ?? null,
      publicMetadata: { ...(user.publicMetadata ?? {}) } as Record<string, unknown>
    },
    orgId,
    orgRole: orgId === null ? null : (auth.orgRole ?? null),
    orgSlug: orgId === null ? null : (auth.orgSlug ?? null),
    orgPermissions: orgId === null ? [] : [...(organization.membership?.permissions ?? [])],
    actor: auth.actor ? ({ ...auth.actor } as Record<string, unknown>) : null
  }
}
