import { ValidationPipe, type ValidationError } from '@nestjs/common';
import type { FieldError } from '@pnss/libs/api';
import { CommonErrorCode, commonError } from '../errors/common.errors.js';
import { FastCheckedValidationPipe } from './fast-check.js';

/** Shown first when a field has several failures: say it is missing before saying it is malformed. */
const FIRST_CONSTRAINTS = ['whitelistValidation', 'isDefined', 'isNotEmpty'];

/**
 * class-validator's errors as `{ field, message }`, one per field. Nested fields read
 * `parent.child` and array items `list[0].child`; an unknown field is named as not allowed.
 */
export function toFieldErrors(errors: ValidationError[], parent = ''): FieldError[] {
  const result: FieldError[] = [];
  for (const error of errors) {
    const field = !parent
      ? error.property
      : /^\d+$/.test(error.property)
        ? `${parent}[${error.property}]`
        : `${parent}.${error.property}`;
    const constraints = error.constraints ?? {};
    const keys = Object.keys(constraints);
    if (keys.length > 0) {
      const key = FIRST_CONSTRAINTS.find((k) => k in constraints) ?? keys[0];
      const message = key === 'whitelistValidation' ? `${field} is not an allowed field` : constraints[key];
      result.push({ field, message });
    }
    if (error.children && error.children.length > 0) result.push(...toFieldErrors(error.children, field));
  }
  return result;
}

export const VALIDATION_OPTIONS = {
  whitelist: true,
  forbidNonWhitelisted: true,
  transform: true,
  transformOptions: { enableImplicitConversion: false },
  stopAtFirstError: false,
  exceptionFactory: (errors: ValidationError[]) => commonError(CommonErrorCode.ValidationFailed, toFieldErrors(errors)),
} as const;

/**
 * Every body and query is validated against its DTO; unknown fields are a 400 naming the field. A
 * DTO with a fast check (fast-check.ts) lets a certainly valid body past class-validator.
 */
export function createValidationPipe(): ValidationPipe {
  return new FastCheckedValidationPipe(VALIDATION_OPTIONS);
}
