import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { API_PREFIX, API_TIMEOUT_MS } from '@pnss/libs/api';
import { withSessionToken } from '../session/session-storage.js';
import { endSession } from '../session/end-session.js';
import { sendOrQueue } from '../offline/offline-requests.js';

/**
 * Endpoints whose 401 is an answer to show, not a lapsed session: a failed sign-in says why,
 * and signing out clears the session whatever the server answers.
 */
const SESSIONLESS_ENDPOINTS = new Set(['login', 'logout']);

const rawBaseQuery = fetchBaseQuery({
  baseUrl: API_PREFIX,
  timeout: API_TIMEOUT_MS,
  prepareHeaders: withSessionToken,
});

export const baseQueryWithSession: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  queryApi,
  extraOptions,
) => {
  // Issue 32: records made offline are answered from the user's store, and a create with no connection is queued.
  const result = await sendOrQueue(args, (sent) => Promise.resolve(rawBaseQuery(sent, queryApi, extraOptions)));
  if (result.error?.status === 401 && !SESSIONLESS_ENDPOINTS.has(queryApi.endpoint)) {
    endSession(queryApi.dispatch);
    queryApi.dispatch(api.util.resetApiState());
  }
  return result;
};

/**
 * The one RTK Query API base of the platform. Modules add their calls with
 * `api.injectEndpoints(...)` and their cache tags with `api.enhanceEndpoints({ addTagTypes })`.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithSession,
  endpoints: () => ({}),
});

export type PnssApi = typeof api;
