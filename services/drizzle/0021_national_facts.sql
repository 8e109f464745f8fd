-- The national census (issue 29): the society's hub turns every package it accepted into national
-- facts, one row per case and one per infant, keyed by department, the package's patient key and the
-- case's record id, derived by libs deriveNationalFacts (the department's own derivations). The
-- figures count each case of the latest ingested version of its submission once: a later version
-- replaces the submission's facts in one transaction (national_submissions names the version counted),
-- and the same package twice changes nothing. national_ingest is each received package's ingest: its
-- state, attempts and reason in words (a held package counts nothing until it is ingested again).
CREATE TABLE "national_ingest" (
	"hub_package_id" uuid PRIMARY KEY NOT NULL REFERENCES "hub_packages"("id") ON DELETE CASCADE,
	"department_id" text NOT NULL,
	"submission_id" text NOT NULL,
	"version" integer NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"reason" text,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ingested_at" timestamp with time zone,
	"fact_cases" integer DEFAULT 0 NOT NULL,
	"fact_infants" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "national_ingest_state_check" CHECK ("state" IN ('queued', 'active', 'ingested', 'retrying', 'held', 'superseded'))
);
--> statement-breakpoint
CREATE INDEX "national_ingest_submission_idx" ON "national_ingest" USING btree ("department_id", "submission_id", "version");
--> statement-breakpoint
CREATE INDEX "national_ingest_state_idx" ON "national_ingest" USING btree ("state", "queued_at");
--> statement-breakpoint
CREATE TABLE "national_submissions" (
	"department_id" text NOT NULL,
	"submission_id" text NOT NULL,
	"hub_package_id" uuid NOT NULL REFERENCES "hub_packages"("id") ON DELETE CASCADE,
	"version" integer NOT NULL,
	"ingested_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "national_submissions_pk" PRIMARY KEY ("department_id", "submission_id")
);
--> statement-breakpoint
CREATE TABLE "national_cases" (
	"department_id" text NOT NULL,
	"patient_key" text NOT NULL,
	"case_id" text NOT NULL,
	"submission_id" text NOT NULL,
	"hub_package_id" uuid NOT NULL REFERENCES "hub_packages"("id") ON DELETE CASCADE,
	"version" integer NOT NULL,
	"derivation" smallint NOT NULL,
	"discharge_month" text,
	"is_obstetric" boolean NOT NULL,
	"is_gyne" boolean NOT NULL,
	"robson_segment" text,
	"is_caesarean" boolean NOT NULL,
	"is_maternal_death" boolean NOT NULL,
	"icd_mm_segment" text,
	"counts_in_ratio" boolean NOT NULL,
	"death_timing_segment" text,
	CONSTRAINT "national_cases_pk" PRIMARY KEY ("department_id", "patient_key", "case_id")
);
--> statement-breakpoint
CREATE INDEX "national_cases_submission_idx" ON "national_cases" USING btree ("department_id", "submission_id");
--> statement-breakpoint
CREATE INDEX "national_cases_month_idx" ON "national_cases" USING btree ("discharge_month", "department_id");
--> statement-breakpoint
CREATE TABLE "national_infants" (
	"department_id" text NOT NULL,
	"patient_key" text NOT NULL,
	"case_id" text NOT NULL,
	"position" smallint NOT NULL,
	"discharge_month" text,
	"is_obstetric" boolean NOT NULL,
	"status" smallint,
	"weight" integer,
	"is_live_born" boolean NOT NULL,
	"is_stillbirth" boolean NOT NULL,
	"is_early_neonatal_death" boolean NOT NULL,
	"is_neonatal_death" boolean NOT NULL,
	"gestation_min" smallint,
	"gestation_max" smallint,
	CONSTRAINT "national_infants_pk" PRIMARY KEY ("department_id", "patient_key", "case_id", "position"),
	CONSTRAINT "national_infants_case_fk" FOREIGN KEY ("department_id", "patient_key", "case_id")
		REFERENCES "national_cases"("department_id", "patient_key", "case_id") ON DELETE CASCADE
);
--> statement-breakpoint
CREATE INDEX "national_infants_month_idx" ON "national_infants" USING btree ("discharge_month", "department_id");
