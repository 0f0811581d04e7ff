import type { Call, ManagedUser, Page, UserChange, UsersQuery } from "@palma/core"
import { fromPromise } from "xstate"

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
