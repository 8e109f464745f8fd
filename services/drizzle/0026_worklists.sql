-- The worklists of issue 31, each a filter of the cases list in its order (created_at desc, id desc).
-- A user's own cases (my open cases, failing the close rules, queries for me to answer): walked by
-- their creator in the list's order. The closed cases ready to approve: the department's closed,
-- unarchived cases in no package, in the list's order (the anti-joins on approvals, packages being
-- built and queries not closed probe their primary keys, census_package_cases_case_key and field_queries_case_idx).
CREATE INDEX IF NOT EXISTS "patient_cases_creator_list_idx" ON "patient_cases" USING btree ("created_by", "created_at" DESC, "id" DESC) WHERE NOT "is_archived";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "patient_cases_approvable_list_idx" ON "patient_cases" USING btree ("created_at" DESC, "id" DESC) WHERE "is_close" AND NOT "is_archived" AND "submission_id" IS NULL;
