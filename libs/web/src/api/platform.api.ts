import type { CheckUpdateResponse, LoginRequest, LoginResponse, SessionUser } from '@pnss/libs/api';
import { api } from './api-base.js';

/** Reference data; its shape belongs to the lookup lists in @pnss/libs, so the shell only waits for it. */
export type CategoriesResponse = unknown;

/** The calls the platform itself makes: sign-in, the session check, sign-out, version, reference data. */
export const platformApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, LoginRequest>({
      query: (body) => ({ url: '/accounts/login', method: 'POST', body }),
    }),
    checkSession: build.mutation<SessionUser, void>({
      query: () => ({ url: '/accounts/auth', method: 'POST' }),
    }),
    logout: build.mutation<unknown, void>({
      query: () => ({ url: '/accounts/logout', method: 'POST' }),
    }),
    checkUpdate: build.query<CheckUpdateResponse, void>({
      query: () => '/checkupdate',
    }),
    getCategories: build.query<CategoriesResponse, void>({
      query: () => '/categories',
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const {
  useLoginMutation,
  useCheckSessionMutation,
  useLogoutMutation,
  useCheckUpdateQuery,
  useGetCategoriesQuery,
} = platformApi;
