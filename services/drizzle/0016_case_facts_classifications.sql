-- The standard classifications in the reporting projection (issue 28): the three Robson answers and
-- the Robson group of each woman who gave birth in the department (libs robsonSegmentOf), the WHO
-- ICD-MM group of each maternal death (icdMmSegmentOf), and for each infant the WHO birth facts (born
-- alive, born dead, early and neonatal death) with the gestation at birth as completed weeks (a range
-- when estimated), so that the stillbirth threshold, international or national, is applied when
-- counting. The existing cases get them from the start-up re-derivation (libs CASE_FACTS_DERIVATION 3).
ALTER TABLE "case_facts" ADD COLUMN "previous_caesareans" smallint;--> statement-breakpoint
ALTER TABLE "case_facts" ADD COLUMN "labor_onset" smallint;--> statement-breakpoint
ALTER TABLE "case_facts" ADD COLUMN "fetal_presentation" smallint;--> statement-breakpoint
ALTER TABLE "case_facts" ADD COLUMN "robson_segment" text;--> statement-breakpoint
ALTER TABLE "case_facts" ADD COLUMN "icd_mm_segment" text;--> statement-breakpoint
ALTER TABLE "case_infants" ADD COLUMN "is_live_born" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "case_infants" ADD COLUMN "is_stillbirth" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "case_infants" ADD COLUMN "is_early_neonatal_death" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "case_infants" ADD COLUMN "is_neonatal_death" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "case_infants" ADD COLUMN "gestation_min" smallint;--> statement-breakpoint
ALTER TABLE "case_infants" ADD COLUMN "gestation_max" smallint;
