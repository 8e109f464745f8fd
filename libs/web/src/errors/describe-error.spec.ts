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
});
