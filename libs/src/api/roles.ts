import type { Feature, PermissionName } from '../permissions/index.js';

export interface Role {
  _id: string;
  roleName: string;
  label: string;
  rolePermissions: PermissionName[];
}

/** Role-name items for the user form's Role select (SPEC.md §3). */
export interface RoleName {
  _id: string;
  name: string;
  label: string;
}

export type RoleFeature = Pick<Feature, 'feature' | 'label'> & { group?: Feature['group'] };

export type UpdateRolesRequest = Array<{ _id: string; rolePermissions: PermissionName[] }>;
