import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { CurrentUser, PalmaApi } from "@palma/core/api"
import { served } from "../http/domainErrors.js"
import { JobTokenService } from "../jobToken/JobTokenService.js"
import { UserService } from "./UserService.js"

/** "Ana María Pérez Soto" → first name "Ana", last name the rest (the original's user objects split it so). */
const split = (fullName: string) => {
  const [first = "", ...rest] = fullName.trim().split(/\s+/)
  return { first_name: first, last_name: rest.join(" ") }
}

/** The seed's `user` group: staff names for histories and chats; unknown ids are left out. */
export const UserLive = HttpApiBuilder.group(PalmaApi, "user", (handlers) =>
  Effect.map(UserService, (users) =>
    handlers.handle("getByIds", ({ payload }) =>
      Effect.map(users.namesOf(payload.ids), (rows) => ({ success: true, data: rows.map((u) => ({ id: u.id, ...split(u.fullName) })) }))
    )
  )
)

/** Palma's `users` group, admins managing local accounts: decode, call the service, encode. */
export const UsersLive = HttpApiBuilder.group(PalmaApi, "users", (handlers) =>
  Effect.map(Effect.all([Effect.map(UserService, served), Effect.map(JobTokenService, served)]), ([users, jobTokens]) =>
    handlers
      .handle("list", ({ urlParams }) => users.list(urlParams))
      .handle("setRole", ({ path, payload }) => users.setRole(path.id, payload.role))
      .handle("disable", ({ path }) => users.disable(path.id))
      .handle("enable", ({ path }) => users.enable(path.id))
      .handle("issueJobToken", ({ path, payload }) => Effect.flatMap(CurrentUser, (actor) => jobTokens.issue(path.id, payload, actor)))
  )
)
