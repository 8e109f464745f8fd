import { qualityRuleTitle } from '../quality/quality.rules.js';
import { fieldMeta } from '../validation/field-meta.js';

/** What decides whether a case may go into a census package (or be approved for one). */
export interface PackageableFacts {
  isClose: boolean;
  isArchived: boolean;
  /** A census package carries the case already, or one being built holds it (another package than the one asking). */
  inPackage: boolean;
}

export interface PackageableCondition {
  field: keyof PackageableFacts;
  equals: boolean;
  /** Why a case that fails it is refused, after 'Case <number> '. */
  refusal: string;
}

/**
 * SPEC.md §2, §4: the review lists hold the closed cases, a package is built from approved closed
 * cases, and a case is Submitted once a package carries it. Written once as data: the service asks
 * it of each case it approves, packages or builds, and the repository turns it into the review
 * lists' SQL. The first condition that fails names the refusal.
 */
export const PACKAGEABLE_RULE: readonly PackageableCondition[] = [
  { field: 'isClose', equals: true, refusal: 'is not closed' },
  { field: 'isArchived', equals: false, refusal: 'is archived' },
  { field: 'inPackage', equals: false, refusal: 'is already in a census package' },
];

/** Why the case cannot be packaged, or null when it can. */
export function packageRefusal(facts: PackageableFacts): string | null {
  return PACKAGEABLE_RULE.find((condition) => facts[condition.field] !== condition.equals)?.refusal ?? null;
}

export function isPackageable(facts: PackageableFacts): boolean {
  return packageRefusal(facts) === null;
}

/** What approving a case for a package asks beyond the packageable rule (issue 31). */
export interface ApprovableFacts extends PackageableFacts {
  /** The fields of the case with a query not yet closed (a reviewer's question on a value). */
  openQueryFields: readonly string[];
  /**
   * The data-quality rules the case's review fails (`failedRules` of @pnss/libs/quality: its hard
   * errors and its warnings), by rule id; empty for a clean case.
   */
  qualityRules: readonly string[];
  /** The reviewer was shown the case's data-quality warnings and approves it over them (recorded in the audit). */
  warningsConfirmed: boolean;
}

/**
 * Why a case with open queries cannot be approved, after 'Case <number> ', naming the queried fields
 * by their labels on the case form ('Infant 1: Birth Weight (g)'), not their paths.
 */
export function openQueryRefusal(fields: readonly string[]): string {
  const labels = fields.map((field) => fieldMeta(field).label).join(', ');
  return `has ${fields.length === 1 ? 'an open query' : `${fields.length} open queries`} (${labels}): close ${fields.length === 1 ? 'it' : 'them'} before approving`;
}

/**
 * Why a case with data-quality warnings not confirmed cannot be approved, after 'Case <number> ',
 * naming each rule it fails in the words of the Data Quality view.
 */
export function unconfirmedWarningsRefusal(rules: readonly string[]): string {
  return `has data-quality warnings not confirmed (${rules.map(qualityRuleTitle).join('; ')}): approve it with the warnings confirmed`;
}

/**
 * Approving a case whose review fails any data-quality rule (a hard error or a warning) asks the
 * reviewer to confirm the warnings first (issue 31): the Cases tab asks, the server refuses without it.
 */
export function needsWarningsConfirmation(facts: Pick<ApprovableFacts, 'qualityRules'>): boolean {
  return facts.qualityRules.length > 0;
}

/**
 * Why the case cannot be approved for a package, or null when it can: the packageable rule, then no
 * open query (issue 31: a reviewer's question on a value must be closed before the case leaves),
 * then its data-quality warnings confirmed when it has any.
 */
export function approvalRefusal(facts: ApprovableFacts): string | null {
  const packageable = packageRefusal(facts);
  if (packageable !== null) return packageable;
  if (facts.openQueryFields.length > 0) return openQueryRefusal(facts.openQueryFields);
  if (needsWarningsConfirmation(facts) && !facts.warningsConfirmed) return unconfirmedWarningsRefusal(facts.qualityRules);
  return null;
}
