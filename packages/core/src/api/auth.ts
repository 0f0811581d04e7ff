import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import { Session } from "../domain/session.js"
import { SessionPath, UserSession } from "../domain/userSession.js"
import { AuthConfig, IssuedToken, NewUserInput, SignInInput, SignUpAccepted, SignUpInput, User } from "../domain/user.js"
import { BadRequest, Conflict, Forbidden, NotFound, TooManyRequests, Unauthorized } from "./errors.js"
import { Admin, SignedIn } from "./security.js"

/**
 * Sign-in, the caller's own profile and sessions. The `local` and `sessions` endpoints exist only
 * without Clerk keys (Clerk keeps its own sessions). Sign-in and sign-up are throttled (429).
 */
export const AuthApi = HttpApiGroup.make("auth")
  .add(HttpApiEndpoint.get("config", "/config").addSuccess(AuthConfig))
  .add(
    HttpApiEndpoint.post("signIn", "/local/sign-in")
      .setPayload(SignInInput)
      .addSuccess(IssuedToken)
      .addError(Unauthorized)
      .addError(BadRequest)
      .addError(Forbidden)
      .addError(TooManyRequests)
  )
  .add(
    // 202 whether the email had an account or not, and no session either way (sign in next).
    HttpApiEndpoint.post("signUp", "/local/sign-up")
      .setPayload(SignUpInput)
      .addSuccess(SignUpAccepted, { status: 202 })
      .addError(BadRequest)
      .addError(Forbidden)
      .addError(TooManyRequests)
  )
  .add(HttpApiEndpoint.post("signOut", "/local/sign-out").addSuccess(Schema.Void))
  // From the session's refresh credential (cookie or `prt_` bearer), not the access token, so an
  // expired token refreshes; a session signed out, closed, past its lifetime or of a disabled user is 401.
  .add(HttpApiEndpoint.post("refresh", "/local/refresh").addSuccess(IssuedToken).addError(Unauthorized).addError(BadRequest))
  .add(HttpApiEndpoint.get("sessions", "/sessions").addSuccess(Schema.Array(UserSession)).addError(BadRequest).middleware(SignedIn))
  .add(
    HttpApiEndpoint.del("closeSession", "/sessions/:id")
      .setPath(SessionPath)
      .addSuccess(Schema.Void)
      .addError(NotFound)
      .addError(BadRequest)
      .middleware(SignedIn)
  )
  // Every session of the caller, this one included: the cookie is cleared as on sign-out.
  .add(HttpApiEndpoint.post("closeAllSessions", "/sessions/close-all").addSuccess(Schema.Void).addError(BadRequest).middleware(SignedIn))
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
