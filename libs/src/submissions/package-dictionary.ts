import type { FieldError } from '../api/common.js';
import { type CodeTable, isCode } from '../enums/code-table.js';
import { SUBMISSION_CASE_TYPES } from '../enums/case-type.enum.js';
import type { LookupEntry } from '../lookups/lookup-entry.js';
import { findLookupEntry } from '../lookups/lookup-label.js';
import { DATA_DICTIONARY, type FieldDefinition } from './data-dictionary.js';

/** Fields that name a patient or date her care: a package carrying any of them is refused, with this reason. */
export const IDENTIFYING_FIELDS = [
  'firstName', 'middleName', 'lastName', 'birthDate', 'patientid', 'patientId', 'caseNum', 'avatar', 'room', 'admissionDate',
  'dischargeDate', 'deliveryDate',
];

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const HEX_64 = /^[0-9a-f]{64}$/;

function isLookup(codes: CodeTable | readonly LookupEntry[]): codes is readonly LookupEntry[] {
  return codes.length > 0 && 'name' in codes[0];
}

function isCodeOf(codes: CodeTable | readonly LookupEntry[], value: unknown): boolean {
  return isLookup(codes) ? findLookupEntry(codes, value) !== undefined : isCode(codes, value);
}

/** What is wrong with one value against its definition, in words; null when it is right. */
function problemOf(name: string, definition: FieldDefinition, value: unknown): string | null {
  if (value === null || value === undefined) return definition.required ? `${name} is required` : null;
  switch (definition.type) {
    case 'id':
      return typeof value === 'string' && value.length > 0 && value.length <= 64 ? null : `${name} must be a text id of 1 to 64 characters`;
    case 'key':
      return typeof value === 'string' && HEX_64.test(value) ? null : `${name} must be a keyed hash (64 hexadecimal digits)`;
    case 'integer': {
      const [min, max] = definition.range ?? [0, Number.MAX_SAFE_INTEGER];
      return Number.isInteger(value) && (value as number) >= min && (value as number) <= max ? null : `${name} must be a whole number from ${min} to ${max}`;
    }
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? null : `${name} must be a number from 0`;
    case 'days':
      return Number.isInteger(value) ? null : `${name} must be a whole number of days`;
    case 'boolean':
      return typeof value === 'boolean' ? null : `${name} must be true or false`;
    case 'month':
      return typeof value === 'string' && MONTH.test(value) ? null : `${name} must be a month YYYY-MM: no day of care leaves the department`;
    case 'text':
      return typeof value === 'string' && value.length <= 2000 ? null : `${name} must be a text of at most 2000 characters`;
    case 'code':
      return definition.codes && !isCodeOf(definition.codes, value) ? `${String(value)} is not a code of the data dictionary for ${name}` : null;
    case 'codes': {
      if (!Array.isArray(value)) return `${name} must be a list of codes`;
      const wrong = value.find((item) => definition.codes && !isCodeOf(definition.codes, item));
      return wrong === undefined ? null : `${String(wrong)} is not a code of the data dictionary for ${name}`;
    }
    case 'caseTypes':
      return Array.isArray(value) && value.every((t) => (SUBMISSION_CASE_TYPES as readonly unknown[]).includes(t))
        ? null
        : `${name} must list only ${SUBMISSION_CASE_TYPES.join(', ')}`;
    case 'records':
      return Array.isArray(value) ? null : `${name} must be a list`;
    case 'value':
      return definition.values?.includes(value as string | number) ? null : `${String(value)} is not a value of the data dictionary for ${name}`;
  }
}

/**
 * Checks a record against a dictionary: every field it names, every field it holds is one of them
 * (an identifier is named as such), and each value right for its type. Errors are named `at(field)`.
 */
function checkRecord(record: Record<string, unknown>, dictionary: Readonly<Record<string, FieldDefinition>>, at: (field: string) => string, errors: FieldError[]): void {
  for (const field of Object.keys(record)) {
    if (field in dictionary) continue;
    const message = IDENTIFYING_FIELDS.includes(field)
      ? `${field} identifies a patient or dates her care and must not leave the department`
      : `${field} is not a field of the data dictionary`;
    errors.push({ field: at(field), message });
  }
  for (const [field, definition] of Object.entries(dictionary)) {
    const value = record[field];
    const problem = problemOf(field, definition, value);
    if (problem) {
      errors.push({ field: at(field), message: problem });
    } else if (definition.type === 'records' && definition.items && Array.isArray(value)) {
      value.forEach((item: unknown, i) => {
        const itemAt = (name: string) => at(`${field}[${i}].${name}`);
        if (typeof item !== 'object' || item === null || Array.isArray(item)) errors.push({ field: at(`${field}[${i}]`), message: 'must be a record' });
        else checkRecord(item as Record<string, unknown>, definition.items as Record<string, FieldDefinition>, itemAt, errors);
      });
    }
  }
}

/**
 * The data dictionary check the society's hub runs on every case of a package (DATA_DICTIONARY):
 * only its fields, the identity fields present, each value of its type, every code one of its
 * table. Free-text fields may be absent (the department did not allow them). Each error names the
 * field as `cases[i].field`.
 */
export function validatePackagedCase(value: unknown, index: number): FieldError[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return [{ field: `cases[${index}]`, message: 'A case must be an object' }];
  }
  const errors: FieldError[] = [];
  checkRecord(value as Record<string, unknown>, DATA_DICTIONARY, (field) => `cases[${index}].${field}`, errors);
  return errors;
}
