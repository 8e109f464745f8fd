CREATE TABLE "case_facts_rollup" (
	"dim_a" text NOT NULL,
	"dim_b" text NOT NULL,
	"day" date NOT NULL,
	"seg_a" text NOT NULL,
	"seg_b" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "case_facts_rollup_pk" PRIMARY KEY("dim_a","dim_b","day","seg_a","seg_b")
);
