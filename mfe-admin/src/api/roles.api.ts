import type { AuditEntry, Paged, Role, RoleFeature, RoleName, UpdateRolesRequest } from '@pnss/libs/api';
import { adminModuleApi, LIST_ID } from './admin-module.api.js';
import type { HistoryArgs } from './accounts.api.js';

export const rolesApi = adminModuleApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/roles/names: the Role select of the user form, and the labels of the users table. */
    getRoleNames: build.query<RoleName[], void>({
      query: () => '/roles/names',
      providesTags: [{ type: 'Role', id: LIST_ID }],
    }),
    listRoles: build.query<Role[], void>({
      query: () => '/roles',
      providesTags: [{ type: 'Role', id: LIST_ID }],
    }),
    /** GET /api/roles/features: the grid's columns. They change only with a new release. */
    getRoleFeatures: build.query<RoleFeature[], void>({
      query: () => '/roles/features',
      keepUnusedDataFor: 3600,
    }),
    /** PUT /api/roles with the roles that changed; answers every role as saved. */
    updateRoles: build.mutation<Role[], UpdateRolesRequest>({
      query: (body) => ({ url: '/roles', method: 'PUT', body }),
      invalidatesTags: (_result, _error, items) => [
        { type: 'Role', id: LIST_ID },
        ...items.map((item) => ({ type: 'History' as const, id: item._id })),
      ],
    }),
    getRoleHistory: build.query<Paged<AuditEntry>, HistoryArgs>({
      query: ({ id, offset }) => ({ url: `/roles/${encodeURIComponent(id)}/history`, params: { offset } }),
      providesTags: (_result, _error, { id }) => [{ type: 'History', id }],
    }),
  }),
});

export const { useGetRoleNamesQuery, useListRolesQuery, useGetRoleFeaturesQuery, useUpdateRolesMutation, useGetRoleHistoryQuery } =
  rolesApi;
