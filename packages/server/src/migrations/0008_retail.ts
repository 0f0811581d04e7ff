import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Sales channels. One row per RUT, ever (create is an upsert on it; delete deactivates), so the
 * index is not partial. The logo's bytes live in their own table: lists never read them.
 * Plans (product_plan, from 0007) now point at an existing channel.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE retail (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    rut text NOT NULL,
    name text NOT NULL,
    legal_representative text NOT NULL DEFAULT '',
    line text NOT NULL DEFAULT '',
    address text NOT NULL DEFAULT '',
    district_id text REFERENCES district (id),
    email text,
    phone text,
    logo_url text,
    is_active boolean NOT NULL DEFAULT true,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`
  yield* sql`CREATE UNIQUE INDEX retail_rut ON retail (rut)`
  yield* sql`CREATE TABLE retail_logo (
    retail_id uuid PRIMARY KEY REFERENCES retail (id),
    content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/gif', 'image/webp')),
    data bytea NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`
  yield* sql`ALTER TABLE product_plan ADD CONSTRAINT product_plan_retail_fk FOREIGN KEY (retail_id) REFERENCES retail (id)`
})
