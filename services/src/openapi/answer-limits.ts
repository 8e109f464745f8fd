import { ANSWER_SCHEMAS } from '@pnss/libs/contract';
import { ERROR_MESSAGE_MAX, PAGE_SIZE } from '@pnss/libs/api';
import { INFANT_COUNT_MAX } from '@pnss/libs/enums';
import { DEPARTMENT_ID_PATTERN, SUBMISSION_ID_PATTERN } from '@pnss/libs/submissions';
import { ALL_PERMISSIONS } from '@pnss/libs/permissions';
import { AMENDMENT_REASON_MAX_LENGTH } from '@pnss/libs/rules';
import { PHOTO_DATA_URL_MAX_LENGTH, USERNAME_PATTERN } from '@pnss/libs/validation';
import { NAME_MAX } from '../common/validation/field-validators.js';
import { HISTORY_MAX_ENTRIES, OTHERS_TEXT_MAX } from '../common/validation/history-entry.dto.js';
import { textSchemaOf } from './validation-rules.js';

type Json = Record<string, unknown>;

/**
 * The limits of the answers' text and lists (issue 15: every string has a maxLength, every list a
 * maxItems). The answers' shapes come from the @pnss/libs types; their limits are the same ones the
 * validators apply to what is stored, taken here by field name from the same constants, or, for the
 * case form and the patient, copied from the request schemas the validators describe. A field the
 * API never takes as input (an id, a timestamp, a server message) has the limit of what the server
 * makes.
 */

const ID: Json = { format: 'uuid', maxLength: 36 };
const name: Json = { maxLength: NAME_MAX };
const label: Json = { maxLength: 200 };
const code: Json = { maxLength: 64, pattern: '^[A-Za-z0-9_.-]*$' };
const message: Json = { maxLength: ERROR_MESSAGE_MAX };
const instant: Json = { format: 'date-time', maxLength: 30 };
const version: Json = { maxLength: 32, pattern: '^\\d+\\.\\d+\\.\\d+' };
/** A PNG, JPEG or WebP data URL of at most PHOTO_MAX_BYTES: base64 is 4 characters per 3 bytes. */
const photo: Json = { maxLength: PHOTO_DATA_URL_MAX_LENGTH, pattern: '^data:image/(png|jpeg|webp);base64,' };
const submissionId: Json = textSchemaOf(SUBMISSION_ID_PATTERN);

/** By field name, wherever it appears in an answer. */
const STRING_LIMITS: Record<string, Json> = {
  /** Record ids are UUIDs; audit rows and report categories have ids of their own. */
  _id: { maxLength: 36, pattern: '^[0-9A-Za-z-]+$' }, Id: ID, caseid: ID, caseIds: ID, patientid: ID, actorId: ID, keyid: ID,
  entityId: { maxLength: 200 },
  firstName: name, middleName: name, lastName: name, firstname: name, lastname: name,
  username: { maxLength: 64, pattern: USERNAME_PATTERN.source },
  actorUsername: { maxLength: 64 }, createdBy: { maxLength: 64 }, builtBy: { maxLength: 64 },
  role: { maxLength: 100 }, roleName: { maxLength: 100 },
  avatar: photo, photo,
  caseNum: { maxLength: 50 }, caseNums: { maxLength: 50 },
  submissionId, uploadId: { maxLength: 64 }, uploadid: { maxLength: 64 },
  departmentId: textSchemaOf(DEPARTMENT_ID_PATTERN),
  fileName: { maxLength: 200, pattern: '^[A-Za-z0-9_.-]*$' },
  sha256: { maxLength: 64, pattern: '^[0-9a-f]{64}$' },
  prefix: { maxLength: 16 },
  token: { maxLength: 4096 },
  url: { format: 'uri-reference', maxLength: 2048 }, updateUrl: { format: 'uri', maxLength: 2048 },
  currVersion: version, siteVersion: version, version, dataDictionaryVersion: { maxLength: 32 },
  at: instant, createdAt: instant, updatedAt: instant,
  birthDate: { format: 'date', maxLength: 10 }, from: { maxLength: 30 }, to: { maxLength: 30 },
  entity: code, action: code, key: code, name: label, field: { maxLength: 200 }, section: label, service: label,
  label, title: label, prompt: label, counts: { maxLength: 500 }, rule: { maxLength: 500 }, status: code, verification: { maxLength: 2000 },
  message, error: message, lastError: message, rebuildNotice: message, correction: message,
  // Issue 30: a correction's reason and who made it; a version's changes are case numbers (department) or record keys (hub).
  amendmentRefusal: message, reason: { maxLength: AMENDMENT_REASON_MAX_LENGTH }, caseId: ID, by: { maxLength: 64 },
  amendingCases: { maxLength: 50 }, added: { maxLength: 50 }, amended: { maxLength: 50 }, withdrawn: { maxLength: 50 },
  ip: { maxLength: 45 },
  others: { maxLength: OTHERS_TEXT_MAX }, othersField: { maxLength: OTHERS_TEXT_MAX },
  openQueryFields: { maxLength: 200 },
};

