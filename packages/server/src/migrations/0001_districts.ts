import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/** Chile's political-administrative division (SUBDERE CUT codes as keys). */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE region (
    id text PRIMARY KEY,
    name text NOT NULL,
    roman_numeral text NOT NULL
  )`
  yield* sql`CREATE TABLE province (
    id text PRIMARY KEY,
    region_id text NOT NULL REFERENCES region (id),
    name text NOT NULL
  )`
  yield* sql`CREATE TABLE district (
    id text PRIMARY KEY,
    province_id text NOT NULL REFERENCES province (id),
    name text NOT NULL
  )`
})
