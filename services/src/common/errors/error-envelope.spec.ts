import { BadRequestException, type LoggerService, NotFoundException } from '@nestjs/common';
import { AppError } from './app-error.js';
import { toErrorAnswer } from './error-envelope.js';
import { validationMessage } from './common.errors.js';
import { ERROR_MESSAGE_MAX } from '@pnss/libs/api';

function fakeLogger(): LoggerService & { lines: string[] } {
  const lines: string[] = [];
  return { lines, log: () => undefined, warn: () => undefined, error: (...parts: unknown[]) => lines.push(parts.map(String).join('\n')) };
}

describe('the one error envelope { statusCode, message, errors? }', () => {
  it('passes our own errors through with their field errors and headers', () => {
    const answer = toErrorAnswer(new AppError(429, 'Too many', undefined, { 'Retry-After': '60' }), fakeLogger());
    expect(answer).toEqual({ envelope: { statusCode: 429, message: 'Too many' }, headers: { 'Retry-After': '60' } });
    const invalid = toErrorAnswer(new AppError(400, 'Bad', [{ field: 'a', message: 'Bad' }]), fakeLogger());
    expect(invalid.envelope).toEqual({ statusCode: 400, message: 'Bad', errors: [{ field: 'a', message: 'Bad' }] });
  });

  it('adds the details of our own errors to the body, never over the envelope fields', () => {
    const conflict = new AppError(409, 'Changed by someone else', undefined, undefined, { current: { version: 4 }, statusCode: 200 });
    expect(toErrorAnswer(conflict, fakeLogger()).envelope).toEqual({
      statusCode: 409,
      message: 'Changed by someone else',
      current: { version: 4 },
    });
  });

  it("keeps Nest's client errors and their message", () => {
    expect(toErrorAnswer(new NotFoundException('Cannot GET /api/x'), fakeLogger()).envelope).toEqual({
      statusCode: 404,
      message: 'Cannot GET /api/x',
    });
    expect(toErrorAnswer(new BadRequestException(['a is bad', 'b is bad']), fakeLogger()).envelope.message).toBe('a is bad. b is bad');
  });

  it('hides anything else behind a 500 and logs it on the server only', () => {
    const logger = fakeLogger();
    const dbError = Object.assign(new Error('duplicate key value violates unique constraint "users_pkey"'), { code: '23505' });
    const answer = toErrorAnswer(dbError, logger);
    expect(answer.envelope).toEqual({ statusCode: 500, message: 'Internal server error' });
    expect(JSON.stringify(answer)).not.toContain('users_pkey');
    expect(logger.lines.join()).toContain('users_pkey');
  });

  it("never logs a failed query's parameters, which may name a patient", () => {
    const logger = fakeLogger();
    const cause = new Error('value too long for type character varying(10)');
    const failed = Object.assign(new Error('Failed query: insert into "patients" ("first_name") values ($1)\nparams: Maria Dela Cruz'), {
      name: 'DrizzleQueryError', query: 'insert into "patients" ("first_name") values ($1)', params: ['Maria Dela Cruz'], cause,
    });
    expect(toErrorAnswer(failed, logger).envelope).toEqual({ statusCode: 500, message: 'Internal server error' });
    expect(logger.lines.join()).toContain('insert into "patients"');
    expect(logger.lines.join()).toContain('value too long');
    expect(logger.lines.join()).not.toContain('Maria');
  });

  it("keeps Fastify's own request errors as 4xx", () => {
    const tooLarge = Object.assign(new Error('Request body is too large'), { statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE' });
    expect(toErrorAnswer(tooLarge, fakeLogger()).envelope).toEqual({ statusCode: 413, message: 'The request is too large' });
  });
});

describe('the message of a 400 naming many fields', () => {
  it('holds every message when they fit, and as many whole ones as fit ERROR_MESSAGE_MAX then how many more when they do not', () => {
    expect(validationMessage([{ field: 'a', message: 'A is required' }, { field: 'b', message: 'B is required' }])).toBe('A is required. B is required');
    const many = Array.from({ length: 40 }, (_, i) => ({ field: `f${i}`, message: `Field ${i} was not saved: ${'it is asked only when the patient has delivered '.repeat(2)}` }));
    const message = validationMessage(many);
    expect(message.length).toBeLessThanOrEqual(ERROR_MESSAGE_MAX);
    expect(message).toMatch(/^Field 0 was not saved/);
    expect(message).toMatch(/\. And \d+ more: see the list of fields$/);
    const shown = message.split('. Field ').length;
    expect(message).toContain(`And ${40 - shown} more`);
  });
});
