-- Sign-in throttling: one row per throttled key ('account:<name>', 'address:<ip>', 'pair:<name>|<ip>').
-- Each attempt locks its rows (SELECT ... FOR UPDATE) and counts itself before the password is
-- checked, so parallel guesses cannot race past a limit.
CREATE TABLE "sign_in_attempts" (
  "key" text PRIMARY KEY NOT NULL,
  "attempts" integer DEFAULT 0 NOT NULL,
  "window_start" timestamp with time zone DEFAULT now() NOT NULL,
  "next_allowed_at" timestamp with time zone,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sign_in_attempts_updated_at_idx" ON "sign_in_attempts" ("updated_at");
