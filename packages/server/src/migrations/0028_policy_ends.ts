import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * The end dates of every policy of a titular (`insured`) and of a customer, ascending, on the
 * person's own row, so the people searches count the policies in force of each match from the row
 * itself (`policies_in_force`). Counting them through lead_insured and lead cost two index probes
 * per match: 36 of the 45 ms of one search for a common surname over 100 000 titulares
 * (bench/README.md, "People search").
 *
 * It is derived data, so the database keeps it and no writer sets it: statement triggers on lead
 * and lead_insured recompute, set-based, the people a statement touched. The row version (0016,
 * 0020) is the person's editable record: it is not bumped when only these dates move.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  // The count of `ends` (ascending) not over before `today`: a binary search, inlined by the planner.
  yield* sql`CREATE FUNCTION policies_in_force(ends date[], today date) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT cardinality(ends) - width_bucket(today - 1, ends) $$`

  for (const table of ["insured", "customer"] as const) {
    yield* sql`ALTER TABLE ${sql(table)} ADD COLUMN policy_ends date[] NOT NULL DEFAULT '{}'`
    yield* sql`DROP TRIGGER ${sql(`${table}_version`)} ON ${sql(table)}`
    // Only the refresh below writes policy_ends, and it writes nothing else.
    yield* sql`CREATE TRIGGER ${sql(`${table}_version`)} BEFORE UPDATE ON ${sql(table)}
      FOR EACH ROW WHEN (OLD.policy_ends = NEW.policy_ends) EXECUTE FUNCTION bump_row_version()`
  }

  yield* sql`CREATE FUNCTION refresh_insured_policy_ends(ids uuid[]) RETURNS void LANGUAGE sql AS $$
    UPDATE insured i SET policy_ends = x.ends
    FROM (SELECT t.id, ARRAY(SELECT l.end_date FROM lead_insured li JOIN lead l ON l.id = li.lead_id
            WHERE li.insured_id = t.id ORDER BY l.end_date) AS ends
          FROM (SELECT DISTINCT unnest(ids) AS id) t) x
    WHERE i.id = x.id AND i.policy_ends <> x.ends
  $$`
  yield* sql`CREATE FUNCTION refresh_customer_policy_ends(ids uuid[]) RETURNS void LANGUAGE sql AS $$
    UPDATE customer c SET policy_ends = x.ends
    FROM (SELECT t.id, ARRAY(SELECT l.end_date FROM lead l WHERE l.customer_id = t.id ORDER BY l.end_date) AS ends
          FROM (SELECT DISTINCT unnest(ids) AS id) t) x
    WHERE c.id = x.id AND c.policy_ends <> x.ends
  $$`

  // One function per table for its three statement triggers: `added` is the new rows (INSERT,
  // UPDATE), `removed` the old ones (DELETE, UPDATE).
  yield* sql`CREATE FUNCTION lead_insured_policy_ends() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'DELETE' THEN PERFORM refresh_insured_policy_ends(ARRAY(SELECT insured_id FROM added)); END IF;
      IF TG_OP <> 'INSERT' THEN PERFORM refresh_insured_policy_ends(ARRAY(SELECT insured_id FROM removed)); END IF;
      RETURN NULL;
    END
  $$`
  yield* sql`CREATE FUNCTION lead_policy_ends() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
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
  for (const [table, fn] of [
    ["lead_insured", "lead_insured_policy_ends"],
    ["lead", "lead_policy_ends"]
  ] as const) {
    const run = sql`FOR EACH STATEMENT EXECUTE FUNCTION ${sql(fn)}()`
    yield* sql`CREATE TRIGGER ${sql(`${table}_added_policy_ends`)} AFTER INSERT ON ${sql(table)} REFERENCING NEW TABLE AS added ${run}`
    yield* sql`CREATE TRIGGER ${sql(`${table}_removed_policy_ends`)} AFTER DELETE ON ${sql(table)} REFERENCING OLD TABLE AS removed ${run}`
    yield* sql`CREATE TRIGGER ${sql(`${table}_updated_policy_ends`)} AFTER UPDATE ON ${sql(table)}
      REFERENCING OLD TABLE AS removed NEW TABLE AS added ${run}`
  }

  yield* sql`SELECT refresh_insured_policy_ends(ARRAY(SELECT DISTINCT insured_id FROM lead_insured))`
  yield* sql`SELECT refresh_customer_policy_ends(ARRAY(SELECT DISTINCT customer_id FROM lead))`
})
