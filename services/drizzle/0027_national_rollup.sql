-- The national figures at national size (issue 29 "Scale"): every national view groups by department and
-- by what the libs rules need, over a period of months. At five years of a million cases a year those
-- groups are read from national_cases and national_infants in seconds; they are kept here instead, one
-- row per department, month and group with its count, written by the ingest in the transaction that
-- replaces a submission's facts (the department's touched months counted again from the fact tables),
-- so a national period is read from a few thousand rows. The fact tables stay the record; these two
-- are their sums, and `npm run bench` checks that the views answer byte for byte what the hand-written
-- SQL over the fact tables answers.
CREATE TABLE "national_case_counts" (
	"department_id" text NOT NULL,
	"discharge_month" text,
	"is_obstetric" boolean NOT NULL,
	"robson_segment" text,
	"is_caesarean" boolean NOT NULL,
	"is_maternal_death" boolean NOT NULL,
	"icd_mm_segment" text,
	"death_timing_segment" text,
	"n" integer NOT NULL
);
--> statement-breakpoint
-- Each view's counts read from an index alone (an index-only scan): the cases and months, the Robson
-- groups, the maternal deaths.
CREATE INDEX "national_case_counts_month_idx" ON "national_case_counts" USING btree ("discharge_month", "department_id") INCLUDE ("is_obstetric", "n");
--> statement-breakpoint
CREATE INDEX "national_case_counts_robson_idx" ON "national_case_counts" USING btree ("discharge_month", "department_id")
	INCLUDE ("robson_segment", "is_caesarean", "n") WHERE "robson_segment" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "national_case_counts_deaths_idx" ON "national_case_counts" USING btree ("discharge_month", "department_id")
	INCLUDE ("icd_mm_segment", "death_timing_segment", "n") WHERE "is_maternal_death";
--> statement-breakpoint
CREATE INDEX "national_case_counts_department_idx" ON "national_case_counts" USING btree ("department_id", "discharge_month");
--> statement-breakpoint
CREATE TABLE "national_birth_counts" (
	"department_id" text NOT NULL,
	"discharge_month" text,
	"status" smallint,
	"weight" integer,
	"gestation_min" smallint,
	"gestation_max" smallint,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "national_birth_counts_month_idx" ON "national_birth_counts" USING btree ("discharge_month", "department_id")
	INCLUDE ("status", "weight", "gestation_min", "gestation_max", "n");
--> statement-breakpoint
CREATE INDEX "national_birth_counts_department_idx" ON "national_birth_counts" USING btree ("department_id", "discharge_month");
--> statement-breakpoint
INSERT INTO "national_case_counts"
SELECT department_id, discharge_month, is_obstetric, robson_segment, is_caesarean, is_maternal_death, icd_mm_segment, death_timing_segment, count(*)::int
FROM national_cases GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
--> statement-breakpoint
INSERT INTO "national_birth_counts"
SELECT department_id, discharge_month, status, CASE WHEN is_stillbirth THEN weight END, CASE WHEN is_stillbirth THEN gestation_min END,
       CASE WHEN is_stillbirth THEN gestation_max END, count(*)::int
FROM national_infants WHERE is_obstetric GROUP BY 1, 2, 3, 4, 5, 6;
