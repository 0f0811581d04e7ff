import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * The 0028 triggers stand aside for a roster batch (`palma.roster_batch` on, for its transaction
 * only): the batch knows the one policy of each person it inserts and writes their ends with the
 * person, and refreshes the people that were already stored itself (RosterRepo). Through the
 * triggers, every person a roster inserted was written twice — inserted, then updated with their
 * ends — which was the largest part of a batch's time.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE OR REPLACE FUNCTION lead_insured_policy_ends() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF current_setting('palma.roster_batch', true) = 'on' THEN RETURN NULL; END IF;
      IF TG_OP <> 'DELETE' THEN PERFORM refresh_insured_policy_ends(ARRAY(SELECT insured_id FROM added)); END IF;
      IF TG_OP <> 'INSERT' THEN PERFORM refresh_insured_policy_ends(ARRAY(SELECT insured_id FROM removed)); END IF;
      RETURN NULL;
    END
  $$`
  yield* sql`CREATE OR REPLACE FUNCTION lead_policy_ends() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF current_setting('palma.roster_batch', true) = 'on' THEN RETURN NULL; END IF;
      IF TG_OP <> 'DELETE' THEN PERFORM refresh_customer_policy_ends(ARRAY(SELECT customer_id FROM added)); END IF;
      IF TG_OP <> 'INSERT' THEN PERFORM refresh_customer_policy_ends(ARRAY(SELECT customer_id FROM removed)); END IF;
      -- A lead's titulares join it after it is inserted and leave before it is deleted.
      IF TG_OP = 'UPDATE' THEN
        PERFORM refresh_insured_policy_ends(ARRAY(
          SELECT li.insured_id FROM added a JOIN removed r ON r.id = a.id JOIN lead_insured li ON li.lead_id = a.id
          WHERE a.end_date <> r.end_date));
      END IF;
      RETURN NULL;
    END
  $$`
})
