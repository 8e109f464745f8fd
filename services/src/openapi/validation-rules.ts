import { REPORT_TIMESTAMP_MAX } from '@pnss/libs/reports';
import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata.js';

/**
 * What a DTO's validators enforce, said in the OpenAPI document (issue 15: "what the document says
 * is what the server enforces", from one source). The class-validator decorators are the source:
 * before the document is generated, every validated property of every DTO gets the schema keywords
 * its validators mean (maxLength, maxItems, minimum, maximum, pattern, enum, format), merged into
 * its @nestjs/swagger property metadata. Body schemas and the query parameters expanded from query
 * DTOs both read that metadata, so neither can promise less or more than the validation checks.
 */

/** The keywords one property's validators add; `items` holds those of `each: true` validators. */
export interface PropertyRules {
  maxLength?: number;
  minLength?: number;
  maxItems?: number;
  minItems?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  type?: 'integer' | 'string' | 'boolean' | 'number';
  items?: PropertyRules;
}

const API_MODEL_PROPERTIES = 'swagger/apiModelProperties';
const API_MODEL_PROPERTIES_ARRAY = 'swagger/apiModelPropertiesArray';

/** A calendar date as IsCalendarDate accepts it: 'YYYY-MM-DD', or an ISO instant read as its UTC date. */
export const CALENDAR_DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:\\d{2})?)?$';
export const CALENDAR_DATE_MAX_LENGTH = 35;

/** A report range's end as a query parameter: a whole number of milliseconds (parseReportRange refuses anything else). */
export const REPORT_TIMESTAMP_SCHEMA = { type: 'integer', format: 'int64', minimum: 0, maximum: REPORT_TIMESTAMP_MAX } as const;

/**
 * The keywords of one validator. Built-in validators say what they check by name and constraints;
 * the platform's own (common/validation/field-validators.ts) carry their allowed values as
 * constraints for this purpose.
 */
function rulesOf(metadata: ValidationMetadata): PropertyRules {
  const [first, second] = (metadata.constraints ?? []) as unknown[];
  switch (metadata.name) {
    case 'maxLength': return { maxLength: first as number };
    case 'minLength': return { minLength: first as number };
    case 'isLength': return { minLength: first as number, ...(second !== undefined ? { maxLength: second as number } : {}) };
    case 'arrayMaxSize': return { maxItems: first as number };
    case 'arrayMinSize': return { minItems: first as number };
    case 'min': return { minimum: first as number };
    case 'max': return { maximum: first as number };
    case 'isInt': return { type: 'integer' };
    case 'isString': return { type: 'string' };
    case 'isBoolean': return { type: 'boolean' };
    case 'isNumber': return { type: 'number' };
    case 'isIn': return { enum: [...(first as unknown[])] };
    case 'isEnum': return { enum: Object.values(first as object) };
    case 'matches': return { pattern: (first as RegExp).source, ...boundedLength(first as RegExp) };
    case 'isUuid': return { format: 'uuid', maxLength: 36 };
    case 'isCalendarDate': return { pattern: CALENDAR_DATE_PATTERN, maxLength: CALENDAR_DATE_MAX_LENGTH };
    case 'isCode':
    case 'isLookupId': return { enum: [...(first as unknown[])] };
    case 'isCodeList':
    case 'isLookupIdList': return { items: { enum: [...(first as unknown[])] } };
    default: return {};
  }
}

/** The OpenAPI schema of a text that must match `pattern`, with the maxLength the pattern allows. */
export function textSchemaOf(pattern: RegExp): { type: 'string'; pattern: string; maxLength?: number } {
  return { type: 'string', pattern: pattern.source, ...boundedLength(pattern) };
}

/** The longest text a pattern such as `^[A-Za-z0-9_-]{1,64}$` lets through, when it says so plainly. */
function boundedLength(pattern: RegExp): { maxLength?: number } {
  const bounded = /^\^(\[[^\]]+\]|\\.|[^\\[(){}*+?|])\{\d+,(\d+)\}\$$/.exec(pattern.source);
  return bounded ? { maxLength: Number(bounded[2]) } : {};
}

function merge(into: PropertyRules, rules: PropertyRules): void {
  const { items, ...rest } = rules;
  Object.assign(into, rest);
  if (items) into.items = { ...(into.items ?? {}), ...items };
}

/** Every validated DTO class, with the rules of each of its properties. */
export function validationRules(): Map<object, Map<string, PropertyRules>> {
  const storage = getMetadataStorage() as unknown as { validationMetadatas: Map<object, ValidationMetadata[]> };
  const byClass = new Map<object, Map<string, PropertyRules>>();
  for (const [target, list] of storage.validationMetadatas) {
    const properties = new Map<string, PropertyRules>();
    for (const metadata of list) {
      const rules = rulesOf(metadata);
      if (Object.keys(rules).length === 0) continue;
      const property = properties.get(metadata.propertyName) ?? {};
      merge(property, metadata.each ? { items: stripItems(rules) } : rules);
      properties.set(metadata.propertyName, property);
    }
    if (properties.size > 0) byClass.set(target, properties);
  }
  return byClass;
}

function stripItems(rules: PropertyRules): PropertyRules {
  const { items, ...rest } = rules;
  return { ...rest, ...(items ?? {}) };
}

let applied = false;

/**
 * Merges each validated property's rules into its swagger metadata (once per process: the
 * decorators are on the classes, which every app in the process shares).
 */
export function exposeValidationRules(): void {
  if (applied) return;
  applied = true;
  for (const [target, properties] of validationRules()) {
    const prototype = (target as { prototype?: object }).prototype;
    if (!prototype) continue;
    for (const [name, rules] of properties) {
      const existing = Reflect.getMetadata(API_MODEL_PROPERTIES, prototype, name) as Record<string, unknown> | undefined;
      if (!existing) continue; // not in the document: nothing to describe
      const { items, type, ...keywords } = rules;
      const isArray = existing.isArray === true || Array.isArray(existing.type);
      const next: Record<string, unknown> = { ...existing };
      if (isArray) {
        const { maxItems, minItems, ...itemKeywords } = keywords;
        Object.assign(next, maxItems !== undefined ? { maxItems } : {}, minItems !== undefined ? { minItems } : {});
        const itemRules = { ...itemKeywords, ...(items ?? {}) };
        if (Object.keys(itemRules).length > 0) next['x-item-rules'] = itemRules;
      } else {
        Object.assign(next, keywords);
        // The validator knows the type better than TypeScript's metadata (`string | null` reads as Object).
        if (type === 'integer') next['x-integer'] = true;
        else if (type) next.type = { string: String, boolean: Boolean, number: Number }[type];
      }
      Reflect.defineMetadata(API_MODEL_PROPERTIES, next, prototype, name);
      const names = (Reflect.getMetadata(API_MODEL_PROPERTIES_ARRAY, prototype) as string[] | undefined) ?? [];
      if (!names.includes(`:${name}`)) Reflect.defineMetadata(API_MODEL_PROPERTIES_ARRAY, [...names, `:${name}`], prototype);
    }
  }
}
