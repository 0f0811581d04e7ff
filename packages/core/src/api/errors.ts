import { HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"

/** A field-level problem, in Spanish, for forms to show beside the field. */
export const FieldIssue = Schema.Struct({
  path: Schema.Array(Schema.Union(Schema.String, Schema.Number)),
  message: Schema.String
})
export type FieldIssue = typeof FieldIssue.Type

export class BadRequest extends Schema.TaggedError<BadRequest>()(
  "BadRequest",
  { message: Schema.String, issues: Schema.optionalWith(Schema.Array(FieldIssue), { default: () => [] }) },
  HttpApiSchema.annotations({ status: 400 })
) {}

export class Unauthorized extends Schema.TaggedError<Unauthorized>()("Unauthorized", { message: Schema.String }, HttpApiSchema.annotations({ status: 401 })) {}

export class Forbidden extends Schema.TaggedError<Forbidden>()("Forbidden", { message: Schema.String }, HttpApiSchema.annotations({ status: 403 })) {}

export class NotFound extends Schema.TaggedError<NotFound>()("NotFound", { message: Schema.String }, HttpApiSchema.annotations({ status: 404 })) {}

export class Conflict extends Schema.TaggedError<Conflict>()("Conflict", { message: Schema.String }, HttpApiSchema.annotations({ status: 409 })) {}

/** An update or delete named a version of the record (`If-Match`) that is no longer the stored one. */
export class PreconditionFailed extends Schema.TaggedError<PreconditionFailed>()(
  "PreconditionFailed",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 412 })
) {}

/** What a stale `If-Match` answers, the same on every record. */
export const staleVersionMessage = "Otro usuario modificó este registro. Recargue para ver los cambios."

export class PayloadTooLarge extends Schema.TaggedError<PayloadTooLarge>()(
  "PayloadTooLarge",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 413 })
) {}

/** Too many attempts (sign-in, sign-up): `retryAfter` seconds, also sent as the `Retry-After` header. */
export class TooManyRequests extends Schema.TaggedError<TooManyRequests>()(
  "TooManyRequests",
  { message: Schema.String, retryAfter: Schema.Number },
  HttpApiSchema.annotations({ status: 429 })
) {}

/** The server cannot answer now for a reason of its own (a signing key or JWKS it cannot reach). */
export class Unavailable extends Schema.TaggedError<Unavailable>()("Unavailable", { message: Schema.String }, HttpApiSchema.annotations({ status: 503 })) {}

/** Every error a client may receive, for exhaustive handling. */
export type ApiError = BadRequest | Unauthorized | Forbidden | NotFound | Conflict | PreconditionFailed | PayloadTooLarge | TooManyRequests | Unavailable
