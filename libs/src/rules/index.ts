/**
 * Case-form dependencies and visibility (SPEC.md §4).
 *
 * - `applyCaseChange(form, patch, { patientBirthDate })`: the one dependency function; with an
 *   empty patch it normalises a saved form. `normalizeCaseForm` is its normalisation step.
 * - Section predicates: `isDeliverySectionShown`, `isNormalDeliveryVariant`, `isPostpartumVariant`,
 *   `isPregnancyComplicationsShown`, `isGyneSectionShown`, `isObProceduresShown`, `isNeonatalShown`.
 * - Field predicates: `isDeliveredQuestionShown`, `isDeliveryMannerShown`, `allowedDeliveryManners(form)`,
 *   `isCaesareanDetailShown(manner)`, `areIndicationsShown(manner)`, `isSecondTwinShown`,
 *   `isCauseOfDeathShown(infant)`, `isAnomalyOthersShown(infant)`, `isDeathReviewedShown`,
 *   `areMigsBoxesShown(choice)`, `isInfantNumberInputShown`, `isMorbiditiesShown`, and the table
 *   `CASE_FIELD_VISIBILITY` / `isFieldShown(field, form)` for every conditional field.
 * - Case state: `caseStatus`, `caseActions` (title-bar buttons), `isAdmitted`, `submissionCaseTypes`;
 *   corrections after submission (issue 30): the Amending status, `caseActionRefusal` (the rule's
 *   words for a refused action) and `amendmentReasonError` (a reason of a few words).
 * - Roles and users (issue 27): `roleChangeRefusal`, `mayChangeRole`, `mayToggleRoleFeature`,
 *   `mayAdministerRole`, `userChangeRefusal` and their words.
 * - A case's history (issues 30, 31): `describeCaseHistoryEntry` (a history row in words, with the
 *   reason, the query's message and the changed fields labelled by `fieldMeta`).
 */
export * from './case-visibility.rules.js';
export * from './field-visibility.rules.js';
export * from './case-dependencies.rules.js';
export * from './case-actions.rules.js';
export * from './implied-answers.rules.js';
export * from './roles.rules.js';
export * from './case-history.rules.js';
