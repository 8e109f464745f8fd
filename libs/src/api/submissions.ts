import type { SubmissionCaseType } from '../enums/case-type.enum.js';
import type { IsoDate, IsoDateTime } from './case-form.js';

export type { SubmissionCaseType };

/** The patient as a closed-case list item carries it. */
export interface ClosedCasePatient {
  _id: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  avatar?: string | null;
  birthDate?: IsoDate | null;
}

/** SPEC.md §3 Closed-case list item: the fields every type shares. */
export interface ClosedCaseBase {
  _id: string;
  caseNum: string;
  admissionDate: IsoDate | null;
  dischargeDate: IsoDate | null;
  patientid: ClosedCasePatient;
  approved?: boolean;
  submissionId?: string | null;
  /**
   * What changed in the case after it was closed because its patient's record was corrected (a new
   * birth date gives a new age on admission), in words; null when nothing did.
   */
  correction?: string | null;
}

export interface MaternalFetalCaseItem extends ClosedCaseBase {
  caseType: 'maternalfetalcase';
  pregnancyType: number | null;
  deliveryManner: number | null;
  motherCondition: number | null;
  infantsNumber: number | null;
  livebirthCount: number;
}

export interface GyneCaseItem extends ClosedCaseBase {
  caseType: 'gynecase';
  gyneOrgan: number | null;
  organCondition: number | null;
}

export interface MaternalMortalityCaseItem extends ClosedCaseBase {
  caseType: 'maternalmortalitycase';
  antecedentCause: number | null;
  immediateCause: number | null;
}

export interface GtdCaseItem extends ClosedCaseBase {
  caseType: 'gtdcase';
  gtdDiagnosis: number | null;
  gtdComplication: number | null;
}

export type ClosedCaseItem = MaternalFetalCaseItem | GyneCaseItem | MaternalMortalityCaseItem | GtdCaseItem;

/** Which review lists a case appears in (CASE_TYPE_RULE: a case may be in several). */
export interface ClosedCaseTypes {
  /** The list the item was read from; on the all-cases list, the first of the case's own types. */
  caseType: SubmissionCaseType;
  /**
   * Every list the case appears in.
   * @maxItems 4
   */
  caseTypes: SubmissionCaseType[];
}

type TypeColumns<T extends ClosedCaseBase> = Omit<T, keyof ClosedCaseBase | 'caseType'>;

/**
 * An item of the review lists as the API answers it: the shared fields, its type, and every type's
 * columns (the all-cases list shows whichever columns the reviewer's filter asks for).
 */
export type ClosedCaseListItem = ClosedCaseBase & ClosedCaseTypes & TypeColumns<MaternalFetalCaseItem> &
  TypeColumns<GyneCaseItem> & TypeColumns<MaternalMortalityCaseItem> & TypeColumns<GtdCaseItem>;

/** Reply of GET /api/submissions/cases/closed (SPEC.md §7: result, count, offset). */
export interface ClosedCasesResponse<T extends ClosedCaseBase = ClosedCaseBase> {
  result: T[];
  count: number;
  offset: number;
}

/**
 * SPEC.md §4 census package status: pending (built, not sent), and Sending, Sent, Failed during upload;
 * `building` while its first build runs and `buildfailed` when that build could not finish (its
 * cases stay unpackaged). `submitted` is kept for packages of the old system.
 */
export type CensusPackageStatus = 'pending' | 'building' | 'buildfailed' | 'submitted' | 'Sending' | 'Sent' | 'Failed';

/** SPEC.md §3 Census package (submission). */
export interface CensusPackage {
  _id: string;
  /** The submission id shown and searched in the Census tab. */
  submissionId: string;
  startDate: IsoDate;
  endDate: IsoDate;
  numOfCases: number;
  version: number;
  status: CensusPackageStatus;
  fileName: string;
  departmentId: string;
  /** When this version of the file was built, and by whom. */
  builtAt: IsoDateTime | null;
  builtBy: string | null;
  createdAt: IsoDateTime;
  /** True while a build (the first or a rebuild) of this package runs. */
  building: boolean;
  /** 0-100: how far the running or last build got. */
  progress: number;
  uploadId: string | null;
  sha256: string | null;
  size: number | null;
  /** Why the last build or submit failed, in words. */
  lastError: string | null;
  sentAt: IsoDateTime | null;
  /** How many of its cases changed after this version was built (a correction of their patient): a rebuild makes the next version. */
  changedCases: number;
  /** Those changes in words, and what to do; null when the version is current. */
  rebuildNotice: string | null;
  /** Issue 30: amended or withdrawn cases not yet in a submitted version (the package needs resubmission). */
  needsResubmission: boolean;
  /** The corrections since the last submitted version: each case amended or withdrawn, why, by whom, when. */
  amendments: PackageAmendment[];
  /** Case numbers reopened for amendment and not closed again: while any is, the package is not submitted. */
  amendingCases: string[];
  /** Why Submit (and Rebuild) is refused now because of amendments, in words; null when it is not. */
  amendmentRefusal: string | null;
  /** Every built version of the package, newest first; all but the current are superseded and stay downloadable. */
  versions: PackageVersion[];
  /** How the last build or rebuild ended, when and with what; null before one has ended. */
  lastBuild: PackageBuildOutcome | null;
}

