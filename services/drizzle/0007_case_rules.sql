-- The duplicate-patient check (GET /api/patients/duplicates, issue 14 item 3) reads the patients born on one day.
CREATE INDEX IF NOT EXISTS "patients_birth_date_idx" ON "patients" ("birth_date");
