-- Issue 33: the audit rows of READS and of REFUSED accesses (AuditReadLog) are appended to
-- audit_pending, which has no chain and takes no lock, and the database moves them into the chained
-- audit_log afterwards, in batches, by audit_chain_pending() (one chain lock per batch, not per
-- statement of reads). A read's row is still committed before its answer is sent; only its place in
-- the chain comes later. Changes are audited as before: straight into audit_log, in their own
-- transaction.
--
-- The exposure, exactly: until a pending row is chained (the server chains every few hundred
-- milliseconds after it wrote rows, at start-up, at shutdown, and before anything reads the log), a
-- role that can switch this table's triggers off (its owner, a superuser) can remove or change it
-- without trace. That is the exposure the chain's tail already has: rows removed from the very end
-- of audit_log leave no trace either (audit-chain.ts, verifyChain). The server's own role cannot:
-- it may only insert and read here (README 'Two roles'), and the triggers below refuse an UPDATE, a
-- TRUNCATE and a DELETE that is not the chaining's.
CREATE TABLE "audit_pending" (
  "id" bigint PRIMARY KEY,
  "at" timestamp with time zone NOT NULL,
  "actor_id" uuid,
  "actor_username" text,
  "entity" text NOT NULL,
  "entity_id" text,
  "action" text NOT NULL,
  "changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "ip" text
);
--> statement-breakpoint
CREATE SEQUENCE "audit_pending_id_seq" OWNED BY "audit_pending"."id";
--> statement-breakpoint
-- Whatever an INSERT supplies, a pending row gets the next id of the sequence (the order it is
-- chained in) and the time of its insert: the inserter can neither backdate a row nor choose its place.
CREATE FUNCTION audit_pending_stamp() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.id := nextval('public.audit_pending_id_seq');
  NEW.at := clock_timestamp();
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_pending_stamp BEFORE INSERT ON audit_pending FOR EACH ROW EXECUTE FUNCTION audit_pending_stamp();
--> statement-breakpoint
-- The proof that a statement is the chaining's: a random key that only the tables' owner can read
-- (the server's role is refused it, database.service.ts migrateAsOwner). audit_chain_pending() (run
-- as the owner, SECURITY DEFINER) sets it for the one statement that moves pending rows and clears it
-- before it returns, so no statement of its caller runs while it is set.
CREATE TABLE "audit_chain_key" (
  "id" integer PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
  "key" text NOT NULL
);
--> statement-breakpoint
INSERT INTO "audit_chain_key" ("id", "key") VALUES (1, gen_random_uuid()::text || gen_random_uuid()::text);
--> statement-breakpoint
CREATE FUNCTION audit_chain_key_is_set() RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT coalesce(current_setting('pnss.audit_chain_key', true), '') = k.key FROM audit_chain_key k WHERE k.id = 1
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION audit_chain_key_is_set() FROM PUBLIC;
--> statement-breakpoint
-- A pending row is never updated, never truncated, and deleted only by the chaining, which moves it
-- into audit_log in the same statement.
CREATE FUNCTION audit_pending_guard() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF TG_OP = 'DELETE' AND audit_chain_key_is_set() THEN
    RETURN NULL;
  END IF;
  RAISE EXCEPTION 'audit_pending rows are moved into audit_log by audit_chain_pending() alone: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_pending_guard BEFORE UPDATE OR DELETE OR TRUNCATE ON audit_pending FOR EACH STATEMENT EXECUTE FUNCTION audit_pending_guard();
--> statement-breakpoint
-- The chain's trigger of migration 0013, but for one thing: a row that the chaining moves from
-- audit_pending keeps its time (the time the database gave it as its read was stored, before its
-- answer was sent). The trust argument: the trigger keeps a supplied time only while the chaining's
-- key is set, which only the tables' owner can read; the chaining supplies the pending row's own
-- time, set by audit_pending_stamp. Every other INSERT, whatever it supplies, gets the time of the
-- insert, as before. (The owner can switch the triggers off anyway, so trusting it adds nothing.)
CREATE OR REPLACE FUNCTION audit_log_chain() RETURNS trigger
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
  -- The key's lookup only when a key is set at all (a change's own INSERT never sets one).
  IF coalesce(current_setting('pnss.audit_chain_key', true), '') = '' THEN
    NEW.at := clock_timestamp();
  ELSIF NEW.at IS NULL OR NEW.at > clock_timestamp() OR NOT audit_chain_key_is_set() THEN
    NEW.at := clock_timestamp();
  END IF;
  NEW.hash := encode(sha256(convert_to(previous || pnss_audit_row_text(NEW), 'UTF8')), 'hex');
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- Moves up to `max_rows` pending rows into audit_log, oldest id first, and answers how many: one
-- statement (DELETE ... RETURNING inside INSERT ... SELECT) under the chain's lock, taken first, so
-- two chainers at once wait for each other and leave one chain, and the second sees what the first
-- moved. Nothing pending: it answers 0 without the lock.
CREATE FUNCTION audit_chain_pending(max_rows integer DEFAULT 5000) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  chained integer;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM audit_pending) THEN
    RETURN 0;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('pnss:audit_log_chain'));
  PERFORM set_config('pnss.audit_chain_key', (SELECT k.key FROM audit_chain_key k WHERE k.id = 1), true);
  WITH moved AS (
    DELETE FROM audit_pending p
    WHERE p.id IN (SELECT q.id FROM audit_pending q ORDER BY q.id LIMIT max_rows)
    RETURNING p.*
  )
  INSERT INTO audit_log (id, at, actor_id, actor_username, entity, entity_id, action, changes, ip, hash)
  SELECT NULL, m.at, m.actor_id, m.actor_username, m.entity, m.entity_id, m.action, m.changes, m.ip, NULL
  FROM moved m ORDER BY m.id;
  GET DIAGNOSTICS chained = ROW_COUNT;
  PERFORM set_config('pnss.audit_chain_key', '', true);
  RETURN chained;
END;
$$;
