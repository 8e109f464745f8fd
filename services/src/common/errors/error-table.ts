import { AppError } from './app-error.js';

/**
 * What one error code answers: a fixed status and message (with `field`, a 400/409 that also names
 * that field in `errors`), or, for the few codes whose answer depends on what was raised with them,
 * a function of that context.
 */
export type ErrorEntry<Context> =
  | { readonly status: number; readonly message: string; readonly field?: string }
  | ((context: Context) => AppError);

/**
 * A feature's codes, each with its answer. A mapped type over the whole enum: adding a code without
 * its answer fails to compile, as an exhaustive switch did.
 */
export type ErrorTable<Code extends string, Context> = { readonly [K in Code]: ErrorEntry<Context> };

/**
 * A feature's error factory (`casesError(CasesErrorCode.CaseNotFound)`) from its table, so every
 * `<feature>.errors.ts` is the feature's codes and words and nothing else.
 */
export function errorFactory<Code extends string, Context>(
  table: ErrorTable<Code, Context>,
  defaultContext: Context,
): (code: Code, context?: Context) => AppError {
  return (code, context = defaultContext) => {
    const entry: ErrorEntry<Context> = table[code];
    if (typeof entry === 'function') return entry(context);
    const errors = entry.field === undefined ? undefined : [{ field: entry.field, message: entry.message }];
    return new AppError(entry.status, entry.message, errors);
  };
}
