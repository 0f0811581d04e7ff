import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Products with their coverage per assistance, plans (a product priced for a channel) and the
 * cached contract PDF of each plan. Money is exact: `numeric(12,2)` in the row's currency
 * (CLP whole pesos, UF hundredths). `product_plan.retail_id` gets its foreign key to `retail`
 * in 0008, which creates that table.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE product (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    family_id uuid NOT NULL REFERENCES family (id),
    name text NOT NULL,
    cost numeric(12,2) NOT NULL CHECK (cost >= 0),
    is_subject boolean NOT NULL DEFAULT false,
    frequency text NOT NULL DEFAULT 'M' CHECK (frequency IN ('M', 'A', 'S')),
    term integer NOT NULL CHECK (term IN (12, 24, 36)),
    beneficiaries integer NOT NULL CHECK (beneficiaries >= 0),
    currency text NOT NULL CHECK (currency IN ('P', 'U')),
    due_day integer NOT NULL CHECK (due_day BETWEEN 1 AND 31),
    min_insured_company_price numeric(12,2) NOT NULL CHECK (min_insured_company_price >= 0),
    title text NOT NULL DEFAULT '',
    sub_title text NOT NULL DEFAULT '',
    description text NOT NULL DEFAULT '',
    territorial_scope text NOT NULL DEFAULT '',
    hiring_conditions text NOT NULL DEFAULT '',
    is_active boolean NOT NULL DEFAULT true,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`
  yield* sql`CREATE UNIQUE INDEX product_name_active ON product (lower(name)) WHERE is_active`

  yield* sql`CREATE TABLE product_assistance (
    product_id uuid NOT NULL REFERENCES product (id),
    assistance_id uuid NOT NULL REFERENCES assistance (id),
    position integer NOT NULL CHECK (position > 0),
    amount numeric(12,2) NOT NULL CHECK (amount >= 0),
    currency text NOT NULL CHECK (currency IN ('P', 'U')),
    maximum numeric(12,2) NOT NULL CHECK (maximum >= 0),
    events integer NOT NULL CHECK (events > 0),
    lack integer NOT NULL DEFAULT 0 CHECK (lack >= 0),
    PRIMARY KEY (product_id, assistance_id)
  )`

  yield* sql`CREATE TABLE product_plan (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    product_id uuid NOT NULL REFERENCES product (id),
    retail_id uuid NOT NULL,
    customer_price numeric(12,2) NOT NULL CHECK (customer_price >= 0),
    company_price numeric(12,2) NOT NULL CHECK (company_price >= 0),
    yearly_price numeric(12,2) NOT NULL CHECK (yearly_price >= 0),
    is_active boolean NOT NULL DEFAULT true,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`
  // One active plan per product and channel: assigning prices again updates it.
  yield* sql`CREATE UNIQUE INDEX product_plan_active ON product_plan (product_id, retail_id) WHERE is_active`
  yield* sql`CREATE INDEX product_plan_retail ON product_plan (retail_id)`

  // The last contract generated for a plan; `hash` is of the inputs it was made from.
  yield* sql`CREATE TABLE contract_document (
    product_plan_id uuid PRIMARY KEY REFERENCES product_plan (id),
    hash text NOT NULL,
    pdf bytea NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`
})
