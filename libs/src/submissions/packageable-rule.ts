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
