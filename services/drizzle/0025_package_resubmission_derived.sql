-- Whether a census package needs resubmission (issue 30) is derived from its corrections not yet in a
-- submitted version (libs `needsResubmission`), not stored: the stored flag could say 'sent' after a
-- Submit of a version that did not carry a correction closed but not yet rebuilt.
ALTER TABLE "census_packages" DROP COLUMN IF EXISTS "needs_resubmission";
