import { fullName, initials, roleLabel } from './user-display.js';

describe('user display', () => {
  it('the Role column shows the role label, or the name of a role it does not know', () => {
    const names = [{ _id: '1', name: 'clinician', label: 'Clinician' }];
    expect(roleLabel(names, 'clinician')).toBe('Clinician');
    expect(roleLabel(names, 'auditor')).toBe('auditor');
    expect(roleLabel(undefined, 'clinician')).toBe('clinician');
  });

  it('names a user by first and last name, and falls back to the user name', () => {
    expect(fullName({ firstname: 'Maria', lastname: 'Santos', username: 'msantos' })).toBe('Maria Santos');
    expect(fullName({ firstname: '', lastname: '', username: 'msantos' })).toBe('msantos');
    expect(initials({ firstname: 'maria', lastname: 'santos', username: 'x' })).toBe('MS');
    expect(initials({ firstname: '', lastname: '', username: 'msantos' })).toBe('M');
  });
});
