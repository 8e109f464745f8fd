import type { AuditEntry, Paged, RegisterUserRequest, UpdateUserRequest, User } from '@pnss/libs/api';
import { adminModuleApi, LIST_ID } from './admin-module.api.js';

export interface UserListArgs {
  /** Matches first name, last name or user name; empty lists everyone. */
  search: string;
  /** The page index (100 a page). */
  offset: number;
}

export type UserUpdate = UpdateUserRequest & { userid: string };

export interface HistoryArgs {
  id: string;
  offset: number;
}

export const accountsApi = adminModuleApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/accounts: one page of users, without photos (`hasPhoto` says whether there is one). */
    listUsers: build.query<Paged<User>, UserListArgs>({
      query: ({ search, offset }) => ({ url: '/accounts', params: search ? { search, offset } : { offset } }),
      providesTags: [{ type: 'User', id: LIST_ID }],
    }),
    /** GET /api/accounts/:userid, with the photo: the edit form and the table's avatars read it. */
    getUser: build.query<User, string>({
      query: (userid) => `/accounts/${encodeURIComponent(userid)}`,
      providesTags: (_result, _error, userid) => [{ type: 'User', id: userid }],
    }),
    registerUser: build.mutation<User, RegisterUserRequest>({
      query: (body) => ({ url: '/accounts/register', method: 'POST', body }),
      invalidatesTags: [{ type: 'User', id: LIST_ID }],
    }),
    /** PUT /api/accounts/:userid: only the fields sent change; `active: false` deactivates. */
    updateUser: build.mutation<User, UserUpdate>({
      query: ({ userid, ...body }) => ({ url: `/accounts/${encodeURIComponent(userid)}`, method: 'PUT', body: { userid, ...body } }),
      invalidatesTags: (_result, _error, { userid }) => [
        { type: 'User', id: LIST_ID },
        { type: 'User', id: userid },
        { type: 'History', id: userid },
      ],
    }),
    /** GET /api/accounts/:userid/history: the audit entries of one user, newest first. */
    getUserHistory: build.query<Paged<AuditEntry>, HistoryArgs>({
      query: ({ id, offset }) => ({ url: `/accounts/${encodeURIComponent(id)}/history`, params: { offset } }),
      providesTags: (_result, _error, { id }) => [{ type: 'History', id }],
    }),
  }),
});

export const {
  useListUsersQuery,
  useGetUserQuery,
  useRegisterUserMutation,
  useUpdateUserMutation,
  useGetUserHistoryQuery,
} = accountsApi;
