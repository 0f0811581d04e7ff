import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import { Session } from "../domain/session.js"
import { AuthConfig, IssuedToken, NewUserInput, SignInInput, SignUpInput, User } from "../domain/user.js"
import { BadRequest, Conflict, Unauthorized } from "./errors.js"
import { Admin, SignedIn } from "./security.js"

/** Sign-in and the caller's own profile. The `local` endpoints exist only without Clerk keys. */
export const AuthApi = HttpApiGroup.make("auth")
  .add(HttpApiEndpoint.get("config", "/config").addSuccess(AuthConfig))
  .add(HttpApiEndpoint.post("signIn", "/local/sign-in").setPayload(SignInInput).addSuccess(IssuedToken).addError(Unauthorized).addError(BadRequest))
  .add(
    HttpApiEndpoint.post("signUp", "/local/sign-up").setPayload(SignUpInput).addSuccess(IssuedToken, { status: 201 }).addError(Conflict).addError(BadRequest)
  )
  .add(HttpApiEndpoint.post("signOut", "/local/sign-out").addSuccess(Schema.Void))
  .add(HttpApiEndpoint.post("refresh", "/local/refresh").addSuccess(IssuedToken).addError(BadRequest).middleware(SignedIn))
  .add(HttpApiEndpoint.get("me", "/me").addSuccess(Session).middleware(SignedIn))
  .add(
    HttpApiEndpoint.post("createUser", "/local/users")
      .setPayload(NewUserInput)
      .addSuccess(User, { status: 201 })
      .addError(Conflict)
      .addError(BadRequest)
      .middleware(Admin)
  )
  .prefix("/auth")
