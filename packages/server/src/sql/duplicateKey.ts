import type { SqlError } from "@effect/sql"
import { Data, Effect } from "effect"
import { isUniqueViolation } from "./uniqueViolation.js"

/** A write a unique index refused: another row holds the key (a racing write got past the service's check). */
export class DuplicateKey extends Data.TaggedError("DuplicateKey") {}

/** A repo's write: a unique violation becomes `DuplicateKey`, any other database failure a defect (500). */
export const duplicateKeyOrDie = <A, R>(write: Effect.Effect<A, SqlError.SqlError, R>): Effect.Effect<A, DuplicateKey, R> =>
  Effect.catchAll(write, (error) => (isUniqueViolation(error) ? Effect.fail(new DuplicateKey()) : Effect.die(error)))
