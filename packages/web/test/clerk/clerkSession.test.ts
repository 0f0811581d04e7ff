import { describe, expect, it } from "vitest"
import { createClerkAuthAdapter } from "../../src/features/auth/clerk/clerkAuthAdapter"
import { type ClerkAuthState, type ClerkUserState, sessionFromClerk } from "../../src/features/auth/clerk/clerkSession"
import { frontendApiOf, keyProblem } from "../../src/features/auth/clerk/publishableKey"

const signedIn: ClerkAuthState = {
  isLoaded: true,
  isSignedIn: true,
  userId: "user_1",
  sessionId: "sess_1",
  orgId: null,
  orgRole: null,
  orgSlug: null,
  actor: null
}
const userState: ClerkUserState = {
  isLoaded: true,
  user: {
    id: "user_1",
    fullName: "Ana Pérez",
    firstName: "Ana",
    lastName: "Pérez",
    primaryEmailAddress: { emailAddress: "ana@palma.cl" },
    emailAddresses: [{ emailAddress: "otra@palma.cl" }, { emailAddress: "ana@palma.cl" }],
    publicMetadata: { roles: { operaciones: "moderator" } }
  }
}
const noOrg = { isLoaded: true, membership: null }

describe("sessionFromClerk", () => {
  it("is undefined while Clerk loads and null when signed out", () => {
    expect(sessionFromClerk({ isLoaded: false }, { isLoaded: false }, { isLoaded: false })).toBeUndefined()
    expect(sessionFromClerk({ isLoaded: true, isSignedIn: false, userId: null, sessionId: null }, { isLoaded: true, user: null }, noOrg)).toBeNull()
    // Signed in, but the user object has not arrived yet.
    expect(sessionFromClerk(signedIn, { isLoaded: false }, noOrg)).toBeUndefined()
  })

  it("maps a session without an organization", () => {
    expect(sessionFromClerk(signedIn, userState, noOrg)).toEqual({
      userId: "user_1",
      sessionId: "sess_1",
      user: {
        id: "user_1",
        fullName: "Ana Pérez",
        firstName: "Ana",
        lastName: "Pérez",
        email: "ana@palma.cl",
        publicMetadata: { roles: { operaciones: "moderator" } }
      },
      orgId: null,
      orgRole: null,
      orgSlug: null,
      orgPermissions: [],
      actor: null
    })
  })

  it("takes the organization's role, slug and the membership's permissions, and the actor", () => {
    const session = sessionFromClerk({ ...signedIn, orgId: "org_1", orgRole: "org:admin", orgSlug: "palma", actor: { sub: "user_support" } }, userState, {
      isLoaded: true,
      membership: { permissions: ["org:cases:read", "org:cases:export"] }
    })
    expect(session).toMatchObject({
      orgId: "org_1",
      orgRole: "org:admin",
      orgSlug: "palma",
      orgPermissions: ["org:cases:read", "org:cases:export"],
      actor: { sub: "user_support" }
    })
    // The membership still loading: wait for it rather than report no permissions.
    expect(sessionFromClerk({ ...signedIn, orgId: "org_1", orgRole: "org:admin" }, userState, { isLoaded: false })).toBeUndefined()
  })

  it("builds the full name from its parts and falls back to the first email", () => {
    const session = sessionFromClerk(
      signedIn,
      {
        isLoaded: true,
        user: { id: "user_1", fullName: null, firstName: "Ana", lastName: null, primaryEmailAddress: null, emailAddresses: [{ emailAddress: "a@palma.cl" }] }
      },
      noOrg
    )
    expect(session?.user).toEqual({ id: "user_1", fullName: "Ana", firstName: "Ana", lastName: null, email: "a@palma.cl", publicMetadata: {} })
  })
})

describe("the Clerk auth adapter", () => {
  const session = sessionFromClerk(signedIn, userState, noOrg)!

  it("answers loadSession once Clerk has loaded", async () => {
    const { adapter, update } = createClerkAuthAdapter(() => ({ signOut: async () => {} }))
    const loaded = adapter.loadSession()
    update(undefined)
    update(session)
    await expect(loaded).resolves.toEqual(session)
    await expect(adapter.loadSession()).resolves.toEqual(session)
  })

  it("reports a changed session, not a repeated one", () => {
    const { adapter, update } = createClerkAuthAdapter(() => ({ signOut: async () => {} }))
    const changes: string[] = []
    adapter.watch(() => changes.push("changed"))
    update(null)
    update(null)
    update(session)
    update({ ...session })
    update(null)
    expect(changes).toEqual(["changed", "changed"])
  })

  it("signs out through Clerk and leaves signing in to Clerk's form", async () => {
    let signedOut = 0
    const { adapter } = createClerkAuthAdapter(() => ({ signOut: async () => void signedOut++ }))
    await adapter.signOut()
    expect(signedOut).toBe(1)
    await expect(adapter.signIn({ email: "a@palma.cl", password: "x" })).rejects.toThrow("formulario de Clerk")
  })
})

describe("publishable keys", () => {
  it("reads the Frontend API from a well-formed key", () => {
    expect(frontendApiOf(`pk_test_${btoa("palma.clerk.accounts.dev$")}`)).toBe("palma.clerk.accounts.dev")
    expect(frontendApiOf(`pk_live_${btoa("clerk.palma.cl$")}`)).toBe("clerk.palma.cl")
  })

  it("tells a missing key from an invalid one", () => {
    expect(keyProblem(null)).toBe("missing")
    expect(keyProblem("  ")).toBe("missing")
    expect(keyProblem("sk_test_abc")).toBe("invalid")
    expect(keyProblem(`pk_test_${btoa("sin-dolar.dev")}`)).toBe("invalid")
    expect(keyProblem("pk_test_%%%")).toBe("invalid")
    expect(keyProblem(`pk_test_${btoa("palma.clerk.accounts.dev$")}`)).toBeNull()
  })
})
