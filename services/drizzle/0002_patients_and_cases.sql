CREATE TABLE "patient_cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"case_num" text NOT NULL,
	"case_form_type" smallint,
	"is_pregnancy" boolean DEFAULT false NOT NULL,
	"is_gyne" boolean DEFAULT false NOT NULL,
	"is_close" boolean DEFAULT false NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"submission_id" text,
	"admission_date" date,
	"discharge_date" date,
	"delivery_date" date,
	"age" smallint,
	"pregnancy_type" smallint,
	"delivery_manner" smallint,
	"mother_condition" smallint,
	"form" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"closed_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"middle_name" text,
	"last_name" text DEFAULT '' NOT NULL,
	"avatar" text,
	"birth_date" date,
	"pediatric_confirmed" boolean DEFAULT false NOT NULL,
	"medical_history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"obstetric_history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "patient_cases" ADD CONSTRAINT "patient_cases_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "patient_cases_case_num_lower_key" ON "patient_cases" USING btree (lower("case_num"));--> statement-breakpoint
CREATE INDEX "patient_cases_patient_idx" ON "patient_cases" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "patient_cases_admitted_idx" ON "patient_cases" USING btree ("patient_id") WHERE "patient_cases"."discharge_date" is null and not "patient_cases"."is_archived";--> statement-breakpoint
CREATE INDEX "patient_cases_state_idx" ON "patient_cases" USING btree ("is_close","is_archived");--> statement-breakpoint
CREATE INDEX "patient_cases_admission_date_idx" ON "patient_cases" USING btree ("admission_date");--> statement-breakpoint
CREATE INDEX "patient_cases_discharge_date_idx" ON "patient_cases" USING btree ("discharge_date");--> statement-breakpoint
CREATE INDEX "patient_cases_submission_idx" ON "patient_cases" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "patient_cases_created_idx" ON "patient_cases" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "patients_name_order_idx" ON "patients" USING btree (lower("last_name"),lower("first_name"),"id");--> statement-breakpoint
CREATE INDEX "patients_first_name_lower_idx" ON "patients" USING btree (lower("first_name"));