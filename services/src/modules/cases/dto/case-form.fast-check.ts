import { isSaneCalendarDate } from '@pnss/libs/validation';
import type { FastCheck } from '../../../common/validation/fast-check.js';
import { INT32_MAX, isCodeId, isLookupId, lookupIdCount } from '../../../common/validation/field-validators.js';
import { ECHO_TEXT_MAX } from '../../../common/validation/shared-fields.decorators.js';
import { CONFIRMED_FIELD_NAME_MAX, CONFIRMED_WARNINGS_MAX, type FieldSpec } from './case-form.field-specs.js';

/**
 * The fast check of the case form (fast-check.ts), compiled from the same field specs as the
 * decorators of case-form.dto.ts: each spec's decorators, read as one predicate. Stricter where it
 * is simpler (a text's length counts UTF-16 units; a non-empty list of history entries goes to
 * class-validator), never looser: case-form.fast-check.spec.ts holds it to class-validator's answer
 * on thousands of generated bodies.
 */

/** What a field check answers for a value class-validator may refuse. */
const REFUSE = Symbol('refuse');
/** The value as validation hands it on, or REFUSE. */
type FieldCheck = (value: unknown) => unknown;

/** IsOptional: null and undefined pass unchecked. */
const optional = (check: FieldCheck): FieldCheck => (value) => (value === null || value === undefined ? value : check(value));
const when = (test: (value: unknown) => boolean): FieldCheck => (value) => (test(value) ? value : REFUSE);
const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
};
/** A list of at most `max` items, none twice, each passing `item` (IsArray, ArrayMaxSize, IsUniqueList and the list's own check). */
const uniqueList = (max: number, item: (value: unknown) => boolean): FieldCheck =>
  when((value) => Array.isArray(value) && value.length <= max && new Set(value).size === value.length && value.every(item));

function fieldCheck(spec: FieldSpec, nested: { infant: FastCheck; gyneForm: FastCheck }): FieldCheck {
  switch (spec.kind) {
    case 'readOnly':
      return optional(spec.type === 'boolean' ? when((v) => typeof v === 'boolean') : when((v) => typeof v === 'string' && v.length <= ECHO_TEXT_MAX));
    case 'version':
      return optional(when((v) => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= INT32_MAX));
    case 'text':
      return optional((value) => {
        if (typeof value !== 'string') return REFUSE;
        const text = spec.trim ? value.trim() : value;
        return text.length <= spec.max ? text : REFUSE;
      });
    case 'date':
      return optional(when(isSaneCalendarDate));
    case 'boolean': {
      const isBoolean = when((v) => typeof v === 'boolean');
      // Not nullable: only an absent field skips the check (ValidateIf(value !== undefined)).
      return spec.nullable ? optional(isBoolean) : isBoolean;
    }
    case 'number':
      return optional(
        when((v) => typeof v === 'number' && (spec.integer ? Number.isInteger(v) : Number.isFinite(v)) && v >= spec.min && v <= spec.max),
      );
    case 'code':
      return optional(when((v) => isCodeId(spec.table, v)));
    case 'codeList':
      return uniqueList(spec.table.length, (v) => isCodeId(spec.table, v));
    case 'lookup':
      return optional(when((v) => isLookupId(spec.list, spec.level, v)));
    case 'lookupList':
      return uniqueList(lookupIdCount(spec.list), (v) => isLookupId(spec.list, 'any', v));
    case 'entries':
      // Entries have DTOs of their own: a list holding any goes to class-validator.
      return when((v) => Array.isArray(v) && v.length === 0);
    case 'infants':
      return (value) => {
        if (!Array.isArray(value) || value.length > spec.maxItems) return REFUSE;
        const infants = value.map((infant) => nested.infant(infant));
        return infants.every((infant) => infant !== undefined) ? infants : REFUSE;
      };
    case 'gyneForm':
      return optional((value) => nested.gyneForm(value) ?? REFUSE);
  }
}

/**
 * A check of an object whose fields are `specs` and nothing else (whitelist, forbidNonWhitelisted),
 * answering a new object with each field's value as validation hands it on; `extra` checks fields
 * the DTO declares beside its specs.
 */
function compileFieldSpecs(
  specs: Record<string, FieldSpec>,
  nested: { infant: FastCheck; gyneForm: FastCheck },
  extra: Record<string, FieldCheck> = {},
): FastCheck {
  const fields = new Map<string, FieldCheck>(Object.entries(specs).map(([field, spec]) => [field, fieldCheck(spec, nested)]));
  for (const [field, check] of Object.entries(extra)) fields.set(field, check);
  return (body) => {
    if (!isPlainObject(body)) return undefined;
    const checked: Record<string, unknown> = {};
    for (const key of Object.keys(body)) {
      const check = fields.get(key);
      if (!check) return undefined;
      const value = check(body[key]);
      if (value === REFUSE) return undefined;
      checked[key] = value;
    }
    return checked;
  };
}

/** The case form's fast check: CaseFormDto's fields, its infants, its gyne form draft and confirmedWarnings. */
export function compileCaseFormCheck(specs: {
  caseForm: Record<string, FieldSpec>;
  infant: Record<string, FieldSpec>;
  gyneForm: Record<string, FieldSpec>;
}): FastCheck {
  const none: FastCheck = () => undefined;
  const infant = compileFieldSpecs(specs.infant, { infant: none, gyneForm: none });
  const gyneForm = compileFieldSpecs(specs.gyneForm, { infant: none, gyneForm: none });
  return compileFieldSpecs(specs.caseForm, { infant, gyneForm }, {
    // ValidateIf(present), IsArray, ArrayMaxSize, IsString and MaxLength on each.
    confirmedWarnings: when(
      (v) => Array.isArray(v) && v.length <= CONFIRMED_WARNINGS_MAX && v.every((name) => typeof name === 'string' && name.length <= CONFIRMED_FIELD_NAME_MAX),
    ),
  });
}
