import type { SessionUser } from '@pnss/libs/api';
import { api } from './api-base.js';
import { platformApi } from './platform.api.js';
import { makeStore } from '../store/make-store.js';
import { getLoginNotice, takeReturnTo } from '../session/login-redirect.js';
import { saveSession } from '../session/session-storage.js';
import { mockApi } from '../testing/mock-api.js';

const user: SessionUser = {
  _id: 'u1',
  firstname: 'Ana',
  lastname: 'Cruz',
  username: 'ana',
  role: 'clinician',
  permissions: ['get_patients'],
};

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    probeGet: build.query<unknown, void>({ query: () => '/probe' }),
    probeDelete: build.mutation<unknown, void>({ query: () => ({ url: '/probe', method: 'DELETE' }) }),
  }),
});

describe('the API base', () => {
  it("sends the stored 'Bearer ' token as the Authorization header on every method, DELETE included", async () => {
    saveSession('abc.def', user);
    const server = mockApi({ 'GET /api/probe': { body: {} }, 'DELETE /api/probe': { body: {} } });
    const store = makeStore();
    await store.dispatch(probeApi.endpoints.probeGet.initiate());
    await store.dispatch(probeApi.endpoints.probeDelete.initiate());
    expect(server.calls()).toEqual(['GET /api/probe', 'DELETE /api/probe']);
    for (const request of server.requests) expect(request.headers.get('authorization')).toBe('Bearer abc.def');
  });

  it('calls the API under /api on the page origin', async () => {
    const server = mockApi({ 'GET /api/checkupdate': { body: { currVersion: '1.0.0', siteVersion: '1.0.0' } } });
    const store = makeStore();
    await store.dispatch(platformApi.endpoints.checkUpdate.initiate());
    expect(server.requests[0].url).toBe(new URL('/api/checkupdate', window.location.href).href);
  });

  it('a 401 from any call clears the session and routes to login, remembering where the user was', async () => {
    saveSession('expired', user);
    window.location.hash = '#/cases';
    mockApi({ 'GET /api/probe': { status: 401, body: { statusCode: 401, message: 'Unauthorized' } } });
    const store = makeStore();
    await store.dispatch(probeApi.endpoints.probeGet.initiate());
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('permissions')).toBeNull();
    expect(store.getState().session.signedIn).toBe(false);
    expect(window.location.hash).toBe('#/account/login');
    expect(getLoginNotice()).toBe('Your session has ended. Please sign in again.');
    expect(takeReturnTo()).toBe('#/cases');
  });

  it("a failed sign-in's 401 is an answer to show, not a lapsed session", async () => {
    window.location.hash = '#/account/login';
    mockApi({ 'POST /api/accounts/login': { status: 401, body: { statusCode: 401, message: 'Invalid username or password' } } });
    const store = makeStore();
    const result = await store.dispatch(platformApi.endpoints.login.initiate({ username: 'ana', password: 'x' }));
    expect(result.error).toMatchObject({ status: 401, data: { message: 'Invalid username or password' } });
    expect(getLoginNotice()).toBeNull();
  });

  it('gives up after the 30 second timeout', async () => {
    jest.useFakeTimers();
    try {
      globalThis.fetch = ((request: Request) =>
        new Promise((_resolve, reject) => {
          request.signal.addEventListener('abort', () => reject(request.signal.reason));
        })) as unknown as typeof fetch;
      const store = makeStore();
      const pending = store.dispatch(probeApi.endpoints.probeGet.initiate());
      await jest.advanceTimersByTimeAsync(29_999);
      expect(store.getState().api.queries['probeGet(undefined)']?.status).toBe('pending');
      await jest.advanceTimersByTimeAsync(1);
      const result = await pending;
      expect(result.error).toMatchObject({ status: 'TIMEOUT_ERROR' });
    } finally {
      jest.useRealTimers();
    }
  });
});
