import { applyDecorators } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiResponse } from '@nestjs/swagger';
import type { ApiAnswerName, ApiAnswers } from '@pnss/libs/api';

/** A route handler whose success answer is `ApiAnswers[N]` (or a promise of it). */
type Answering<N extends ApiAnswerName> = (...args: never[]) => ApiAnswers[N] | Promise<ApiAnswers[N]>;

export interface AnswerOptions {
  /** The success status when it is not 200 (201 for a creation, 202 for work started). */
  status?: number;
  /** The error statuses this route answers besides the ones every route may (see contract.ts). */
  errors?: Partial<Record<ContractErrorStatus, string>>;
}

/** Statuses a route declares itself: the rest are derived from its parameters and its access rule. */
export type ContractErrorStatus = 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 502 | 503;

/**
 * The contract of one route (issue 15): its summary, and its success answer by its name in
 * `ApiAnswers` of @pnss/libs. The compiler holds the handler to that type, the OpenAPI document
 * describes it with the schema generated from the same type, and the API tests validate every
 * answer against that schema.
 */
export function Answer<N extends ApiAnswerName>(summary: string, name: N, options: AnswerOptions = {}) {
  const decorate = applyDecorators(
    ApiOperation({ summary }),
    ApiResponse({ status: options.status ?? 200, description: name, schema: { $ref: `#/components/schemas/${name}` } }),
    ...errorResponses(options.errors),
  );
  return <F extends Answering<N>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<F>): void => {
    decorate(target, key, descriptor);
  };
}

/** A route that answers a file (a census package, a report export) rather than JSON. */
export function AnswerFile(summary: string, contentTypes: readonly [string, ...string[]], maxBytes: number, options: Omit<AnswerOptions, 'status'> = {}) {
  return applyDecorators(
    ApiOperation({ summary }),
    ApiProduces(...contentTypes),
    ApiResponse({
      status: 200,
      description: `The file (${contentTypes.join(' or ')}), sent as an attachment`,
      content: Object.fromEntries(
        contentTypes.map((type) => [type, { schema: { type: 'string', format: 'binary', maxLength: maxBytes } }]),
      ),
    }),
    ...errorResponses(options.errors),
  );
}

function errorResponses(errors: AnswerOptions['errors'] = {}) {
  return Object.entries(errors).map(([status, description]) => ApiResponse({ status: Number(status), description }));
}
