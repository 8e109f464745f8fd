-- Issue 30, corrections after submission. A submitted case reopened for amendment is open with its
-- submission id kept (libs caseStatus: Amending), so the case needs no new column. What is new:
-- the amendments and withdrawals of each package's cases with their reasons (kept with the case;
-- the audit log holds them too), whether a package needs resubmission, and every built version of
-- a package, so earlier versions stay downloadable and are listed as superseded.
CREATE TABLE "census_package_amendments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"package_id" uuid NOT NULL REFERENCES "census_packages"("id") ON DELETE CASCADE,
	"case_id" uuid NOT NULL REFERENCES "patient_cases"("id") ON DELETE RESTRICT,
	"case_num" text NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"submitted_form" jsonb,
	"by_user" uuid,
	"by_username" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"in_version" integer,
	CONSTRAINT "census_package_amendments_kind_check" CHECK ("kind" IN ('amend', 'withdraw'))
);
--> statement-breakpoint
CREATE INDEX "census_package_amendments_package_idx" ON "census_package_amendments" USING btree ("package_id", "at");
--> statement-breakpoint
CREATE INDEX "census_package_amendments_case_idx" ON "census_package_amendments" USING btree ("case_id");
--> statement-breakpoint
ALTER TABLE "census_packages" ADD COLUMN "needs_resubmission" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE "census_package_versions" (
	"package_id" uuid NOT NULL REFERENCES "census_packages"("id") ON DELETE CASCADE,
	"version" integer NOT NULL,
	"file_name" text NOT NULL,
	"sha256" text NOT NULL,
	"size" integer NOT NULL,
	"built_at" timestamp with time zone NOT NULL,
	"built_by_username" text,
	"upload_id" text,
	"sent_at" timestamp with time zone,
	"superseded_at" timestamp with time zone,
	"changes" jsonb DEFAULT '{"added":[],"amended":[],"withdrawn":[]}'::jsonb NOT NULL,
	CONSTRAINT "census_package_versions_pkey" PRIMARY KEY ("package_id", "version")
);
--> statement-breakpoint
-- The packages built before: their current version is the one version known.
INSERT INTO "census_package_versions" ("package_id", "version", "file_name", "sha256", "size", "built_at", "built_by_username", "upload_id", "sent_at")
SELECT "id", "version", "file_name", "sha256", "size", coalesce("built_at", "created_at"), "built_by_username", "upload_id", "sent_at"
FROM "census_packages" WHERE "file_name" IS NOT NULL AND "sha256" IS NOT NULL AND "size" IS NOT NULL;
