import type { PermissionName } from '../permissions/index.js';

/** The signed-in user as login and the session check return it. */
export interface SessionUser {
  _id: string;
  firstname: string;
  lastname: string;
  username: string;
  role: string;
  permissions: PermissionName[];
}

export interface LoginRequest {
  username: string;
  password: string;
}

export interface LoginResponse {
  token: string;
  message: string;
  user: SessionUser;
}

/**
 * A user as the admin screens read it. The password is write-only and never returned. Lists
 * leave `photo` out (GET /api/accounts/:userid has it); `hasPhoto` says whether there is one.
 */
export interface User {
  _id: string;
  firstname: string;
  lastname: string;
  username: string;
  role: string;
  photo?: string | null;
  hasPhoto: boolean;
  active: boolean;
}

export interface RegisterUserRequest {
  firstname: string;
  lastname: string;
  username: string;
  role: string;
  password: string;
  photo?: string | null;
}

export interface UpdateUserRequest {
  firstname?: string;
  lastname?: string;
  username?: string;
  role?: string;
  password?: string;
  photo?: string | null;
  active?: boolean;
}

/** Where the browser keeps the session (SPEC.md §3 "Local storage"). */
export const TOKEN_STORAGE_KEY = 'token';
export const PERMISSIONS_STORAGE_KEY = 'permissions';
export const USER_STORAGE_KEY = 'user';
