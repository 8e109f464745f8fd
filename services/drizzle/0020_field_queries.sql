-- Queries on a field of a case (issue 31): a reviewer asks about one value, whoever may edit the case
-- answers, the reviewer replies or closes it; a case with a query not closed cannot be approved.
CREATE TABLE "field_queries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL REFERENCES "patient_cases"("id") ON DELETE CASCADE,
	"field" text NOT NULL,
	"status" text NOT NULL,
	"raised_by" uuid,
	"raised_by_username" text,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "field_queries_status_check" CHECK ("status" in ('open', 'answered', 'closed'))
);--> statement-breakpoint
CREATE INDEX "field_queries_case_idx" ON "field_queries" USING btree ("case_id");--> statement-breakpoint
CREATE INDEX "field_queries_open_idx" ON "field_queries" USING btree ("status","raised_by") WHERE "field_queries"."status" <> 'closed';--> statement-breakpoint
CREATE TABLE "field_query_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"query_id" uuid NOT NULL REFERENCES "field_queries"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"by_id" uuid,
	"by_username" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "field_query_messages_query_idx" ON "field_query_messages" USING btree ("query_id","at");
