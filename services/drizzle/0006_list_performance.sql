-- Lists and counts that stay fast at a million patients (issue 12).
-- * pg_trgm GIN indexes: name search and case-number search (ILIKE '%word%') without a table scan.
-- * Partial indexes in the lists' own order, so a page is an index walk of 100 entries.
-- * Exact counts without a scan: list_counters (one row per count) and patient_case_stats (one row
--   per patient with cases) are kept by statement-level triggers in the SAME transaction as the
--   change, so a count is never ahead of or behind the rows it counts. A bulk load may disable the
--   triggers and call pnss_rebuild_list_counters() once at the end (bench/generate-department.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- The list's order with the two names it sorts by included: the page's ids come from an index-only
-- scan (an expression index alone cannot serve one). It takes over from patients_name_order_idx.
CREATE INDEX IF NOT EXISTS "patients_name_order_covering_idx" ON "patients" USING btree (lower("last_name"), lower("first_name"), "id") INCLUDE ("last_name", "first_name");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "patients_name_trgm_idx" ON "patients" USING gin (("first_name" || ' ' || coalesce("middle_name", '') || ' ' || "last_name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "patient_cases_case_num_trgm_idx" ON "patient_cases" USING gin ("case_num" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "patient_cases_open_patient_idx" ON "patient_cases" USING btree ("patient_id") WHERE NOT "is_close" AND NOT "is_archived";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "patient_cases_list_idx" ON "patient_cases" USING btree ("created_at" DESC, "id" DESC) WHERE NOT "is_archived";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "patient_cases_open_list_idx" ON "patient_cases" USING btree ("created_at" DESC, "id" DESC) WHERE NOT "is_close" AND NOT "is_archived";
--> statement-breakpoint
CREATE TABLE "list_counters" (
	"name" text PRIMARY KEY NOT NULL,
	"value" bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
CREATE TABLE "patient_case_stats" (
	"patient_id" uuid PRIMARY KEY NOT NULL REFERENCES "patients"("id") ON DELETE CASCADE,
	"open_cases" integer NOT NULL DEFAULT 0,
	"admitted_cases" integer NOT NULL DEFAULT 0
);
--> statement-breakpoint
-- Recounts everything from the rows (after a bulk load with the triggers disabled, or a TRUNCATE).
CREATE OR REPLACE FUNCTION pnss_rebuild_list_counters() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM patient_case_stats;
  INSERT INTO patient_case_stats (patient_id, open_cases, admitted_cases)
    SELECT patient_id,
           count(*) FILTER (WHERE NOT is_close AND NOT is_archived),
           count(*) FILTER (WHERE discharge_date IS NULL AND NOT is_archived)
    FROM patient_cases GROUP BY patient_id
    HAVING count(*) FILTER (WHERE NOT is_archived AND (NOT is_close OR discharge_date IS NULL)) > 0;
  DELETE FROM list_counters;
  INSERT INTO list_counters (name, value)
    SELECT 'patients', count(*) FROM patients
    UNION ALL SELECT 'cases', count(*) FILTER (WHERE NOT is_archived) FROM patient_cases
    UNION ALL SELECT 'open_cases', count(*) FILTER (WHERE NOT is_close AND NOT is_archived) FROM patient_cases
    UNION ALL SELECT 'archived_cases', count(*) FILTER (WHERE is_archived) FROM patient_cases
    UNION ALL SELECT 'open_case_patients', count(*) FILTER (WHERE open_cases > 0) FROM patient_case_stats
    UNION ALL SELECT 'admitted_patients', count(*) FILTER (WHERE admitted_cases > 0) FROM patient_case_stats;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pnss_bump_counter(counter text, delta bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF delta <> 0 THEN
    UPDATE list_counters SET value = value + delta WHERE name = counter;
  END IF;
END $$;
--> statement-breakpoint
-- Applies one statement's case changes: per-patient deltas, then the totals. Counters are always
-- touched in the same order (cases, open_cases, archived_cases, stats, open_case_patients,
-- admitted_patients) so two transactions cannot deadlock on them.
CREATE OR REPLACE FUNCTION pnss_apply_case_delta(
  p_ids uuid[], d_open integer[], d_adm integer[], d_cases bigint, d_open_total bigint, d_archived bigint
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  opened bigint;
  admitted bigint;
BEGIN
  PERFORM pnss_bump_counter('cases', d_cases);
  PERFORM pnss_bump_counter('open_cases', d_open_total);
  PERFORM pnss_bump_counter('archived_cases', d_archived);
  WITH delta AS (
    SELECT t.patient_id, t.d_open, t.d_adm FROM unnest(p_ids, d_open, d_adm) AS t(patient_id, d_open, d_adm)
    WHERE t.d_open <> 0 OR t.d_adm <> 0 ORDER BY t.patient_id
  ), upserted AS (
    INSERT INTO patient_case_stats AS s (patient_id, open_cases, admitted_cases)
      SELECT delta.patient_id, delta.d_open, delta.d_adm FROM delta
    ON CONFLICT (patient_id) DO UPDATE
      SET open_cases = s.open_cases + excluded.open_cases, admitted_cases = s.admitted_cases + excluded.admitted_cases
    RETURNING s.patient_id, s.open_cases, s.admitted_cases
  )
  SELECT coalesce(sum(CASE WHEN u.open_cases > 0 AND u.open_cases - d.d_open <= 0 THEN 1
                           WHEN u.open_cases <= 0 AND u.open_cases - d.d_open > 0 THEN -1 ELSE 0 END), 0),
         coalesce(sum(CASE WHEN u.admitted_cases > 0 AND u.admitted_cases - d.d_adm <= 0 THEN 1
                           WHEN u.admitted_cases <= 0 AND u.admitted_cases - d.d_adm > 0 THEN -1 ELSE 0 END), 0)
    INTO opened, admitted
    FROM upserted u JOIN delta d ON d.patient_id = u.patient_id;
  PERFORM pnss_bump_counter('open_case_patients', opened);
  PERFORM pnss_bump_counter('admitted_patients', admitted);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pnss_cases_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pnss_apply_case_delta(coalesce(array_agg(x.patient_id), '{}'), coalesce(array_agg(x.o), '{}'), coalesce(array_agg(x.a), '{}'),
    coalesce(sum(x.n), 0), coalesce(sum(x.o), 0), coalesce(sum(x.r), 0))
  FROM (
    SELECT patient_id,
           count(*) FILTER (WHERE NOT is_archived)::integer AS n,
           count(*) FILTER (WHERE NOT is_close AND NOT is_archived)::integer AS o,
           count(*) FILTER (WHERE discharge_date IS NULL AND NOT is_archived)::integer AS a,
           count(*) FILTER (WHERE is_archived)::integer AS r
    FROM new_rows GROUP BY patient_id
  ) x;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pnss_cases_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pnss_apply_case_delta(coalesce(array_agg(x.patient_id), '{}'), coalesce(array_agg(x.o), '{}'), coalesce(array_agg(x.a), '{}'),
    coalesce(sum(x.n), 0), coalesce(sum(x.o), 0), coalesce(sum(x.r), 0))
  FROM (
    SELECT patient_id,
           -count(*) FILTER (WHERE NOT is_archived)::integer AS n,
           -count(*) FILTER (WHERE NOT is_close AND NOT is_archived)::integer AS o,
           -count(*) FILTER (WHERE discharge_date IS NULL AND NOT is_archived)::integer AS a,
           -count(*) FILTER (WHERE is_archived)::integer AS r
    FROM old_rows GROUP BY patient_id
  ) x;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A case save that changes no flag (the usual form save) reads two one-row transition tables and writes nothing.
CREATE OR REPLACE FUNCTION pnss_cases_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pnss_apply_case_delta(coalesce(array_agg(x.patient_id), '{}'), coalesce(array_agg(x.o), '{}'), coalesce(array_agg(x.a), '{}'),
    coalesce(sum(x.n), 0), coalesce(sum(x.o), 0), coalesce(sum(x.r), 0))
  FROM (
    SELECT patient_id, sum(n)::integer AS n, sum(o)::integer AS o, sum(a)::integer AS a, sum(r)::integer AS r
    FROM (
      SELECT patient_id, (NOT is_archived)::integer AS n, (NOT is_close AND NOT is_archived)::integer AS o,
             (discharge_date IS NULL AND NOT is_archived)::integer AS a, is_archived::integer AS r
      FROM new_rows
      UNION ALL
      SELECT patient_id, -(NOT is_archived)::integer, -(NOT is_close AND NOT is_archived)::integer,
             -(discharge_date IS NULL AND NOT is_archived)::integer, -is_archived::integer
      FROM old_rows
    ) d GROUP BY patient_id
    HAVING sum(n) <> 0 OR sum(o) <> 0 OR sum(a) <> 0 OR sum(r) <> 0
  ) x;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pnss_patients_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pnss_bump_counter('patients', (SELECT count(*) FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pnss_patients_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pnss_bump_counter('patients', -(SELECT count(*) FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pnss_list_counters_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pnss_rebuild_list_counters();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "patient_cases_counters_insert" AFTER INSERT ON "patient_cases" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pnss_cases_inserted();
--> statement-breakpoint
CREATE TRIGGER "patient_cases_counters_update" AFTER UPDATE ON "patient_cases" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pnss_cases_updated();
--> statement-breakpoint
CREATE TRIGGER "patient_cases_counters_delete" AFTER DELETE ON "patient_cases" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pnss_cases_deleted();
--> statement-breakpoint
CREATE TRIGGER "patients_counters_insert" AFTER INSERT ON "patients" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pnss_patients_inserted();
--> statement-breakpoint
CREATE TRIGGER "patients_counters_delete" AFTER DELETE ON "patients" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pnss_patients_deleted();
--> statement-breakpoint
CREATE TRIGGER "patient_cases_counters_truncate" AFTER TRUNCATE ON "patient_cases" FOR EACH STATEMENT EXECUTE FUNCTION pnss_list_counters_truncated();
--> statement-breakpoint
CREATE TRIGGER "patients_counters_truncate" AFTER TRUNCATE ON "patients" FOR EACH STATEMENT EXECUTE FUNCTION pnss_list_counters_truncated();
--> statement-breakpoint
SELECT pnss_rebuild_list_counters();
