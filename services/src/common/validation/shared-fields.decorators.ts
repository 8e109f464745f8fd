import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { INT32_MAX, NAME_MAX } from './field-validators.js';
import { Trim } from './trim.decorator.js';

/*
 * The rules of fields that mean the same in several bodies, written once. Each list is in the order
 * stacked decorators are applied (the one nearest the property first), so the type check stays the
 * one class-validator reports first: a number sent as a name reads 'must be text', not 'too long'.
 */

/** A patient's first, middle or last name where it may be left out: trimmed, text, at most NAME_MAX. */
export const OptionalPersonName = (label: string) =>
  applyDecorators(
    IsString({ message: `${label} must be text` }),
    MaxLength(NAME_MAX, { message: `${label} must be at most ${NAME_MAX} characters` }),
    Trim(),
    IsOptional(),
  );

/** The record's version the client opened: a stale one is refused with 409 (optimistic concurrency). */
export const OptionalRecordVersion = () =>
  applyDecorators(
    Max(INT32_MAX, { message: `version must be at most ${INT32_MAX}` }),
    Min(0, { message: 'version must be 0 or more' }),
    IsInt({ message: 'version must be a whole number' }), IsOptional());

/** The longest id, timestamp or code a client may echo back (ids are 36, timestamps 24). */
export const ECHO_TEXT_MAX = 64;

/** A server-owned field a client may echo back from what it read: accepted when well-typed, then ignored. */
export const IgnoredEcho = (field: string, type: 'boolean' | 'text') =>
  applyDecorators(
    ...(type === 'boolean'
      ? [IsBoolean({ message: `${field} must be true or false` })]
      : [MaxLength(ECHO_TEXT_MAX, { message: `${field} must be at most ${ECHO_TEXT_MAX} characters` }), IsString({ message: `${field} must be text` })]),
    IsOptional(),
    ApiPropertyOptional({ description: 'Read-only, ignored' }),
  );
