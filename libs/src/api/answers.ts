import type { LoginResponse, SessionUser, User } from './accounts.js';
import type { CaseInfoAnswer, CaseInfoView, CaseListEntry, CaseStateAnswer } from './case-answers.js';
import type { CaseForm } from './case-form.js';
import type { ErrorEnvelope, Paged } from './common.js';
import type { CategoryEntries, CategoryListItem } from './lookups.js';
import type { Patient, PatientCounts, PatientDuplicates, PatientPage } from './patients.js';
import type { AuditEntry, CheckUpdateResponse } from './platform.js';
import type { CaseQualityList, FieldQueriesResponse, FieldQuery, QualitySummary, WorklistCounts, WorklistPage } from './quality.js';
import type { ReportCategory, ReportSummaryAnswer, ReportTableAnswer, RobsonReportAnswer } from './reports.js';
import type { Role, RoleFeature, RoleName } from './roles.js';
import type {
  NationalComparisonAnswer, NationalCompletenessAnswer, NationalDepartmentsAnswer, NationalFiguresAnswer, NationalFunnelAnswer,
  NationalIngestAnswer, NationalIngestRetryAnswer, NationalStandingAnswer,
} from './national.js';
import type {
  ApprovalResponse, CensusPackage, CensusPackagesResponse, ClosedCaseListItem, ClosedCasesResponse, DownloadTicket, HubApiKey,
  HubPackagesResponse, HubReceipt, IssuedHubKey, PackagedCasesResponse, SubmitPackageResponse,
} from './submissions.js';

/** A user as the admin screens read one: with when the account was made and last changed. */
export type UserView = User & { createdAt: string; updatedAt: string };

/** An audit row as the history screens read it: with the address the change came from. */
export type AuditEntryView = AuditEntry & { ip: string | null };

/** An item of GET /api/categories, with when the list last changed. */
export type CategoryListItemView = CategoryListItem & { updatedAt: string };

/** GET /api/health: the server and its database answer. */
export interface HealthResponse {
  status: 'ok';
  database: 'ok';
  version: string;
}

/** The answer of a call that only confirms (sign-out). */
export interface MessageAnswer {
  message: string;
}

/**
 * THE answers of the API, by name (issue 15): each route's success answer is one of these, named in
 * its controller with `@Answer('Name')`, which the compiler checks against what the route returns.
 * `scripts/answer-schemas.mjs` turns this interface into the JSON schemas of the OpenAPI document
 * (`answer-schemas.json`), so an answer is described once, here, and never again by hand.
 */
export interface ApiAnswers {
  ErrorEnvelope: ErrorEnvelope;
  MessageAnswer: MessageAnswer;
  HealthResponse: HealthResponse;
  CheckUpdateResponse: CheckUpdateResponse;
  LoginResponse: LoginResponse;
  SessionUser: SessionUser;
  UserView: UserView;
  UserPage: Paged<UserView>;
  AuditPage: Paged<AuditEntryView>;
  RoleNameList: RoleName[];
  RoleFeatureList: RoleFeature[];
  RoleList: Role[];
  CategoryList: CategoryListItemView[];
  CategoryEntries: CategoryEntries;
  PatientPage: PatientPage;
  PatientCountsAnswer: Partial<PatientCounts>;
  PatientDuplicates: PatientDuplicates;
  Patient: Patient;
  CaseFormList: CaseForm[];
  CaseForm: CaseForm;
  CaseStateAnswer: CaseStateAnswer;
  CasePage: Paged<CaseListEntry>;
  WorklistPage: WorklistPage;
  WorklistCounts: WorklistCounts;
  CaseInfoView: CaseInfoView;
  CaseInfoAnswer: CaseInfoAnswer;
  ClosedCasesResponse: ClosedCasesResponse<ClosedCaseListItem>;
  PackagedCasesResponse: PackagedCasesResponse;
  ApprovalResponse: ApprovalResponse;
  CensusPackage: CensusPackage;
  CensusPackagesResponse: CensusPackagesResponse;
  SubmitPackageResponse: SubmitPackageResponse;
  DownloadTicket: DownloadTicket;
  HubReceipt: HubReceipt;
  HubPackagesResponse: HubPackagesResponse;
  HubApiKeyList: HubApiKey[];
  HubApiKey: HubApiKey;
  IssuedHubKey: IssuedHubKey;
  ReportCategoryList: ReportCategory[];
  ReportCategoryAnswer: ReportCategory | ReportTableAnswer;
  ReportSummaryAnswer: ReportSummaryAnswer;
  ReportTableAnswer: ReportTableAnswer;
  RobsonReportAnswer: RobsonReportAnswer;
  QualitySummary: QualitySummary;
  CaseQualityList: CaseQualityList;
  FieldQuery: FieldQuery;
  FieldQueriesResponse: FieldQueriesResponse;
  NationalFiguresAnswer: NationalFiguresAnswer;
  NationalFunnelAnswer: NationalFunnelAnswer;
  NationalCompletenessAnswer: NationalCompletenessAnswer;
  NationalDepartmentsAnswer: NationalDepartmentsAnswer;
  NationalIngestAnswer: NationalIngestAnswer;
  NationalIngestRetryAnswer: NationalIngestRetryAnswer;
  NationalStandingAnswer: NationalStandingAnswer;
  NationalComparisonAnswer: NationalComparisonAnswer;
}

export type ApiAnswerName = keyof ApiAnswers;
