-- The completeness grid at five years (issue 29 "Scale"): which package covers each department's
-- month, kept instead of worked out at every call. national_coverage holds a row per department and
-- month that a package covers: the counted version of a submission ('counted', national_submissions)
-- or, when no counted package covers the month, a held one ('held', national_ingest), with the
-- submission, its version, when that version and when the submission's first version reached the hub
-- ('late' is measured from the first). A month no row holds is missing. Where several counted packages
-- cover a month, the highest version counts it, then the one received last, then the submission id.
--
-- Kept by statement triggers on the three tables it is read from (hub_packages, national_submissions,
-- national_ingest), in the transaction of the change, so no writer can forget it: the ingest that
-- counts a submission or a rebuild, a package received or superseded, a package held or queued again,
-- a change made by hand. A trigger counts again only the departments whose rows changed what the grid
-- reads, each under the department's advisory lock (the ingest's lock, `national:<department>`), so two
-- transactions counting one department's months again follow one another and the second reads the
-- first's rows. Backfilled here from the data already held.
CREATE TABLE "national_coverage" (
	"month" text NOT NULL,
	"department_id" text NOT NULL,
	"state" text NOT NULL CHECK ("state" IN ('counted', 'held')),
	"submission_id" text NOT NULL,
	"version" integer NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"first_received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "national_coverage_pk" PRIMARY KEY ("month", "department_id")
);
--> statement-breakpoint
CREATE INDEX "national_coverage_department_idx" ON "national_coverage" USING btree ("department_id", "month");
--> statement-breakpoint
CREATE FUNCTION pnss_national_coverage_refresh(departments text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	department text;
BEGIN
	IF coalesce(cardinality(departments), 0) = 0 THEN
		RETURN;
	END IF;
	-- In one order, so that two transactions taking several departments never wait on each other in a circle.
	FOR department IN SELECT DISTINCT d FROM unnest(departments) AS d WHERE d IS NOT NULL ORDER BY 1 LOOP
		PERFORM pg_advisory_xact_lock(hashtext('national:' || department));
	END LOOP;
	DELETE FROM national_coverage WHERE department_id = ANY (departments);
	INSERT INTO national_coverage (month, department_id, state, submission_id, version, received_at, first_received_at)
	SELECT DISTINCT ON (p.department_id, m.month) m.month, p.department_id, p.state, p.submission_id, p.version, p.received_at, f.first_received_at
	FROM (
		SELECT hp.department_id, hp.submission_id, hp.version, hp.start_date, hp.end_date, hp.received_at, 'counted' AS state
		FROM national_submissions s JOIN hub_packages hp ON hp.id = s.hub_package_id
		WHERE hp.department_id = ANY (departments)
		UNION ALL
		SELECT hp.department_id, hp.submission_id, hp.version, hp.start_date, hp.end_date, hp.received_at, 'held'
		FROM national_ingest i JOIN hub_packages hp ON hp.id = i.hub_package_id
		WHERE i.state = 'held' AND hp.department_id = ANY (departments)
	) p
	JOIN (
		SELECT department_id, submission_id, min(received_at) AS first_received_at FROM hub_packages
		WHERE state = 'received' AND department_id = ANY (departments) GROUP BY 1, 2
	) f ON f.department_id = p.department_id AND f.submission_id = p.submission_id
	CROSS JOIN LATERAL (
		SELECT to_char(g, 'YYYY-MM') AS month
		FROM generate_series(date_trunc('month', p.start_date::timestamp), date_trunc('month', p.end_date::timestamp), interval '1 month') AS g
	) m
	ORDER BY p.department_id, m.month, p.state = 'counted' DESC, p.version DESC, p.received_at DESC, p.submission_id;
END $$;
--> statement-breakpoint
-- Each table's trigger passes the departments whose rows, as the grid reads them, differ before and
-- after the statement (what the grid reads of a row, compared both ways); no department when nothing
-- it reads changed (a package being received, an ingest begun, a key touched).
-- hub_packages: a received package's submission, version, dates or arrival (the first arrival makes 'late').
CREATE FUNCTION pnss_national_coverage_hub_packages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM pnss_national_coverage_refresh(ARRAY(SELECT DISTINCT department_id FROM new_rows WHERE state = 'received'));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM pnss_national_coverage_refresh(ARRAY(SELECT DISTINCT department_id FROM old_rows WHERE state = 'received'));
	ELSE
		PERFORM pnss_national_coverage_refresh(ARRAY(
			WITH o AS (SELECT id, department_id, submission_id, version, start_date, end_date, received_at FROM old_rows WHERE state = 'received'),
			     n AS (SELECT id, department_id, submission_id, version, start_date, end_date, received_at FROM new_rows WHERE state = 'received')
			SELECT department_id FROM (SELECT * FROM o EXCEPT SELECT * FROM n) gone
			UNION SELECT department_id FROM (SELECT * FROM n EXCEPT SELECT * FROM o) came));
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- national_submissions: the version of a submission counted.
CREATE FUNCTION pnss_national_coverage_submissions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM pnss_national_coverage_refresh(ARRAY(SELECT DISTINCT department_id FROM new_rows));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM pnss_national_coverage_refresh(ARRAY(SELECT DISTINCT department_id FROM old_rows));
	ELSE
		PERFORM pnss_national_coverage_refresh(ARRAY(
			WITH o AS (SELECT department_id, submission_id, hub_package_id FROM old_rows),
			     n AS (SELECT department_id, submission_id, hub_package_id FROM new_rows)
			SELECT department_id FROM (SELECT * FROM o EXCEPT SELECT * FROM n) gone
			UNION SELECT department_id FROM (SELECT * FROM n EXCEPT SELECT * FROM o) came));
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- national_ingest: a package held, or no longer held.
CREATE FUNCTION pnss_national_coverage_ingest() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM pnss_national_coverage_refresh(ARRAY(SELECT DISTINCT department_id FROM new_rows WHERE state = 'held'));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM pnss_national_coverage_refresh(ARRAY(SELECT DISTINCT department_id FROM old_rows WHERE state = 'held'));
	ELSE
		PERFORM pnss_national_coverage_refresh(ARRAY(
			WITH o AS (SELECT hub_package_id, department_id FROM old_rows WHERE state = 'held'),
			     n AS (SELECT hub_package_id, department_id FROM new_rows WHERE state = 'held')
			SELECT department_id FROM (SELECT * FROM o EXCEPT SELECT * FROM n) gone
			UNION SELECT department_id FROM (SELECT * FROM n EXCEPT SELECT * FROM o) came));
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- A TRUNCATE (a bench's reset): every department's months counted again.
CREATE FUNCTION pnss_national_coverage_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pnss_national_coverage_refresh(ARRAY(
		SELECT department_id FROM national_coverage UNION SELECT department_id FROM hub_packages
		UNION SELECT department_id FROM national_submissions UNION SELECT department_id FROM national_ingest));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "hub_packages_coverage_insert" AFTER INSERT ON "hub_packages" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION pnss_national_coverage_hub_packages();
--> statement-breakpoint
CREATE TRIGGER "hub_packages_coverage_update" AFTER UPDATE ON "hub_packages" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION pnss_national_coverage_hub_packages();
--> statement-breakpoint
CREATE TRIGGER "hub_packages_coverage_delete" AFTER DELETE ON "hub_packages" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION pnss_national_coverage_hub_packages();
--> statement-breakpoint
CREATE TRIGGER "national_submissions_coverage_insert" AFTER INSERT ON "national_submissions" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION pnss_national_coverage_submissions();
--> statement-breakpoint
CREATE TRIGGER "national_submissions_coverage_update" AFTER UPDATE ON "national_submissions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION pnss_national_coverage_submissions();
--> statement-breakpoint
CREATE TRIGGER "national_submissions_coverage_delete" AFTER DELETE ON "national_submissions" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION pnss_national_coverage_submissions();
--> statement-breakpoint
CREATE TRIGGER "national_ingest_coverage_insert" AFTER INSERT ON "national_ingest" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION pnss_national_coverage_ingest();
--> statement-breakpoint
CREATE TRIGGER "national_ingest_coverage_update" AFTER UPDATE ON "national_ingest" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION pnss_national_coverage_ingest();
--> statement-breakpoint
CREATE TRIGGER "national_ingest_coverage_delete" AFTER DELETE ON "national_ingest" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION pnss_national_coverage_ingest();
--> statement-breakpoint
CREATE TRIGGER "hub_packages_coverage_truncate" AFTER TRUNCATE ON "hub_packages" FOR EACH STATEMENT EXECUTE FUNCTION pnss_national_coverage_truncate();
--> statement-breakpoint
CREATE TRIGGER "national_submissions_coverage_truncate" AFTER TRUNCATE ON "national_submissions" FOR EACH STATEMENT EXECUTE FUNCTION pnss_national_coverage_truncate();
--> statement-breakpoint
CREATE TRIGGER "national_ingest_coverage_truncate" AFTER TRUNCATE ON "national_ingest" FOR EACH STATEMENT EXECUTE FUNCTION pnss_national_coverage_truncate();
--> statement-breakpoint
-- The generation's triggers (migration 0028) on the coverage too: a change by hand to it is a change of what the grid reads.
CREATE CONSTRAINT TRIGGER "national_coverage_generation" AFTER INSERT OR UPDATE OR DELETE ON "national_coverage"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pnss_national_generation_bump();
--> statement-breakpoint
CREATE TRIGGER "national_coverage_generation_truncate" AFTER TRUNCATE ON "national_coverage" FOR EACH STATEMENT EXECUTE FUNCTION pnss_national_generation_bump_now();
--> statement-breakpoint
SELECT pnss_national_coverage_refresh(ARRAY(SELECT DISTINCT department_id FROM hub_packages));
--> statement-breakpoint
-- The planner counts its rows from the start (the views read it at once; autovacuum would analyze it later).
ANALYZE "national_coverage";
