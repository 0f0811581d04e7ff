import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Simple master data. Delete deactivates, so uniqueness holds among active
 * rows only (partial unique indexes), compared case-insensitively.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE family (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name text NOT NULL,
    is_active boolean NOT NULL DEFAULT true,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`
  yield* sql`CREATE UNIQUE INDEX family_name_active ON family (lower(name)) WHERE is_active`

  for (const table of ["specialty", "document"]) {
    yield* sql`CREATE TABLE ${sql(table)} (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      family_id uuid NOT NULL REFERENCES family (id),
      name text NOT NULL,
      description text NOT NULL DEFAULT '',
      is_active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`
    yield* sql`CREATE UNIQUE INDEX ${sql(`${table}_name_active`)} ON ${sql(table)} (family_id, lower(name)) WHERE is_active`
  }

  yield* sql`CREATE TABLE value_type (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    code text NOT NULL,
    name text NOT NULL,
    is_active boolean NOT NULL DEFAULT true,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`
  yield* sql`CREATE UNIQUE INDEX value_type_code_active ON value_type (code) WHERE is_active`

  yield* sql`CREATE TABLE value (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    family_id uuid NOT NULL REFERENCES family (id),
    value_type_id uuid NOT NULL REFERENCES value_type (id),
    name text NOT NULL,
    description text NOT NULL DEFAULT '',
    is_active boolean NOT NULL DEFAULT true,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`
  yield* sql`CREATE UNIQUE INDEX value_name_active ON value (family_id, lower(name)) WHERE is_active`

  yield* sql`CREATE TABLE stage (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    code text NOT NULL,
    name text NOT NULL,
    number integer NOT NULL,
    is_active boolean NOT NULL DEFAULT true,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`
  yield* sql`CREATE UNIQUE INDEX stage_code_active ON stage (code) WHERE is_active`

  for (const table of ["relationship"]) {
    yield* sql`CREATE TABLE ${sql(table)} (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      is_active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`
    yield* sql`CREATE UNIQUE INDEX ${sql(`${table}_name_active`)} ON ${sql(table)} (lower(name)) WHERE is_active`
  }

  yield* sql`CREATE TABLE qualification (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name text NOT NULL,
    score integer NOT NULL,
    is_active boolean NOT NULL DEFAULT true,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`
  yield* sql`CREATE UNIQUE INDEX qualification_name_active ON qualification (lower(name)) WHERE is_active`

  yield* sql`CREATE TABLE procedure (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    code text NOT NULL,
    name text NOT NULL,
    is_active boolean NOT NULL DEFAULT true,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`
  yield* sql`CREATE UNIQUE INDEX procedure_code_active ON procedure (code) WHERE is_active`
})
