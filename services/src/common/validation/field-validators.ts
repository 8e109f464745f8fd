import { type CodeTable, isCode } from '@pnss/libs/enums';
import { parseCalendarDate } from '@pnss/libs/derived';
import { type LookupEntry, findLookupEntry } from '@pnss/libs/lookups';
import { EARLIEST_CALENDAR_DATE, isSaneCalendarDate, LATEST_CALENDAR_DATE } from '@pnss/libs/validation';
import { ValidateBy, type ValidationArguments } from 'class-validator';

/**
 * Property decorators that check a value against the code tables and reference lists of
 * `@pnss/libs`, so a saved record only holds ids those lists know. Each message names the field
 * by the label the form shows.
 */

/** The longest first, middle or last name a patient record holds. */
export const NAME_MAX = 100;
/** The largest whole number the API takes where no smaller limit applies (PostgreSQL's integer). */
export const INT32_MAX = 2_147_483_647;

/**
 * 'YYYY-MM-DD' (a full ISO instant is accepted and read as its UTC date), within the sane range of
 * @pnss/libs (1900-01-01 to 2099-12-31): no stored date is from the year 1000.
 */
export function IsCalendarDate(label: string): PropertyDecorator {
  return ValidateBy({
    name: 'isCalendarDate',
    validator: {
      validate: (value: unknown) => isSaneCalendarDate(value),
      defaultMessage: (args?: ValidationArguments) =>
        parseCalendarDate(args?.value) === null
          ? `${label} must be a date (YYYY-MM-DD)`
          : `${label} must be between ${EARLIEST_CALENDAR_DATE} and ${LATEST_CALENDAR_DATE}`,
    },
  });
}

/** One id of a code table (CASE_FORM_TYPES, DELIVERY_MANNERS...). */
export function IsCode(table: CodeTable, label: string): PropertyDecorator {
  return ValidateBy({
    name: 'isCode',
    constraints: [table.map((entry) => entry.id)],
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
    constraints: [table.map((entry) => entry.id)],
    validator: {
      validate: (value: unknown) => Array.isArray(value) && value.every((v) => isCodeId(table, v)),
      defaultMessage: () => `${label} holds a value that is not one of its choices`,
    },
  });
}

/**
 * A list that names each of its items once (issue 13 item 8): `key` says what makes two items the
 * same (the item itself for a list of ids).
 */
export function IsUniqueList(label: string, key: (item: unknown) => unknown = (item) => item): PropertyDecorator {
  const firstRepeat = (value: unknown): number => {
    if (!Array.isArray(value)) return -1;
    const seen = new Set<unknown>();
    for (let index = 0; index < value.length; index += 1) {
      const id = key(value[index]);
      if (seen.has(id)) return index;
      seen.add(id);
    }
    return -1;
  };
  return ValidateBy({
    name: 'isUniqueList',
    validator: {
      validate: (value: unknown) => firstRepeat(value) === -1,
      defaultMessage: (args?: ValidationArguments) => `${label}: entry ${firstRepeat(args?.value) + 1} repeats an earlier entry`,
    },
  });
}

/** What makes two history or diagnosis entries the same: their category, condition and 'Others' text. */
export function historyEntryKey(item: unknown): unknown {
  if (typeof item !== 'object' || item === null) return item;
  const { categoryId, conditionId, others, othersField } = item as Record<string, unknown>;
  return JSON.stringify([categoryId, conditionId, others ?? othersField ?? null]);
}

/** How many ids a reference list offers, at any depth: the most a list of its ids can hold once each. */
export function lookupIdCount(list: readonly LookupEntry[]): number {
  return list.reduce((total, entry) => total + 1 + lookupIdCount(entry.conditions ?? []), 0);
}

export type LookupLevel = 'category' | 'any';

/** The ids a reference list offers at `level` (the allowed values the OpenAPI document lists). */
export function lookupIds(list: readonly LookupEntry[], level: LookupLevel): number[] {
  if (level === 'category') return list.map((entry) => entry.id);
  return list.flatMap((entry) => [entry.id, ...lookupIds(entry.conditions ?? [], 'any')]);
}

/** An id of a reference list: a top-level category, or an entry at any depth. */
export function IsLookupId(list: readonly LookupEntry[], level: LookupLevel, label: string): PropertyDecorator {
  return ValidateBy({
    name: 'isLookupId',
    constraints: [lookupIds(list, level)],
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
    constraints: [lookupIds(list, 'any')],
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

/** A number that is an id of the code table (IsCode's test). */
export function isCodeId(table: CodeTable, value: unknown): boolean {
  return typeof value === 'number' && isCode(table, value);
}

/** A whole number that is an id of the reference list at `level` (IsLookupId's test). */
export function isLookupId(list: readonly LookupEntry[], level: LookupLevel, value: unknown): boolean {
  if (typeof value !== 'number' || !Number.isInteger(value)) return false;
  return level === 'category' ? list.some((entry) => entry.id === value) : findLookupEntry(list, value) !== undefined;
}
