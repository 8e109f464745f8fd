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
      // Signing in answers 401 with the reason (wrong password, disabled account) to show.
      if (status === 401 && !sessionless) return { message: null, fieldErrors: [], sessionEnded: true, status };
      if (isErrorEnvelope(error.data)) {
        return { message: error.data.message, fieldErrors: error.data.errors ?? [], sessionEnded: false, status };
      }
      return { message: communicationErrorMessage(`HTTP ${status}`), fieldErrors: [], sessionEnded: false, status };
    }
    if (status === 'PARSING_ERROR') {
      return {
        message: communicationErrorMessage(`HTTP ${error.originalStatus}`),
        fieldErrors: [],
        sessionEnded: false,
        status: error.originalStatus,
      };
    }
    return { message: communicationErrorMessage(error.error), fieldErrors: [], sessionEnded: false, status: null };
  }
  const text =
    typeof error === 'object' && error !== null && typeof (error as SerializedError).message === 'string'
      ? (error as SerializedError).message!
      : String(error);
  return { message: communicationErrorMessage(text), fieldErrors: [], sessionEnded: false, status: null };
}
