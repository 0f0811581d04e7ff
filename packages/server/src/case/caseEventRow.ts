import { Effect, Schema } from "effect"
import { CaseChange } from "@palma/core/domain"
import type { DecodedEvent } from "./caseHistoryCache.js"

const decodeChange = Schema.decodeUnknown(CaseChange)

const fields = { version: Schema.Number, type: Schema.String, payload: Schema.Unknown, user_id: Schema.String }
/** An event as the driver answers its row. */
const EventRow = Schema.Struct({ ...fields, at: Schema.DateFromSelf })
/** An event inside a JSON aggregate: its instant as PostgreSQL writes a timestamptz in JSON. */
const EventJson = Schema.Struct({ ...fields, at: Schema.Date })

const decodedWith =
  <I>(row: Schema.Schema<typeof EventRow.Type, I>) =>
  (rows: unknown) =>
    Effect.flatMap(Schema.decodeUnknown(Schema.Array(row))(rows), (decoded) =>
      Effect.forEach(decoded, (e) => Effect.map(decodeChange({ type: e.type, payload: e.payload }), (change): DecodedEvent => ({ ...e, change })))
    )

/** A case's event rows, each with its change decoded. */
export const decodedEvents = decodedWith(EventRow)

/** A case's events aggregated as JSON (`json_agg`), each with its change decoded. */
export const decodedEventsJson = decodedWith(EventJson)
