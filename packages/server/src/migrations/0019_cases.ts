import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Assistance cases, event-sourced (DESIGN §4). `case_event` is the history, append-only, one
 * version per event; `assistance_case` is the fold of those events (`state`, what `getById`
 * reads) plus the columns lists filter, sort and count on, written in the same transaction as the
 * events. `version` equals the case's last event version and is what `If-Match` names.
 *
 * `applicant_search` holds the insured's and the carga's names folded as server/src/sql/textSearch.ts
 * folds, kept by the writer (the names live in other tables, so it can't be a generated column).
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE SEQUENCE case_number START 1001`
  yield* sql`CREATE TABLE assistance_case (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    number bigint NOT NULL UNIQUE DEFAULT nextval('case_number'),
    version integer NOT NULL CHECK (version > 0),
    type text NOT NULL CHECK (type IN ('I', 'B', 'C')),
    lead_id uuid REFERENCES lead (id),
    customer_id uuid REFERENCES customer (id),
    retail_id uuid REFERENCES retail (id),
    insured_id uuid REFERENCES insured (id),
    beneficiary_id uuid REFERENCES beneficiary (id),
    product_id uuid REFERENCES product (id),
    assistance_id uuid REFERENCES assistance (id),
    procedure_code text,
    stage_id uuid NOT NULL REFERENCES stage (id),
    applicant_rut text,
    applicant_search text NOT NULL DEFAULT '',
    event_date date,
    is_closed boolean NOT NULL DEFAULT false,
    refund_status text CHECK (refund_status IN ('Pendiente', 'Aprobado', 'Rechazado', 'Reembolsado')),
    refund_amount numeric(12,2),
    imed_amount numeric(12,2),
    state jsonb NOT NULL,
    created_by text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`
  // The list is newest first, filtered by channel, stage or person.
  yield* sql`CREATE INDEX assistance_case_retail ON assistance_case (retail_id, number DESC)`
  yield* sql`CREATE INDEX assistance_case_stage ON assistance_case (stage_id, number DESC)`
  yield* sql`CREATE INDEX assistance_case_rut ON assistance_case (applicant_rut text_pattern_ops)`
  yield* sql`CREATE INDEX assistance_case_search ON assistance_case USING gin (applicant_search gin_trgm_ops)`
  // What an insured already used of an assistance: cases of the lead and assistance.
  yield* sql`CREATE INDEX assistance_case_usage ON assistance_case (lead_id, assistance_id, event_date)`
  yield* sql`CREATE INDEX assistance_case_created ON assistance_case (created_at)`
  yield* sql`CREATE INDEX assistance_case_event_date ON assistance_case (event_date)`

  yield* sql`CREATE TABLE case_event (
    case_id uuid NOT NULL REFERENCES assistance_case (id),
    version integer NOT NULL CHECK (version > 0),
    type text NOT NULL,
    payload jsonb NOT NULL,
    user_id text NOT NULL,
    at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (case_id, version)
  )`

  yield* sql`CREATE TABLE case_chat (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    case_id uuid NOT NULL REFERENCES assistance_case (id),
    stage_id uuid REFERENCES stage (id),
    user_id text NOT NULL,
    message text NOT NULL,
    type text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now()
  )`
  yield* sql`CREATE INDEX case_chat_case ON case_chat (case_id, created_at)`
})
