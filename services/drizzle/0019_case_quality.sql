-- The data-quality review of each case (issue 31): libs caseQuality's result, written with the
-- reporting projection in the transaction of every case write, and its counters by discharge day,
-- so that the Data Quality view of a year is a sum over a few thousand rows. Existing cases get
-- theirs from the start-up backfill (libs QUALITY_DERIVATION).
CREATE TABLE "case_quality" (
	"case_id" uuid PRIMARY KEY NOT NULL REFERENCES "patient_cases"("id") ON DELETE CASCADE,
	"derivation" smallint NOT NULL,
	"counted" boolean NOT NULL,
	"day" date,
	"error_count" smallint NOT NULL,
	"warning_count" smallint NOT NULL,
	"rules" text[] NOT NULL,
	"findings" jsonb NOT NULL,
	"asked" text[] NOT NULL,
	"missing" text[] NOT NULL,
	"score" smallint NOT NULL
);--> statement-breakpoint
CREATE INDEX "case_quality_day_idx" ON "case_quality" USING btree ("day") WHERE "case_quality"."counted";--> statement-breakpoint
CREATE TABLE "case_quality_rollup" (
	"day" date NOT NULL,
	"key" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "case_quality_rollup_day_key_pk" PRIMARY KEY("day","key")
);--> statement-breakpoint
CREATE TABLE "case_quality_rules" (
	"rule" text NOT NULL,
	"day" date NOT NULL,
	"case_id" uuid NOT NULL REFERENCES "patient_cases"("id") ON DELETE CASCADE,
	CONSTRAINT "case_quality_rules_rule_day_case_id_pk" PRIMARY KEY("rule","day","case_id")
);--> statement-breakpoint
CREATE INDEX "case_quality_rules_case_idx" ON "case_quality_rules" USING btree ("case_id");
