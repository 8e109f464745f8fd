import { type CodeTable, isCode } from '@pnss/libs/enums';
import { parseCalendarDate } from '@pnss/libs/derived';
import { type LookupEntry, findLookupEntry } from '@pnss/libs/lookups';
import { ValidateBy, type ValidationArguments } from 'class-validator';

/**
 * Property decorators that check a value against the code tables and reference lists of
 * `@pnss/libs`, so a saved record only holds ids those lists know. Each message names the field
 * by the label the form shows.
 */

/** 'YYYY-MM-DD' (a full ISO instant is accepted and read as its UTC date). */
export function IsCalendarDate(label: string): PropertyDecorator {
  return ValidateBy({
    name: 'isCalendarDate',
    validator: {
      validate: (value: unknown) => parseCalendarDate(value) !== null,
      defaultMessage: () => `${label} must be a date (YYYY-MM-DD)`,
    },
  });
}

/** One id of a code table (CASE_FORM_TYPES, DELIVERY_MANNERS...). */
export function IsCode(table: CodeTable, label: string): PropertyDecorator {
  return ValidateBy({
    name: 'isCode',
    validator: {
      validate: (value: unknown) => isCodeId(table, value),
      defaultMessage: () => `${label} is not one of its choices`,
    },
  });
}

/** A list of ids of one code table (pcosSymptoms). */
export function IsCodeList(table: CodeTable, label: string): PropertyDecorator {
  return ValidateBy({
    name: 'isCodeList',
    validator: {
      validate: (value: unknown) => Array.isArray(value) && value.every((v) => isCodeId(table, v)),
      defaultMessage: () => `${label} holds a value that is not one of its choices`,
    },
  });
}

export type LookupLevel = 'category' | 'any';

/** An id of a reference list: a top-level category, or an entry at any depth. */
export function IsLookupId(list: readonly LookupEntry[], level: LookupLevel, label: string): PropertyDecorator {
  return ValidateBy({
    name: 'isLookupId',
    validator: {
      validate: (value: unknown) => isLookupId(list, level, value),
      defaultMessage: () => `${label} is not an entry of its list`,
    },
  });
}

/** A list of ids of a reference list, at any depth (deliveryIndication). */
export function IsLookupIdList(list: readonly LookupEntry[], label: string): PropertyDecorator {
  return ValidateBy({
    name: 'isLookupIdList',
    validator: {
      validate: (value: unknown) => Array.isArray(value) && value.every((v) => isLookupId(list, 'any', v)),
      defaultMessage: () => `${label} holds an entry that is not in its list`,
    },
  });
}

/**
 * A list of `{ categoryId, conditionId }` entries (medical history, procedures, diagnoses): each
 * condition must belong to its category. The item shapes are checked by their own DTO; this only
 * looks at items whose ids are whole numbers.
 */
export function IsLookupEntries(list: readonly LookupEntry[], label: string): PropertyDecorator {
  const firstUnknown = (value: unknown): number => {
    if (!Array.isArray(value)) return -1;
    return value.findIndex((item: unknown) => {
      if (typeof item !== 'object' || item === null) return false;
      const { categoryId, conditionId } = item as { categoryId?: unknown; conditionId?: unknown };
      if (!Number.isInteger(categoryId) || !Number.isInteger(conditionId)) return false;
      const category = list.find((entry) => entry.id === categoryId);
      return !category?.conditions?.some((condition) => condition.id === conditionId);
    });
  };
  return ValidateBy({
    name: 'isLookupEntries',
    validator: {
      validate: (value: unknown) => firstUnknown(value) === -1,
      defaultMessage: (args?: ValidationArguments) => {
        const index = firstUnknown(args?.value);
        return `${label}: entry ${index + 1} is not a condition of its category`;
      },
    },
  });
}

function isCodeId(table: CodeTable, value: unknown): boolean {
  return typeof value === 'number' && isCode(table, value);
}

function isLookupId(list: readonly LookupEntry[], level: LookupLevel, value: unknown): boolean {
  if (typeof value !== 'number' || !Number.isInteger(value)) return false;
  return level === 'category' ? list.some((entry) => entry.id === value) : findLookupEntry(list, value) !== undefined;
}
