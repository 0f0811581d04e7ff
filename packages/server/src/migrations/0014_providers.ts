import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * The providers who resolve cases: specialists (individual technicians, with the comunas they
 * serve or remote work) and partners (provider companies), each with their specialties. One row
 * per RUT, ever (create is an upsert on it; delete deactivates), so the RUT index is not partial.
 * Links are replaced whole on every upsert; the indexes serve the selection of specialists for a
 * case (by specialty, by comuna).
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE specialist (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    rut text NOT NULL,
    name text NOT NULL,
    paternal_last_name text NOT NULL,
    maternal_last_name text NOT NULL DEFAULT '',
    birth_date date,
    address text NOT NULL DEFAULT '',
    district_id text REFERENCES district (id),
    email text,
    phone text,
    is_remote boolean NOT NULL DEFAULT false,
    is_active boolean NOT NULL DEFAULT true,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`
  yield* sql`CREATE UNIQUE INDEX specialist_rut ON specialist (rut)`
  yield* sql`CREATE TABLE partner (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    rut text NOT NULL,
    name text NOT NULL,
    legal_representative text NOT NULL DEFAULT '',
    line text NOT NULL DEFAULT '',
    address text NOT NULL DEFAULT '',
    district_id text REFERENCES district (id),
    email text,
    phone text,
    is_active boolean NOT NULL DEFAULT true,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`
  yield* sql`CREATE UNIQUE INDEX partner_rut ON partner (rut)`

  const links = [
    ["specialist_specialty", "specialist_id", "specialist", "specialty_id", "specialty"],
    ["specialist_district", "specialist_id", "specialist", "district_id", "district"],
    ["partner_specialty", "partner_id", "partner", "specialty_id", "specialty"]
  ] as const
  // Comunas are keyed by their CUT code (text), the rest by uuid.
  for (const [table, owner, ownerTable, member, memberTable] of links) {
    yield* sql`CREATE TABLE ${sql(table)} (
      ${sql(owner)} uuid NOT NULL REFERENCES ${sql(ownerTable)} (id),
      ${sql(member)} ${memberTable === "district" ? sql`text` : sql`uuid`} NOT NULL REFERENCES ${sql(memberTable)} (id),
      PRIMARY KEY (${sql(owner)}, ${sql(member)})
    )`
    yield* sql`CREATE INDEX ${sql(`${table}_${memberTable}`)} ON ${sql(table)} (${sql(member)})`
  }
})
