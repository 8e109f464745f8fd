-- The national views at five years (issue 29 "Scale"), two additions to the monthly counts of 0027:
--
-- 1. A yearly level of the same counts: national_case_counts_yearly and national_birth_counts_yearly,
--    one row per department, year and group, the sums of the monthly rows of that year. The ingest
--    counts a department's touched years again from its monthly counts in the transaction that
--    counts the months, so they never disagree. A period reads its whole years here and only the
--    months at its edges from the monthly counts (national.repository.ts), and a department's months
--    with their cases from national_month_cases (one row per department and month).
-- 2. The national data's generation: one number, raised in every transaction that changes what a
--    national view reads (the counts, the counted submissions, the ingest states, the received
--    packages, the departments' keys), by triggers, so no writer can forget it. A server keeps a
--    view's answer under the generation it was computed at and computes it again once the number
--    moved (national-answers.cache.ts): an answer is never older than the data it was read from.
--    The triggers are deferred to the commit, so the row is locked only for the moment of a commit.
CREATE TABLE "national_case_counts_yearly" (
	"department_id" text NOT NULL,
	"discharge_year" text NOT NULL,
	"is_obstetric" boolean NOT NULL,
	"robson_segment" text,
	"is_caesarean" boolean NOT NULL,
	"is_maternal_death" boolean NOT NULL,
	"icd_mm_segment" text,
	"death_timing_segment" text,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "national_case_counts_yearly_year_idx" ON "national_case_counts_yearly" USING btree ("discharge_year", "department_id")
	INCLUDE ("is_obstetric", "robson_segment", "is_caesarean", "is_maternal_death", "icd_mm_segment", "death_timing_segment", "n");
--> statement-breakpoint
CREATE INDEX "national_case_counts_yearly_department_idx" ON "national_case_counts_yearly" USING btree ("department_id", "discharge_year");
--> statement-breakpoint
CREATE TABLE "national_birth_counts_yearly" (
	"department_id" text NOT NULL,
	"discharge_year" text NOT NULL,
	"status" smallint,
	"weight" integer,
	"gestation_min" smallint,
	"gestation_max" smallint,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "national_birth_counts_yearly_year_idx" ON "national_birth_counts_yearly" USING btree ("discharge_year", "department_id")
	INCLUDE ("status", "weight", "gestation_min", "gestation_max", "n");
--> statement-breakpoint
CREATE INDEX "national_birth_counts_yearly_department_idx" ON "national_birth_counts_yearly" USING btree ("department_id", "discharge_year");
--> statement-breakpoint
CREATE TABLE "national_month_cases" (
	"department_id" text NOT NULL,
	"discharge_month" text,
	"cases" integer NOT NULL,
	"obstetric" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "national_month_cases_month_idx" ON "national_month_cases" USING btree ("discharge_month", "department_id") INCLUDE ("cases", "obstetric");
--> statement-breakpoint
CREATE INDEX "national_month_cases_department_idx" ON "national_month_cases" USING btree ("department_id", "discharge_month") INCLUDE ("cases");
--> statement-breakpoint
INSERT INTO "national_case_counts_yearly"
SELECT department_id, left(discharge_month, 4), is_obstetric, robson_segment, is_caesarean, is_maternal_death, icd_mm_segment, death_timing_segment, sum(n)::int
FROM national_case_counts WHERE discharge_month IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
--> statement-breakpoint
INSERT INTO "national_birth_counts_yearly"
SELECT department_id, left(discharge_month, 4), status, weight, gestation_min, gestation_max, sum(n)::int
FROM national_birth_counts WHERE discharge_month IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
INSERT INTO "national_month_cases"
SELECT department_id, discharge_month, sum(n)::int, coalesce(sum(n) FILTER (WHERE is_obstetric), 0)::int
FROM national_case_counts GROUP BY 1, 2;
--> statement-breakpoint
CREATE TABLE "national_generation" (
	"id" smallint PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
	"generation" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "national_generation" VALUES (1, 1);
--> statement-breakpoint
-- Once per transaction (a transaction-local flag), at its commit.
CREATE FUNCTION pnss_national_generation_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF coalesce(current_setting('pnss.national_generation_bumped', true), '') <> 'on' THEN
		PERFORM set_config('pnss.national_generation_bumped', 'on', true);
		UPDATE national_generation SET generation = generation + 1 WHERE id = 1;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION pnss_national_generation_bump_now() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE national_generation SET generation = generation + 1 WHERE id = 1;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "national_case_counts_generation" AFTER INSERT OR UPDATE OR DELETE ON "national_case_counts"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pnss_national_generation_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "national_birth_counts_generation" AFTER INSERT OR UPDATE OR DELETE ON "national_birth_counts"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pnss_national_generation_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "national_case_counts_yearly_generation" AFTER INSERT OR UPDATE OR DELETE ON "national_case_counts_yearly"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pnss_national_generation_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "national_birth_counts_yearly_generation" AFTER INSERT OR UPDATE OR DELETE ON "national_birth_counts_yearly"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pnss_national_generation_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "national_month_cases_generation" AFTER INSERT OR UPDATE OR DELETE ON "national_month_cases"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pnss_national_generation_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "national_submissions_generation" AFTER INSERT OR UPDATE OR DELETE ON "national_submissions"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pnss_national_generation_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "national_ingest_generation" AFTER INSERT OR UPDATE OR DELETE ON "national_ingest"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pnss_national_generation_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "hub_packages_generation" AFTER INSERT OR UPDATE OR DELETE ON "hub_packages"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pnss_national_generation_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "hub_api_keys_generation" AFTER INSERT OR UPDATE OR DELETE ON "hub_api_keys"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pnss_national_generation_bump();
--> statement-breakpoint
CREATE TRIGGER "national_case_counts_generation_truncate" AFTER TRUNCATE ON "national_case_counts" FOR EACH STATEMENT EXECUTE FUNCTION pnss_national_generation_bump_now();
--> statement-breakpoint
CREATE TRIGGER "national_birth_counts_generation_truncate" AFTER TRUNCATE ON "national_birth_counts" FOR EACH STATEMENT EXECUTE FUNCTION pnss_national_generation_bump_now();
--> statement-breakpoint
CREATE TRIGGER "national_case_counts_yearly_generation_truncate" AFTER TRUNCATE ON "national_case_counts_yearly" FOR EACH STATEMENT EXECUTE FUNCTION pnss_national_generation_bump_now();
--> statement-breakpoint
CREATE TRIGGER "national_birth_counts_yearly_generation_truncate" AFTER TRUNCATE ON "national_birth_counts_yearly" FOR EACH STATEMENT EXECUTE FUNCTION pnss_national_generation_bump_now();
--> statement-breakpoint
CREATE TRIGGER "national_month_cases_generation_truncate" AFTER TRUNCATE ON "national_month_cases" FOR EACH STATEMENT EXECUTE FUNCTION pnss_national_generation_bump_now();
--> statement-breakpoint
CREATE TRIGGER "national_submissions_generation_truncate" AFTER TRUNCATE ON "national_submissions" FOR EACH STATEMENT EXECUTE FUNCTION pnss_national_generation_bump_now();
--> statement-breakpoint
CREATE TRIGGER "national_ingest_generation_truncate" AFTER TRUNCATE ON "national_ingest" FOR EACH STATEMENT EXECUTE FUNCTION pnss_national_generation_bump_now();
--> statement-breakpoint
CREATE TRIGGER "hub_packages_generation_truncate" AFTER TRUNCATE ON "hub_packages" FOR EACH STATEMENT EXECUTE FUNCTION pnss_national_generation_bump_now();
--> statement-breakpoint
CREATE TRIGGER "hub_api_keys_generation_truncate" AFTER TRUNCATE ON "hub_api_keys" FOR EACH STATEMENT EXECUTE FUNCTION pnss_national_generation_bump_now();
