import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { ErrorEnvelope, FieldError } from '@pnss/libs/api';

/** What the user is told about a failed call. */
export interface ErrorNotice {
  /** The toast text; null when there is nothing to toast (the session ended and login says so). */
  message: string | null;
  /** Field errors of the envelope, for the form that sent the request. */
  fieldErrors: FieldError[];
  /** The call answered 401: the session is over and the user is on the way to login. */
  sessionEnded: boolean;
  status: number | null;
  /** No answer of the API came back: no connection, a timeout, or a page that is not the API's (a proxy's). */
  unanswered: boolean;
  /** The `error` text a close or reopen reply may carry besides its message (SPEC.md §4), else null. */
  error: string | null;
  /** On a 409 for a stale version: the record as it is now (the envelope's `current`), else null. */
  current: { [field: string]: unknown } | null;
}

type Described = Pick<ErrorNotice, 'message' | 'status'> & Partial<ErrorNotice>;

function notice({ message, status, ...rest }: Described): ErrorNotice {
  return { message, fieldErrors: [], sessionEnded: false, status, unanswered: false, error: null, current: null, ...rest };
}

/** What an answer's body says besides its message: the `error` text and the stale record. */
function bodyDetails(data: unknown): Pick<ErrorNotice, 'error' | 'current'> {
  if (typeof data !== 'object' || data === null) return { error: null, current: null };
  const { error, current } = data as { error?: unknown; current?: unknown };
  return {
    error: typeof error === 'string' && error ? error : null,
    current: typeof current === 'object' && current !== null ? (current as { [field: string]: unknown }) : null,
  };
}

export function communicationErrorMessage(error: string): string {
  return `Error communicating with server: ${error}`;
}

/** Whether an answer's body is the server's error envelope (a message to show). */
export function isErrorEnvelope(data: unknown): data is ErrorEnvelope {
  return typeof data === 'object' && data !== null && typeof (data as ErrorEnvelope).message === 'string';
}

function isFetchError(error: unknown): error is FetchBaseQueryError {
  return typeof error === 'object' && error !== null && 'status' in error;
}

/**
 * The one mapping from a failed call to what the user sees (SPEC.md §8): the envelope's
 * message as a toast, its field errors on the form, a 401 to login, and anything that never
 * reached the server as 'Error communicating with server: {error}'. `sessionless` is for the
 * calls made without a session (sign-in), whose 401 carries a message for the user.
 */
export function describeError(
  error: FetchBaseQueryError | SerializedError | unknown,
  { sessionless = false }: { sessionless?: boolean } = {},
): ErrorNotice {
  if (isFetchError(error)) {
    const { status } = error;
    if (typeof status === 'number') {
      const details = bodyDetails(error.data);
      // Signing in answers 401 with the reason (wrong password, disabled account) to show.
      if (status === 401 && !sessionless) return notice({ message: null, sessionEnded: true, status, ...details });
      if (isErrorEnvelope(error.data)) {
        return notice({ message: error.data.message, fieldErrors: error.data.errors ?? [], status, ...details });
      }
      return notice({ message: communicationErrorMessage(`HTTP ${status}`), status, ...details });
    }
    if (status === 'PARSING_ERROR') {
      return notice({ message: communicationErrorMessage(`HTTP ${error.originalStatus}`), status: error.originalStatus, unanswered: true });
    }
    return notice({ message: communicationErrorMessage(error.error), status: null, unanswered: true });
  }
  const text =
    typeof error === 'object' && error !== null && typeof (error as SerializedError).message === 'string'
      ? (error as SerializedError).message!
      : String(error);
  return notice({ message: communicationErrorMessage(text), status: null, unanswered: true });
}
