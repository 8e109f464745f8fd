CREATE TABLE "census_packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" text NOT NULL,
	"department_id" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"num_of_cases" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"status" text NOT NULL,
	"file_name" text,
	"sha256" text,
	"size" integer,
	"building" boolean DEFAULT false NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"heartbeat_at" timestamp with time zone,
	"built_at" timestamp with time zone,
	"built_by" uuid,
	"built_by_username" text,
	"upload_id" text,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "census_packages_submission_id_unique" UNIQUE("submission_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "census_packages_one_build_key" ON "census_packages" USING btree ("department_id") WHERE "census_packages"."building";--> statement-breakpoint
CREATE INDEX "census_packages_created_idx" ON "census_packages" USING btree ("created_at","id");--> statement-breakpoint
CREATE TABLE "census_package_cases" (
	"package_id" uuid NOT NULL,
	"case_id" uuid NOT NULL,
	"case_version" integer,
	CONSTRAINT "census_package_cases_package_id_case_id_pk" PRIMARY KEY("package_id","case_id")
);
--> statement-breakpoint
ALTER TABLE "census_package_cases" ADD CONSTRAINT "census_package_cases_package_id_census_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."census_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "census_package_cases" ADD CONSTRAINT "census_package_cases_case_id_patient_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."patient_cases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "census_package_cases_case_key" ON "census_package_cases" USING btree ("case_id");--> statement-breakpoint
CREATE TABLE "case_approvals" (
	"case_id" uuid PRIMARY KEY NOT NULL,
	"case_version" integer NOT NULL,
	"approved_by" uuid,
	"approved_by_username" text,
	"approved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "case_approvals" ADD CONSTRAINT "case_approvals_case_id_patient_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."patient_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "download_tickets" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"package_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"user_id" uuid,
	"username" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "download_tickets" ADD CONSTRAINT "download_tickets_package_id_census_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."census_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "hub_api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"department_id" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "hub_api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE INDEX "hub_api_keys_department_idx" ON "hub_api_keys" USING btree ("department_id");--> statement-breakpoint
CREATE TABLE "hub_packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"upload_id" text NOT NULL,
	"department_id" text NOT NULL,
	"submission_id" text NOT NULL,
	"version" integer NOT NULL,
	"file_name" text NOT NULL,
	"sha256" text NOT NULL,
	"size" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"num_of_cases" integer NOT NULL,
	"data_dictionary_version" text NOT NULL,
	"manifest" jsonb NOT NULL,
	"verification" text NOT NULL,
	"content" bytea NOT NULL,
	"api_key_id" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hub_packages_upload_id_unique" UNIQUE("upload_id")
);
--> statement-breakpoint
ALTER TABLE "hub_packages" ADD CONSTRAINT "hub_packages_api_key_id_hub_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."hub_api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hub_packages_version_key" ON "hub_packages" USING btree ("department_id","submission_id","version");--> statement-breakpoint
CREATE INDEX "hub_packages_received_idx" ON "hub_packages" USING btree ("received_at","id");--> statement-breakpoint
CREATE TABLE "hub_package_cases" (
	"hub_package_id" uuid NOT NULL,
	"case_id" text NOT NULL,
	"patient_key" text NOT NULL,
	"case_types" jsonb NOT NULL,
	"admission_date" date,
	"discharge_date" date,
	"data" jsonb NOT NULL,
	CONSTRAINT "hub_package_cases_hub_package_id_case_id_pk" PRIMARY KEY("hub_package_id","case_id")
);
--> statement-breakpoint
ALTER TABLE "hub_package_cases" ADD CONSTRAINT "hub_package_cases_hub_package_id_hub_packages_id_fk" FOREIGN KEY ("hub_package_id") REFERENCES "public"."hub_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hub_package_cases_patient_idx" ON "hub_package_cases" USING btree ("patient_key");
