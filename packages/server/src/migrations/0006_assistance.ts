import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Services (assistances) of a family, with the ordered values to capture, the specialties that
 * can perform them and the documents they require. Benefits and exclusions are ordered texts.
 * Delete deactivates, so names are unique among active services of a family.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE assistance (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    family_id uuid NOT NULL REFERENCES family (id),
    name text NOT NULL,
    description text NOT NULL DEFAULT '',
    benefits text[] NOT NULL DEFAULT '{}',
    exclusions text[] NOT NULL DEFAULT '{}',
    is_active boolean NOT NULL DEFAULT true,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`
  yield* sql`CREATE UNIQUE INDEX assistance_name_active ON assistance (family_id, lower(name)) WHERE is_active`

  const links = [
    ["assistance_value", "value_id", "value"],
    ["assistance_specialty", "specialty_id", "specialty"],
    ["assistance_document", "document_id", "document"]
  ] as const
  for (const [table, column, target] of links) {
    yield* sql`CREATE TABLE ${sql(table)} (
      assistance_id uuid NOT NULL REFERENCES assistance (id),
      ${sql(column)} uuid NOT NULL REFERENCES ${sql(target)} (id),
      position integer NOT NULL CHECK (position > 0),
      PRIMARY KEY (assistance_id, ${sql(column)}),
      UNIQUE (assistance_id, position)
    )`
  }
})
