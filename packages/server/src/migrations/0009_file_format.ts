import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * The roster layout of a plan: at most one format per plan, its columns in order. A new format
 * replaces the columns in one transaction; `field` is a roster field name or a value's id.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE file_format (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    product_plan_id uuid NOT NULL UNIQUE REFERENCES product_plan (id),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`
  yield* sql`CREATE TABLE file_format_field (
    file_format_id uuid NOT NULL REFERENCES file_format (id) ON DELETE CASCADE,
    position integer NOT NULL CHECK (position > 0),
    field text NOT NULL,
    header text NOT NULL,
    required boolean NOT NULL,
    PRIMARY KEY (file_format_id, position),
    UNIQUE (file_format_id, field)
  )`
})
