-- Maternal figures count obstetric cases only (issue 25 item 4): a gynecologic patient was counted in
-- the maternal mortality rate's denominator and in the Mother Condition and Maternal Age tables. The
-- projection now says which cases are obstetric (libs isObstetricCase), and the segments of the
-- obstetric dimensions (mother condition, maternal age, age of gestation, pregnancy type) are null for
-- the other cases, as for any dimension that does not count a case. `derivation` is the version of
-- libs deriveCaseFacts that wrote a row: the rows written before (0) are derived again by the services
-- at start-up (CaseFactsBackfill), which also rebuilds the rollup from them, so the existing cases are
-- counted by the new rules, estimated AOG ranges in their groups included (issue 25 item 5).
ALTER TABLE "case_facts" ADD COLUMN "derivation" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "case_facts" ADD COLUMN "is_obstetric" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "case_facts" ALTER COLUMN "age_segment" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "case_facts" ALTER COLUMN "aog_segment" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "case_facts" ALTER COLUMN "pregnancy_type_segment" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "case_facts" ALTER COLUMN "mother_condition_segment" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "case_facts_derivation_idx" ON "case_facts" USING btree ("derivation");
