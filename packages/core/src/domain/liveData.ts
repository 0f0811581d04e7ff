import { Option, Schema } from "effect"

/** A live event's `data` line (JSON) as `schema` reads it, or undefined when it is not one: a follower ignores what it cannot read. */
export const liveDataDecoder =
  <A, I>(schema: Schema.Schema<A, I>) =>
  (data: string): A | undefined =>
    Option.getOrUndefined(Schema.decodeUnknownOption(Schema.parseJson(schema))(data))
