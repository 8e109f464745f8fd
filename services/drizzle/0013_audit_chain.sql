-- Issue 27 item 5: the database, not the server, sets each audit row's id and time, and each row
-- carries a SHA-256 chained to the row before it, so that a row changed, removed or inserted out of
-- place afterwards breaks the chain at that row (npm run audit:verify -w services names it).
--
-- The text a row's hash covers: every column but the hash, as one JSON array (NULLs included, the
-- time in UTC to the microsecond), so the server's verifier and this trigger read it the same way.
CREATE FUNCTION pnss_audit_row_text(r audit_log) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT jsonb_build_array(
    r.id, to_char(r.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), r.actor_id, r.actor_username,
    r.entity, r.entity_id, r.action, r.changes, r.ip)::text
$$;
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text;
--> statement-breakpoint
-- The id is no identity any more (an identity takes its value before the trigger runs, and
-- OVERRIDING SYSTEM VALUE lets any role that may insert choose it): the trigger takes it from the
-- sequence, under the chain's lock, so ids follow the chain with no gap but rolled-back inserts.
ALTER TABLE "audit_log" ALTER COLUMN "id" DROP IDENTITY;
--> statement-breakpoint
CREATE SEQUENCE "audit_log_id_seq" OWNED BY "audit_log"."id";
--> statement-breakpoint
SELECT setval('audit_log_id_seq', coalesce((SELECT max(id) FROM audit_log), 0) + 1, false);
--> statement-breakpoint
-- Where the chain starts: rows written before this migration keep no hash, and the first chained row
-- follows a hash of this id (the verifier says so). Written once, never updated.
CREATE TABLE "audit_chain_start" (
  "id" integer PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
  "chain_from" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "audit_chain_start" ("id", "chain_from") SELECT 1, coalesce(max(id), 0) FROM audit_log;
--> statement-breakpoint
-- Whatever an INSERT supplies (an id with OVERRIDING SYSTEM VALUE, a backdated time, a hash), the
-- row gets the next id of the sequence, the time of the insert and its place in the chain. One
-- transaction at a time appends (an advisory lock held until it ends), so each row follows the row
-- with the id before it, which it reads back (a BEFORE trigger sees the rows its statement inserted
-- before). SECURITY DEFINER: it runs as the tables' owner.
CREATE FUNCTION audit_log_chain() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  previous text;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('pnss:audit_log_chain'));
  SELECT a.hash INTO previous FROM audit_log a ORDER BY a.id DESC LIMIT 1;
  IF previous IS NULL THEN
    SELECT encode(sha256(convert_to('pnss audit chain from ' || s.chain_from, 'UTF8')), 'hex') INTO previous
    FROM audit_chain_start s WHERE s.id = 1;
  END IF;
  NEW.id := nextval('audit_log_id_seq');
  NEW.at := clock_timestamp();
  NEW.hash := encode(sha256(convert_to(previous || pnss_audit_row_text(NEW), 'UTF8')), 'hex');
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_chain();
--> statement-breakpoint
REVOKE ALL ON FUNCTION audit_log_chain() FROM PUBLIC;
