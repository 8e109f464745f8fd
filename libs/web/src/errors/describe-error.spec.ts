import { describeError } from './describe-error.js';

describe('describeError (SPEC.md §8 error catalogue)', () => {
  it("shows the server's message from the error envelope", () => {
    const notice = describeError({ status: 400, data: { statusCode: 400, message: 'Case number is required' } });
    expect(notice.message).toBe('Case number is required');
    expect(notice.sessionEnded).toBe(false);
  });

  it('hands the field errors of the envelope to the form', () => {
    const errors = [{ field: 'caseNum', message: 'Please enter the Case #' }];
    const notice = describeError({ status: 422, data: { statusCode: 422, message: 'Invalid', errors } });
    expect(notice.fieldErrors).toEqual(errors);
  });

  it('treats a 401 as the end of the session, with no toast', () => {
    const notice = describeError({ status: 401, data: { statusCode: 401, message: 'Unauthorized' } });
    expect(notice).toMatchObject({ sessionEnded: true, message: null });
  });

  it("a failed sign-in's 401 shows the server's message", () => {
    const notice = describeError({ status: 401, data: { statusCode: 401, message: 'Invalid username or password' } }, { sessionless: true });
    expect(notice).toMatchObject({ sessionEnded: false, message: 'Invalid username or password' });
  });

  it("says 'Error communicating with server: {error}' when the call never reached the server", () => {
    expect(describeError({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }).message).toBe(
      'Error communicating with server: TypeError: Failed to fetch',
    );
    expect(describeError({ status: 'TIMEOUT_ERROR', error: 'AbortError: signal timed out' }).message).toBe(
      'Error communicating with server: AbortError: signal timed out',
    );
  });

  it('counts an answer that is not the envelope (a proxy page) as a communication failure', () => {
    expect(describeError({ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>', error: 'bad json' }).message).toBe(
      'Error communicating with server: HTTP 502',
    );
  });

  it('describes a thrown error by its message', () => {
    expect(describeError({ name: 'Error', message: 'boom' }).message).toBe('Error communicating with server: boom');
  });

  it('hands over the record as it is now with a 409 for a stale version, for the conflict dialog', () => {
    const current = { _id: 'c1', version: 4 };
    const notice = describeError({ status: 409, data: { statusCode: 409, message: 'Someone saved a newer version', current } });
    expect(notice).toMatchObject({ status: 409, current, unanswered: false });
  });

  it("hands over the 'error' a close or reopen reply may carry besides its message (SPEC.md §4)", () => {
    expect(describeError({ status: 409, data: { statusCode: 409, message: 'Refused', error: 'Already open' } }).error).toBe('Already open');
    expect(describeError({ status: 409, data: { statusCode: 409, message: 'Refused' } }).error).toBeNull();
  });

  it('tells a call no answer of the API came back to (no connection, a timeout, a proxy page) from one the API refused', () => {
    expect(describeError({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }).unanswered).toBe(true);
    expect(describeError({ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>', error: 'bad json' }).unanswered).toBe(true);
    expect(describeError(new Error('boom')).unanswered).toBe(true);
    expect(describeError({ status: 500, data: { statusCode: 500, message: 'Database unavailable' } }).unanswered).toBe(false);
  });
});
