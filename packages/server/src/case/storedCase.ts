import { Effect, Option, Schema } from "effect"
import { CaseFacts } from "@palma/core/domain"

/** A stored case: its facts (the fold of its events) and what the database adds. */
export interface StoredCase {
  readonly id: string
  readonly version: number
  readonly createdAt: Date
  readonly createdBy: string
  readonly facts: CaseFacts
}

const StoredRow = Schema.Struct({
  id: Schema.String,
  version: Schema.Number,
  created_at: Schema.DateFromSelf,
  created_by: Schema.String,
  state: Schema.Unknown
})

/** The stored case of a row (`assistance_case` with its `case_state`); none when there is no row. */
export const decodeStored = (rows: ReadonlyArray<unknown>) =>
  Effect.gen(function* () {
    const row = rows[0]
    if (row === undefined) return Option.none<StoredCase>()
    const r = yield* Schema.decodeUnknown(StoredRow)(row)
    const facts = yield* Schema.decodeUnknown(CaseFacts)(r.state)
    return Option.some<StoredCase>({ id: r.id, version: r.version, createdAt: r.created_at, createdBy: r.created_by, facts })
  })
