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

/** Reply of GET /api/submissions/cases/closed (SPEC.md §7: result, count, offset). */
export interface ClosedCasesResponse<T extends ClosedCaseBase = ClosedCaseBase> {
  result: T[];
  count: number;
  offset: number;
}

/** Body of POST /api/submissions/cases/create. */
export interface CreatePackageRequest {
  selectedCases: string[];
}

/** SPEC.md §4 census package status: pending, submitted, and Sending, Sent, Failed during upload. */
export type CensusPackageStatus = 'pending' | 'building' | 'submitted' | 'Sending' | 'Sent' | 'Failed';

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
  createdAt?: IsoDateTime;
  /** 0-100 while a build runs. */
  progress?: number;
  uploadId?: string | null;
  sha256?: string | null;
}

export interface RebuildPackageRequest {
  submissionid: string;
  filename: string;
}

export interface SubmitPackageRequest {
  submissionid: string;
}

export interface SubmitPackageResponse {
  uploadid: string;
  message?: string;
}

/** A case listed inside a package (GET /api/submissions/cases/packaged/:submissionid). */
export interface PackagedCaseItem {
  _id: string;
  caseNum: string;
  patientid: ClosedCasePatient;
  admissionDate: IsoDate | null;
  dischargeDate: IsoDate | null;
}
