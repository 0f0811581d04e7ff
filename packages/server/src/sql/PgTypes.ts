/**
 * One row contract for both engines (PGlite and node-postgres), so repositories never branch on
 * which database they run on. Values that must stay exact, or that have no time zone, come back as
 * the text Postgres printed:
 *
 * - `numeric`  → string ("12.34"): money stays exact.
 * - `int8`     → string ("42"): exact beyond 2^53; node-postgres' default. `count(*)` is int8, so
 *                decode it with `Schema.NumberFromString`.
 * - `date`     → string ("2024-01-31"): a calendar day; a Date would be a midnight in some zone.
 * - `timestamp` (without time zone) → string ("2024-01-31 10:00:00"): wall-clock time; the drivers
 *                disagree on its zone (PGlite UTC, node-postgres local), so neither is used.
 * - arrays of the above → arrays of strings (NULL elements stay null).
 *
 * Everything else keeps the drivers' defaults, which agree: `timestamptz` → Date, int2/int4/float →
 * number, bool → boolean, json/jsonb → parsed value, text/uuid → string, bytea → Uint8Array (PGlite's
 * bytea is parsed and serialized here too, the same values, only without its per-byte garbage).
 */
import { types as pgliteTypes, type ParserOptions, type SerializerOptions } from "@electric-sql/pglite"
import { createRequire } from "node:module"

/** int8, date, timestamp, numeric. */
const textOids: ReadonlyArray<number> = [20, 1082, 1114, 1700]
/** int8[], date[], timestamp[], numeric[]. */
const textArrayOids: ReadonlyArray<number> = [1016, 1182, 1115, 1231]
/** text[]: node-postgres' parser for it yields exactly the string array we want. */
const TEXT_ARRAY_OID = 1009

const asText = (value: string): string => value

const BYTEA_OID = 17

/** The `parsers` option for PGlite. */
export const pgliteParsers: ParserOptions = Object.fromEntries([
  ...textOids.map((oid) => [oid, asText] as const),
  ...textArrayOids.map((oid) => [oid, (value: string) => pgliteTypes.arrayParser(value, asText, oid)] as const),
  // bytea arrives as hex text ("\\x…"). PGlite's own parser makes a string and a parseInt of each
  // byte (a roster of 3.4 MB: millions of them); Node decodes hex natively.
  [BYTEA_OID, (value: string) => new Uint8Array(Buffer.from(value.slice(2), "hex"))]
])

/**
 * The `serializers` option for PGlite: bytea sent as hex, written natively. PGlite's own makes an
 * array of every byte and a string of each: with it, the upload of a 3.4 MB roster was answered in
 * 1.2 s instead of 0.5 s, and its load peaked the server at 690 MB instead of 548 MB.
 */
export const pgliteSerializers: SerializerOptions = {
  [BYTEA_OID]: (value: Uint8Array) => `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString("hex")}`
}

type TypeParser = (value: string) => unknown

/** The shape node-postgres expects for its `types` option (`pg.CustomTypesConfig`). */
export interface PgTypeParsers {
  readonly getTypeParser: (oid: number, format?: string) => TypeParser
}

/**
 * The `types` option for `@effect/sql-pg`. A custom `types` replaces node-postgres' whole registry,
 * so every other OID falls back to pg's defaults. `pg` is a dependency of `@effect/sql-pg`, not of
 * this package, so it is loaded from there: that is also the exact copy sql-pg uses.
 */
export const makePgTypeParsers = (): PgTypeParsers => {
  const fromSqlPg = createRequire(createRequire(import.meta.url).resolve("@effect/sql-pg"))
  // `require` is untyped and pg ships no types here; we only use `types.getTypeParser`.
  const defaults = (fromSqlPg("pg") as { readonly types: PgTypeParsers }).types
  const textArray = defaults.getTypeParser(TEXT_ARRAY_OID, "text")
  return {
    getTypeParser: (oid, format = "text") => {
      if (format !== "text") return defaults.getTypeParser(oid, format)
      if (textOids.includes(oid)) return asText
      if (textArrayOids.includes(oid)) return textArray
      return defaults.getTypeParser(oid, format)
    }
  }
}
