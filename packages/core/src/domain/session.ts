import { Schema } from "effect"

/**
 * The session shape clients see (seed §2), the same in local and Clerk mode.
 * Nullable fields are null rather than absent so every client can rely on them.
 */
export const SessionUser = Schema.Struct({
  id: Schema.String,
  fullName: Schema.NullOr(Schema.String),
  firstName: Schema.NullOr(Schema.String),
  lastName: Schema.NullOr(Schema.String),
  email: Schema.NullOr(Schema.String),
  publicMetadata: Schema.Record({ key: Schema.String, value: Schema.Unknown })
})
export type SessionUser = typeof SessionUser.Type

export const Session = Schema.Struct({
  userId: Schema.String,
  user: SessionUser,
  sessionId: Schema.String,
  orgId: Schema.NullOr(Schema.String),
  orgRole: Schema.NullOr(Schema.String),
  orgSlug: Schema.NullOr(Schema.String),
  orgPermissions: Schema.Array(Schema.String),
  actor: Schema.NullOr(Schema.Record({ key: Schema.String, value: Schema.Unknown }))
})
export type Session = typeof Session.Type

/** Who is acting on a request, taken from the verified token only. */
export interface Actor {
  readonly userId: string
  readonly sessionId: string
  readonly role: import("./role.js").Role | null
  readonly orgId: string | null
  readonly orgRole: string | null
  readonly orgSlug: string | null
  readonly orgPermissions: ReadonlyArray<string>
  readonly publicMeta: Record<string, unknown>
  readonly actor: Record<string, unknown> | null
}
