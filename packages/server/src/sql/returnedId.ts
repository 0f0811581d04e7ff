import { Effect, Schema } from "effect"

const Returned = Schema.Struct({ id: Schema.String })

/** The id in the rows of a write's `RETURNING id`; a write that returned no row is a defect. */
export const returnedId = (rows: ReadonlyArray<unknown>): Effect.Effect<string> =>
  Schema.decodeUnknown(Returned)(rows[0]).pipe(
    Effect.map((row) => row.id),
    Effect.orDie
  )
