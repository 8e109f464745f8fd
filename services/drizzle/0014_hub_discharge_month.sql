-- Data dictionary 2026.2 (issue 25 item 8): a census package carries no day of care. A case leaves
-- with the month it was discharged in (the period the reports count it in) and whole-day intervals;
-- its admission, discharge and delivery dates stay at the department. The hub's case rows keep that
-- month instead of the two dates. Rows received before keep their month; the days go. (The packages
-- received before are kept as they came, bytes and all: they are the society's record of what it was sent.)
ALTER TABLE "hub_package_cases" ADD COLUMN "discharge_month" text;--> statement-breakpoint
UPDATE "hub_package_cases" SET "discharge_month" = to_char("discharge_date", 'YYYY-MM') WHERE "discharge_date" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "hub_package_cases" DROP COLUMN "admission_date";--> statement-breakpoint
ALTER TABLE "hub_package_cases" DROP COLUMN "discharge_date";--> statement-breakpoint
ALTER TABLE "hub_package_cases" ADD CONSTRAINT "hub_package_cases_discharge_month_check" CHECK ("discharge_month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$');
