import { HttpException, type LoggerService } from '@nestjs/common';
import type { ErrorEnvelope, FieldError } from '@pnss/libs/api';
import { isDatabaseUnavailable } from '../../database/database-errors.js';
import { AppError } from './app-error.js';
import { DATABASE_UNAVAILABLE_MESSAGE, INTERNAL_ERROR_MESSAGE } from './common.errors.js';

const UNSUPPORTED_MEDIA_TYPE_MESSAGE = 'Send the request body as JSON (Content-Type: application/json)';

export interface ErrorAnswer {
  envelope: ErrorEnvelope;
  headers?: Record<string, string>;
}

/**
 * Maps anything thrown to the one envelope. Only messages we wrote (AppError, Nest's HTTP
 * exceptions, Fastify's own 4xx request errors) reach the client; everything else is a 500 whose
 * detail goes to the server log alone, so no stack, SQL or value leaks out.
 */
export function toErrorAnswer(error: unknown, logger: LoggerService): ErrorAnswer {
  if (error instanceof AppError) {
    if (error.statusCode >= 500) logger.error(`${error.statusCode} ${error.message}`);
    return {
      // The envelope's own fields win over any detail of the same name.
      envelope: { ...error.details, ...envelope(error.statusCode, error.message, error.errors) },
      headers: error.headers,
    };
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    if (status >= 500) {
      logServerError(error, logger);
      return { envelope: envelope(status, INTERNAL_ERROR_MESSAGE) };
    }
    // Nest wraps Fastify's "no parser for this content type": say what to send instead.
    if (status === 415) return { envelope: envelope(415, UNSUPPORTED_MEDIA_TYPE_MESSAGE) };
    return { envelope: envelope(status, httpExceptionMessage(error)) };
  }
  if (isFastifyClientError(error)) {
    return { envelope: envelope(error.statusCode, fastifyMessage(error)) };
  }
  if (isDatabaseUnavailable(error)) {
    // One line, no stack: while the database restarts every request would print one.
    logger.error(`503 database unavailable: ${describeCause(error)}`);
    return { envelope: envelope(503, DATABASE_UNAVAILABLE_MESSAGE), headers: { 'Retry-After': '5' } };
  }
  logServerError(error, logger);
  return { envelope: envelope(500, INTERNAL_ERROR_MESSAGE) };
}

function envelope(statusCode: number, message: string, errors?: FieldError[]): ErrorEnvelope {
  return errors && errors.length > 0 ? { statusCode, message, errors } : { statusCode, message };
}

function httpExceptionMessage(error: HttpException): string {
  const response = error.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (typeof message === 'string') return message;
  if (Array.isArray(message)) return message.filter((m) => typeof m === 'string').join('. ');
  return error.message;
}

interface FastifyClientError {
  statusCode: number;
  code: string;
  message: string;
}

/** Fastify's request errors (bad JSON, body too large, wrong content type) carry an FST_ code and a 4xx. */
function isFastifyClientError(error: unknown): error is FastifyClientError {
  if (typeof error !== 'object' || error === null) return false;
  const { statusCode, code } = error as Partial<FastifyClientError>;
  return (
    typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500 &&
    typeof code === 'string' && code.startsWith('FST_')
  );
}

function fastifyMessage(error: FastifyClientError): string {
  switch (error.statusCode) {
    case 413:
      return 'The request is too large';
    case 415:
      return UNSUPPORTED_MEDIA_TYPE_MESSAGE;
    default:
      return error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.message.includes('JSON')
        ? 'The request body is not valid JSON'
        : 'The request is not valid';
  }
}

/** Name, message and stack only: request bodies (which may hold a password) are never logged. */
function logServerError(error: unknown, logger: LoggerService): void {
  if (error instanceof Error && isFailedQuery(error)) {
    // A failed query's message and stack list its parameters: patient names, birth dates. Log the SQL and the cause only.
    const cause = error.cause instanceof Error ? error.cause.message : 'no cause';
    const frames = (error.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at ')).join('\n');
    logger.error(`${error.name}: Failed query: ${error.query} (${cause})`, frames);
  } else if (error instanceof Error) logger.error(`${error.name}: ${error.message}`, error.stack);
  else logger.error(`Non-error thrown: ${typeof error}`);
}

/** The driver's own message (never a failed query's text, which lists its parameters). */
function describeCause(error: unknown): string {
  let e: unknown = error;
  for (let depth = 0; depth < 5 && e instanceof Error && e.cause !== undefined; depth++) e = e.cause;
  if (e instanceof Error) {
    const code = (e as { code?: unknown }).code;
    return `${typeof code === 'string' ? `${code} ` : ''}${isFailedQuery(e) ? 'failed query' : e.message}`;
  }
  return String(e);
}

/** Drizzle's DrizzleQueryError: `query` (the SQL text) and `params` (the values). */
function isFailedQuery(error: Error): error is Error & { query: string; params: unknown } {
  return typeof (error as { query?: unknown }).query === 'string' && 'params' in error;
}