/** Issue 30: a case of a submitted package reopened for amendment, or withdrawn from it. */
export interface PackageAmendment {
  caseId: string;
  caseNum: string;
  kind: 'amend' | 'withdraw';
  reason: string;
  by: string | null;
  at: IsoDateTime;
  /** Amend: when the case was closed again (null while it is being amended). */
  closedAt: IsoDateTime | null;
  /** The version that first carries the correction, or null until a rebuild makes it. */
  inVersion: number | null;
}

/** One built version of a census package (issue 30: earlier versions stay downloadable, listed as superseded). */
export interface PackageVersion {
  version: number;
  fileName: string;
  sha256: string;
  size: number;
  builtAt: IsoDateTime;
  builtBy: string | null;
  uploadId: string | null;
  sentAt: IsoDateTime | null;
  /** When a later version replaced it; null for the current version. */
  supersededAt: IsoDateTime | null;
  /** What changed against the version before it, by case number (the department's own records). */
  changes: PackageVersionChanges;
}

export interface PackageVersionChanges {
  added: string[];
  amended: string[];
  withdrawn: string[];
}

/**
 * How a package's last build ended (issue 25 item 11): 'built' made the version (the first build, or a
 * rebuild whose bytes differ: the next version), 'unchanged' was a rebuild that gave the same bytes
 * (the version stays), 'failed' left the package as it was. Said in words by `buildOutcomeText`.
 */
export interface PackageBuildOutcome {
  outcome: 'built' | 'unchanged' | 'failed';
  /** When it ended. */
  at: IsoDateTime;
  /** The package's version after it. */
  version: number;
  /** The version before it; null for the first build. */
  previousVersion: number | null;
  /** The cases whose stored data had changed since the version before was built, by case number. */
  caseNums: string[];
}

/** Reply of GET /api/submissions/census/packages (and /search): the spec's items, count, offset. */
export interface CensusPackagesResponse {
  items: CensusPackage[];
  count: number;
  offset: number;
}

/** Body of PUT /api/submissions/cases/approval: approve or withdraw approval of these cases. */
export interface ApprovalRequest {
  caseIds: string[];
  approved: boolean;
  /** Issue 31: the reviewer saw the cases' data-quality warnings and approves them anyway (recorded in the audit row). */
  warningsConfirmed?: boolean;
}

export interface ApprovalResponse {
  caseIds: string[];
  approved: boolean;
}

/** Reply of POST /api/submissions/download/{id}: a single-use link, valid for a minute. */
export interface DownloadTicket {
  url: string;
  fileName: string;
  expiresAt: IsoDateTime;
}

export interface RebuildPackageRequest {
  submissionid: string;
  filename: string;
}

export interface SubmitPackageResponse {
  uploadid: string;
  message: string;
  package: CensusPackage;
}

/** A case listed inside a package (GET /api/submissions/cases/packaged/:submissionid). */
export interface PackagedCaseItem {
  _id: string;
  caseNum: string;
  patientid: ClosedCasePatient;
  admissionDate: IsoDate | null;
  dischargeDate: IsoDate | null;
}

/** Reply of GET /api/submissions/cases/packaged/:submissionid. */
export interface PackagedCasesResponse {
  result: PackagedCaseItem[];
  count: number;
  offset: number;
}

// The society's hub (HUB_ENABLED): API keys of the departments and the packages received.

export interface HubApiKey {
  _id: string;
  departmentId: string;
  label: string;
  /** The first characters, to tell keys apart; the key itself is shown once, when issued. */
  prefix: string;
  createdAt: IsoDateTime;
  createdBy: string | null;
  revokedAt: IsoDateTime | null;
  lastUsedAt: IsoDateTime | null;
}

export interface IssueHubKeyRequest {
  departmentId: string;
  label?: string;
}

/** The new key in clear, this once. */
export interface IssuedHubKey extends HubApiKey {
  key: string;
}

/** Reply of POST /api/hub/packages. */
export interface HubReceipt {
  uploadid: string;
  message: string;
  /** True when this exact package had been received before: the same upload id answers. */
  duplicate: boolean;
}

export interface HubPackage {
  _id: string;
  uploadId: string;
  departmentId: string;
  submissionId: string;
  version: number;
  fileName: string;
  sha256: string;
  size: number;
  startDate: IsoDate;
  endDate: IsoDate;
  numOfCases: number;
  dataDictionaryVersion: string;
  /** The verification result: every file's SHA-256 matched and every case passed the data dictionary. */
  verification: string;
  receivedAt: IsoDateTime;
  /** Issue 30: when a later version of the same submission replaced this one's cases at the hub; null while current. */
  supersededAt: IsoDateTime | null;
  /** What this version changed against the version it replaced, by record key (never a patient's identity); null for a first version. */
  changes: PackageVersionChanges | null;
}

export interface HubPackagesResponse {
  items: HubPackage[];
  count: number;
  offset: number;
}
