-- Idempotent creates (issue 32): a create sent with an Idempotency-Key header writes one row here in
-- its own transaction. A replay of the same request (same user, key, operation and body) answers the
-- record the first one made; the same key with another request is refused. The row is reserved first
-- (INSERT ... ON CONFLICT DO NOTHING), so two copies arriving together wait for each other instead of
-- both creating. It holds ids and a hash only, no patient data.
CREATE TABLE "idempotent_requests" (
  "user_id" uuid NOT NULL,
  "key" text NOT NULL,
  "operation" text NOT NULL,
  "request_hash" text NOT NULL,
  "entity_id" uuid,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "idempotent_requests_pkey" PRIMARY KEY ("user_id", "key")
);
--> statement-breakpoint
CREATE INDEX "idempotent_requests_created_at_idx" ON "idempotent_requests" ("created_at");
