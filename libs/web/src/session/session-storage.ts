import {
  PERMISSIONS_STORAGE_KEY,
  TOKEN_STORAGE_KEY,
  USER_STORAGE_KEY,
  type SessionUser,
} from '@pnss/libs/api';

/** SPEC.md §3: the token is kept as 'Bearer ' plus the token, ready for the Authorization header. */
export function getToken(): string | null {
  return localStorage.getItem(TOKEN_STORAGE_KEY);
}

/**
 * Adds the session's token to `headers` as the Authorization header: the one place it is added,
 * for every method, DELETE included (SPEC.md §6 notes the old client skipped it on deletes, which
 * the server now rejects). Used by the API base and by file downloads.
 */
export function withSessionToken(headers: Headers): Headers {
  const token = getToken();
  if (token) headers.set('Authorization', token);
  return headers;
}

export function hasSession(): boolean {
  return Boolean(getToken());
}

export function saveSession(token: string, user: SessionUser): void {
  localStorage.setItem(TOKEN_STORAGE_KEY, `Bearer ${token}`);
  saveSessionUser(user);
}

/** The session check returns the user again; a role change shows from its permissions. */
export function saveSessionUser(user: SessionUser): void {
  localStorage.setItem(PERMISSIONS_STORAGE_KEY, JSON.stringify(user.permissions ?? []));
  localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_STORAGE_KEY);
  localStorage.removeItem(PERMISSIONS_STORAGE_KEY);
  localStorage.removeItem(USER_STORAGE_KEY);
}

function readJson(key: string): unknown {
  const raw = localStorage.getItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

export function getStoredPermissions(): string[] {
  const value = readJson(PERMISSIONS_STORAGE_KEY);
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

export function getStoredUser(): SessionUser | null {
  const value = readJson(USER_STORAGE_KEY);
  if (!value || typeof value !== 'object' || typeof (value as SessionUser)._id !== 'string') return null;
  return value as SessionUser;
}
