import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { PalmaApi } from "@palma/core"
import { UserService } from "./UserService.js"

/** Admins manage local accounts: decode, call the service, encode. */
export const UsersLive = HttpApiBuilder.group(PalmaApi, "users", (handlers) =>
  Effect.map(UserService, (users) =>
    handlers
      .handle("list", ({ urlParams }) => users.list(urlParams))
      .handle("setRole", ({ path, payload }) => users.setRole(path.id, payload.role))
      .handle("disable", ({ path }) => users.disable(path.id))
      .handle("enable", ({ path }) => users.enable(path.id))
  )
)
