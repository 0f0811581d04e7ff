import type { ManagedUser } from "../domain/managedUser.js"
import type { Page } from "../domain/page.js"
import type { Role } from "../domain/role.js"
import type { Call } from "../client/caller.js"
import { assign, emit, fromPromise, setup } from "xstate"
import { listLoadFailed } from "../client/failureMessages.js"
import { messageOf } from "../client/machineFailure.js"
import { unprovided } from "./unprovided.js"

/** What the list shows: the search box's text and the page, as the URL keeps them. */
export interface UsersQuery {
  readonly search: string
  readonly page: number
}

/** A change to a user the server refused without saying why; the screen's title for any refusal. */
export const CHANGE_NOT_SAVED = "No se pudo guardar el cambio"

/** A change an admin asks for on one user. */
export type UserChange =
  { readonly kind: "role"; readonly id: string; readonly role: Role | null } | { readonly kind: "disable" | "enable"; readonly id: string }

export interface UsersContext {
  readonly query: UsersQuery
  readonly page: Page<ManagedUser> | null
  /** Why the list could not be loaded. */
  readonly failure: string | null
  /** The change being sent. */
  readonly pending: UserChange | null
}

export type UsersEvent = { type: "QUERY"; query: UsersQuery } | { type: "CHANGE"; change: UserChange } | { type: "RETRY" }

export type UsersEmitted = { type: "changed"; change: UserChange | null; user: ManagedUser } | { type: "rejected"; message: string }

/**
 * Usuarios (admins, local mode): the list the server pages and searches, and the changes an admin
 * makes to one user (role, disable, enable), each followed by a reload of the page shown.
 */
export const usersMachine = setup({
  types: {
    context: {} as UsersContext,
    events: {} as UsersEvent,
    emitted: {} as UsersEmitted,
    input: {} as { readonly query: UsersQuery }
  },
  actors: {
    list: unprovided<Page<ManagedUser>, UsersQuery>("list"),
    change: unprovided<ManagedUser, UserChange>("change")
  }
}).createMachine({
  id: "users",
  context: ({ input }) => ({ query: input.query, page: null, failure: null, pending: null }),
  initial: "loading",
  on: {
    QUERY: { target: ".loading", actions: assign({ query: ({ event }) => event.query }) }
  },
  states: {
    loading: {
      invoke: {
        src: "list",
        input: ({ context }) => context.query,
        onDone: { target: "ready", actions: assign({ page: ({ event }) => event.output, failure: null }) },
        onError: { target: "failed", actions: assign({ failure: ({ event }) => messageOf(event.error, listLoadFailed("usuarios")) }) }
      }
    },
    ready: {
      on: { CHANGE: { target: "changing", actions: assign({ pending: ({ event }) => event.change }) } }
    },
    changing: {
      invoke: {
        src: "change",
        input: ({ context }) => {
          if (context.pending === null) throw new Error("Sin cambio pendiente")
          return context.pending
        },
        onDone: {
          target: "loading",
          actions: [emit(({ context, event }) => ({ type: "changed" as const, change: context.pending, user: event.output })), assign({ pending: null })]
        },
        onError: {
          target: "ready",
          actions: [emit(({ event }) => ({ type: "rejected" as const, message: messageOf(event.error, CHANGE_NOT_SAVED) })), assign({ pending: null })]
        }
      }
    },
    failed: { on: { RETRY: "loading" } }
  }
})

export const USERS_PAGE_SIZE = 20

/** The users machine's actors over the API client. */
export const usersActors = (call: Call) => ({
  list: fromPromise<Page<ManagedUser>, UsersQuery>(({ input }) =>
    call((c) =>
      c.users.list({ urlParams: { search: input.search.trim() === "" ? undefined : input.search.trim(), page: input.page, pageSize: USERS_PAGE_SIZE } })
    )
  ),
  change: fromPromise<ManagedUser, UserChange>(({ input }) => {
    const path = { id: input.id }
    switch (input.kind) {
      case "role":
        return call((c) => c.users.setRole({ path, payload: { role: input.role } }))
      case "disable":
        return call((c) => c.users.disable({ path }))
      case "enable":
        return call((c) => c.users.enable({ path }))
    }
  })
})
