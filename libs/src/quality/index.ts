/**
 * The data-quality review of a case (issue 31): `caseQuality(form, { today })` (hard errors from the
 * close-case rules, warnings, completeness and a score), the rules `QUALITY_RULES` by id, and the
 * queries on a field (`query.rules.ts`), the denominators of the Data Quality view
 * (`quality-denominators.ts`), and the worklists of what waits for each user
 * (`worklists.rules.ts`: `WORKLISTS`, their definitions in words and conditions).
 */
export * from './quality.rules.js';
export * from './query.rules.js';
export * from './quality-denominators.js';
export * from './worklists.rules.js';
