CREATE TABLE "case_facts" (
	"case_id" uuid PRIMARY KEY NOT NULL,
	"counted" boolean NOT NULL,
	"is_close" boolean NOT NULL,
	"is_archived" boolean NOT NULL,
	"counting_date" date,
	"admission_date" date,
	"discharge_date" date,
	"delivery_date" date,
	"case_form_type" smallint,
	"is_pregnancy" boolean NOT NULL,
	"is_gyne" boolean NOT NULL,
	"is_delivered" boolean NOT NULL,
	"age" smallint,
	"age_segment" text NOT NULL,
	"aog_weeks" smallint,
	"aog_segment" text NOT NULL,
	"pregnancy_type" smallint,
	"pregnancy_type_segment" text NOT NULL,
	"delivery_manner" smallint,
	"delivery_manner2" smallint,
	"delivery_manner_segment" text NOT NULL,
	"delivery_manner2_segment" text,
	"is_caesarean" boolean NOT NULL,
	"mother_condition" smallint,
	"mother_condition_segment" text NOT NULL,
	"is_maternal_death" boolean NOT NULL,
	"antecedent" smallint,
	"antecedent_type" smallint,
	"antecedent_cause" integer,
	"immediate_cause" smallint,
	"direct_death_segment" text,
	"death_timing" smallint,
	"death_timing_segment" text,
	"gyne_organ" integer,
	"organ_condition" smallint,
	"gtd_diagnosis" integer,
	"gtd_complication" smallint,
	"infants_number" smallint,
	"livebirth_count" smallint NOT NULL,
	"infant_death_count" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "case_infants" (
	"case_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"status" smallint,
	"is_livebirth" boolean NOT NULL,
	"is_mortality" boolean NOT NULL,
	"weight" integer,
	"pediatric_age" smallint,
	"apgar1m" smallint,
	"apgar5m" smallint,
	"anomalies" boolean,
	"injury" smallint,
	"cause_of_death" smallint,
	CONSTRAINT "case_infants_case_id_position_pk" PRIMARY KEY("case_id","position")
);
--> statement-breakpoint
CREATE TABLE "case_indications" (
	"case_id" uuid NOT NULL,
	"twin" smallint NOT NULL,
	"manner" smallint,
	"indication_id" integer,
	"is_caesarean" boolean NOT NULL,
	"segment" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "case_facts" ADD CONSTRAINT "case_facts_case_id_patient_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."patient_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_infants" ADD CONSTRAINT "case_infants_case_id_patient_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."patient_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_indications" ADD CONSTRAINT "case_indications_case_id_patient_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."patient_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_facts_counted_date_idx" ON "case_facts" USING btree ("counting_date") WHERE "case_facts"."counted";--> statement-breakpoint
CREATE INDEX "case_indications_case_idx" ON "case_indications" USING btree ("case_id");--> statement-breakpoint
CREATE INDEX "case_indications_cs_idx" ON "case_indications" USING btree ("segment","case_id") WHERE "case_indications"."is_caesarean";
