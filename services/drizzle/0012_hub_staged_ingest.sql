-- Issue 27 item 2: the hub writes a package's cases in batches while it reads them from the ZIP,
-- instead of holding them all and inserting them in one transaction (a 50 MB package held the
-- embedded database for 44 s). Until the whole package is verified its row is 'receiving': no list
-- shows it, a refusal deletes it with its cases, and a start-up removes what a crash left.
ALTER TABLE "hub_packages" ADD COLUMN "state" text DEFAULT 'received' NOT NULL;
--> statement-breakpoint
ALTER TABLE "hub_packages" ADD CONSTRAINT "hub_packages_state_check" CHECK ("state" IN ('receiving', 'received'));
--> statement-breakpoint
-- Issue 27 item 6: a package whose patient keys or record ids are also in another department's
-- packages is flagged (the numbers and the departments), for the society to look into.
ALTER TABLE "hub_packages" ADD COLUMN "collisions" jsonb;
--> statement-breakpoint
CREATE INDEX "hub_package_cases_case_idx" ON "hub_package_cases" USING btree ("case_id");
