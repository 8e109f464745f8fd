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
-- The chain's head: the last row's id and hash. One row, locked by each insert until its transaction
-- ends, so concurrent inserts take their ids and hashes one after another, in id order.
CREATE TABLE "audit_chain_head" (
  "id" integer PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
  -- The last row written before the chain began: rows up to it have no hash.
  "chain_from" bigint NOT NULL,
  "last_id" bigint NOT NULL,
  "last_hash" text NOT NULL
);
--> statement-breakpoint
-- The chain starts here: rows written before this migration keep no hash (the verifier says so).
INSERT INTO "audit_chain_head" ("id", "chain_from", "last_id", "last_hash")
SELECT 1, coalesce(max(id), 0), coalesce(max(id), 0), encode(sha256(convert_to('pnss audit chain from ' || coalesce(max(id), 0), 'UTF8')), 'hex')
FROM audit_log;
--> statement-breakpoint
-- Whatever an INSERT supplies (an id with OVERRIDING SYSTEM VALUE, a backdated time, a hash), the
-- row gets the next id of the sequence, the time of the insert and its place in the chain. SECURITY
-- DEFINER: it runs as the tables' owner, so the server's role needs no right on the chain's head.
CREATE FUNCTION audit_log_chain() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  head audit_chain_head%ROWTYPE;
BEGIN
  SELECT * INTO head FROM audit_chain_head WHERE id = 1 FOR UPDATE;
  NEW.id := nextval('audit_log_id_seq');
  NEW.at := clock_timestamp();
  NEW.hash := encode(sha256(convert_to(head.last_hash || pnss_audit_row_text(NEW), 'UTF8')), 'hex');
  UPDATE audit_chain_head SET last_id = NEW.id, last_hash = NEW.hash WHERE id = 1;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_chain();
--> statement-breakpoint
REVOKE ALL ON FUNCTION audit_log_chain() FROM PUBLIC;
