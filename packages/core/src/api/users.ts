import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { ManagedUser, RoleInput, UserPath, UserQuery } from "../domain/managedUser.js"
import { Page } from "../domain/page.js"
import { BadRequest, Conflict, NotFound } from "./errors.js"
import { Admin } from "./security.js"

/**
 * Local accounts as admins manage them (local mode; Clerk mode manages users in Clerk's dashboard).
 * A role change or a disable reaches the user within one access-token lifetime; nobody can leave
 * Palma without an active admin (409).
 */
export const UsersApi = HttpApiGroup.make("users")
  .add(HttpApiEndpoint.get("list", "/").setUrlParams(UserQuery).addSuccess(Page(ManagedUser)).addError(BadRequest).middleware(Admin))
  .add(
    HttpApiEndpoint.put("setRole", "/:id/role")
      .setPath(UserPath)
      .setPayload(RoleInput)
      .addSuccess(ManagedUser)
      .addError(NotFound)
      .addError(Conflict)
      .addError(BadRequest)
      .middleware(Admin)
  )
  .add(
    HttpApiEndpoint.post("disable", "/:id/disable")
      .setPath(UserPath)
      .addSuccess(ManagedUser)
      .addError(NotFound)
      .addError(Conflict)
      .addError(BadRequest)
      .middleware(Admin)
  )
  .add(HttpApiEndpoint.post("enable", "/:id/enable").setPath(UserPath).addSuccess(ManagedUser).addError(NotFound).addError(BadRequest).middleware(Admin))
  .prefix("/auth/local/users")
