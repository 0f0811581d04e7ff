import { Schema } from "effect"

/** One of the caller's sign-ins (local mode), as "Sesiones" lists it. Times are ISO 8601. */
export const UserSession = Schema.Struct({
  id: Schema.String,
  createdAt: Schema.String,
  lastSeenAt: Schema.String,
  /** When it ends at the latest: the absolute lifetime or the idle timeout, whichever comes first. */
  expiresAt: Schema.String,
  /** The session of the token that asked. */
  current: Schema.Boolean,
  /** The name an admin gave a job token of this account (a scheduled task); null for a sign-in. */
  jobName: Schema.NullOr(Schema.String)
})
export type UserSession = typeof UserSession.Type

/** A session id in a path: Clerk-like `sess_…`; anything else names nothing (404). */
export const SessionPath = Schema.Struct({ id: Schema.String.pipe(Schema.maxLength(100, { message: () => "Sesión inválida" })) })
