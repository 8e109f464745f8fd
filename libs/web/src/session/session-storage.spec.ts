import type { SessionUser } from '@pnss/libs/api';
import { clearSession, getStoredPermissions, getStoredUser, getToken, hasSession, saveSession, saveSessionUser } from './session-storage.js';

const user: SessionUser = {
  _id: 'u1',
  firstname: 'Ana',
  lastname: 'Cruz',
  username: 'ana',
  role: 'clinician',
  permissions: ['get_patients', 'find_patient'],
};

describe('session storage (SPEC.md §3 local storage)', () => {
  it("stores the token as 'Bearer ' plus the token, and the permissions as a JSON list", () => {
    saveSession('t0k3n', user);
    expect(localStorage.getItem('token')).toBe('Bearer t0k3n');
    expect(JSON.parse(localStorage.getItem('permissions') ?? 'null')).toEqual(['get_patients', 'find_patient']);
    expect(getToken()).toBe('Bearer t0k3n');
    expect(getStoredPermissions()).toEqual(['get_patients', 'find_patient']);
    expect(getStoredUser()).toEqual(user);
    expect(hasSession()).toBe(true);
  });

  it('the session check replaces the permissions, so a role change shows', () => {
    saveSession('t0k3n', user);
    saveSessionUser({ ...user, permissions: ['access_admin'] });
    expect(getStoredPermissions()).toEqual(['access_admin']);
    expect(getToken()).toBe('Bearer t0k3n');
  });

  it('sign-out removes the stored token, permissions and user', () => {
    saveSession('t0k3n', user);
    clearSession();
    expect(localStorage.getItem('token')).toBeNull();
    expect(getStoredPermissions()).toEqual([]);
    expect(getStoredUser()).toBeNull();
    expect(hasSession()).toBe(false);
  });

  it('reads damaged storage as no permissions and no user rather than failing', () => {
    localStorage.setItem('permissions', '{not json');
    localStorage.setItem('user', '"just a string"');
    expect(getStoredPermissions()).toEqual([]);
    expect(getStoredUser()).toBeNull();
    localStorage.setItem('permissions', JSON.stringify(['get_patients', 42]));
    expect(getStoredPermissions()).toEqual(['get_patients']);
  });
});
