-- Issue 30: a later version of a submission replaces the earlier version's cases at the hub. The
-- earlier version's row and file stay (listed as superseded); its cases leave hub_package_cases in
-- the transaction that completes the later version, so every national figure counts the latest
-- version only. `changes` says what the version changed, by record key (never a patient's identity).
ALTER TABLE "hub_packages" ADD COLUMN "superseded_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "hub_packages" ADD COLUMN "changes" jsonb;
--> statement-breakpoint
CREATE INDEX "hub_packages_submission_idx" ON "hub_packages" USING btree ("department_id", "submission_id", "version");
