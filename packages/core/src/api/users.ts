import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import { IssuedJobToken, JobToken, JobTokenInput, JobTokenPath } from "../domain/jobToken.js"
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
  .add(
    HttpApiEndpoint.post("issueJobToken", "/:id/job-tokens")
      .setPath(UserPath)
      .setPayload(JobTokenInput)
      .addSuccess(IssuedJobToken)
      .addError(NotFound)
      .addError(BadRequest)
      .middleware(Admin)
  )
  .prefix("/auth/local/users")

/**
 * Tokens for unattended jobs (local mode): each one a session of its account with no idle limit,
 * listed while live and revoked by an admin. Palma's own routes; the seed had none.
 */
export const JobTokensApi = HttpApiGroup.make("jobTokens")
  .add(HttpApiEndpoint.get("list", "/").addSuccess(Schema.Array(JobToken)).addError(BadRequest).middleware(Admin))
  .add(HttpApiEndpoint.del("revoke", "/:id").setPath(JobTokenPath).addSuccess(Schema.Void).addError(NotFound).addError(BadRequest).middleware(Admin))
  .prefix("/auth/local/job-tokens")
