import type { Session } from "../../src/domain/session.js"

export const session = (overrides: Partial<Session> = {}): Session => ({
  userId: "user_1",
  user: {
    id: "user_1",
    fullName: "Ana Pérez",
    firstName: "Ana",
    lastName: "Pérez",
    email: "ana@palma.cl",
    publicMetadata: { roles: { operaciones: "admin" } }
  },
  sessionId: "sess_1",
  orgId: "org_1",
  orgRole: "org:admin",
  orgSlug: "palma",
  orgPermissions: ["org:sys_memberships:read"],
  actor: null,
  ...overrides
})

export interface Item {
  readonly id: string
  readonly name: string
}

export const done = <T extends string>(id: T, output?: unknown) => ({ type: `xstate.done.actor.${id}` as const, output }) as never
export const failed = <T extends string>(id: T, error: unknown) => ({ type: `xstate.error.actor.${id}` as const, error }) as never

/** The names of the actions a transition asks the host to run. */
export const actionTypes = (actions: ReadonlyArray<{ type: string }>) => actions.map((a) => a.type)

/** The events a transition emits to the host (`actor.on`), in order. */
export const emittedBy = (actions: ReadonlyArray<{ type: string; params?: unknown }>) =>
  actions.filter((a) => a.type === "xstate.emit").map((a) => (a.params as { event: unknown }).event)