/** Lists by field name; `items` of a page hold at most a page. */
const ARRAY_LIMITS: Record<string, number> = {
  items: PAGE_SIZE, result: PAGE_SIZE, permissions: ALL_PERMISSIONS.length, rolePermissions: ALL_PERMISSIONS.length,
  changes: 500, errors: 500, medicalHistory: HISTORY_MAX_ENTRIES, obstetricHistory: HISTORY_MAX_ENTRIES,
  neonatal: INFANT_COUNT_MAX, cases: 1000, segments: 500, crosssegments: 500, rows: 500, charts: 50, counts: 500,
  missing: 500, approved: PAGE_SIZE, caseIds: PAGE_SIZE, conditions: 1000, caseNums: 1000,
  amendments: 5000, amendingCases: 5000, versions: 10_000, added: 5000, amended: 5000, withdrawn: 5000,
};

/** Answers that are lists at their top: at most a page, or the whole of a short reference list. */
const LIST_ANSWER_LIMITS: Record<string, number> = {
  RoleNameList: 100, RoleFeatureList: ALL_PERMISSIONS.length, RoleList: 100, CategoryList: 100, CategoryEntries: 1000,
  CaseFormList: 1000, HubApiKeyList: 10_000, ReportCategoryList: 100,
};

/** Answers whose fields are the request fields of a DTO: they take that DTO's limits. */
const SAME_AS_REQUEST: Record<string, string> = {
  CaseForm: 'CaseFormDto', Infant: 'InfantDto', GyneFormDraft: 'GyneFormDraftDto', HistoryEntry: 'HistoryEntryDto',
  GyneDiagnosisEntry: 'GyneDiagnosisEntryDto', Patient: 'PatientDto',
};

/**
 * Only the limits of text and lists: a stored number or code may predate a plausibility limit or a
 * code table (the close-case check names such values), so an answer never promises their ranges.
 */
const LIMIT_KEYWORDS = ['maxLength', 'pattern', 'format', 'maxItems'] as const;

/** Adds the limits to the generated answer schemas in `schemas` (the document's components). */
export function applyAnswerLimits(schemas: Record<string, Json>): void {
  for (const [answer, request] of Object.entries(SAME_AS_REQUEST)) {
    copyLimits(schemas[answer], schemas[request]);
  }
  for (const answer of Object.keys(ANSWER_SCHEMAS as Record<string, Json>)) {
    const schema = schemas[answer];
    if (!schema) continue;
    if (schema.type === 'array' && schema.maxItems === undefined && LIST_ANSWER_LIMITS[answer] !== undefined) {
      schema.maxItems = LIST_ANSWER_LIMITS[answer];
    }
    limitFields(schema, undefined);
  }
}

function copyLimits(answer: Json | undefined, request: Json | undefined): void {
  const answerProperties = answer?.properties as Record<string, Json> | undefined;
  const requestProperties = request?.properties as Record<string, Json> | undefined;
  if (!answerProperties || !requestProperties) return;
  for (const [field, schema] of Object.entries(answerProperties)) {
    const source = requestProperties[field];
    if (!source || source.type !== schema.type) continue;
    for (const keyword of LIMIT_KEYWORDS) {
      if (schema[keyword] === undefined && source[keyword] !== undefined) schema[keyword] = source[keyword];
    }
    const items = schema.items as Json | undefined;
    const sourceItems = source.items as Json | undefined;
    if (items && sourceItems && !items.$ref) {
      for (const keyword of LIMIT_KEYWORDS) {
        if (items[keyword] === undefined && sourceItems[keyword] !== undefined) items[keyword] = sourceItems[keyword];
      }
    }
  }
}

function limitFields(schema: Json, field: string | undefined): void {
  if (!schema || typeof schema !== 'object') return;
  const isString = schema.type === 'string' || (Array.isArray(schema.anyOf) && false);
  if (isString && field && schema.maxLength === undefined && schema.enum === undefined) {
    const limits = STRING_LIMITS[field];
    if (limits) for (const [keyword, value] of Object.entries(limits)) schema[keyword] ??= value;
  }
  if (schema.type === 'array' && field && schema.maxItems === undefined && ARRAY_LIMITS[field] !== undefined) {
    schema.maxItems = ARRAY_LIMITS[field];
  }
  for (const [child, childSchema] of Object.entries((schema.properties as Record<string, Json> | undefined) ?? {})) {
    limitFields(childSchema, child);
  }
  if (schema.items && typeof schema.items === 'object') limitFields(schema.items as Json, field);
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    for (const child of (schema[key] as Json[] | undefined) ?? []) limitFields(child, field);
  }
}
