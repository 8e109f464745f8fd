import type { AuditEntry } from '@pnss/libs/api';
import { actionLabel, describeChanges, type HistoryLabels } from './history-display.js';

const labels: HistoryLabels = {
  roles: new Map([
    ['clinician', 'Clinician'],
    ['admin', 'Administrator'],
  ]),
  features: new Map([
    ['get_patients', 'List patients'],
    ['view_reports', 'View reports'],
    ['access_admin', 'Open the Admin module'],
  ]),
};

function entry(action: string, changes: AuditEntry['changes']): AuditEntry {
  return { _id: '1', at: '2026-03-01T08:30:00.000Z', actorId: 'a', actorUsername: 'admin', entity: 'user', entityId: 'u', action, changes };
}

const lines = (e: AuditEntry) => describeChanges(e, labels).map((l) => (l.from === null ? `${l.label}: ${l.to}` : `${l.label}: ${l.from} → ${l.to}`));

describe('the history of a user or a role: each field old → new, never a password', () => {
  it('shows an update as old → new, with the role by its label', () => {
    expect(lines(entry('update', [
      { field: 'firstname', old: 'Jose', new: 'José' },
      { field: 'role', old: 'clinician', new: 'admin' },
    ]))).toEqual(['First Name: Jose → José', 'Role: Clinician → Administrator']);
  });

  it('shows deactivation and activation as the status', () => {
    expect(lines(entry('deactivate', [{ field: 'active', old: true, new: false }]))).toEqual(['Status: Active → Deactivated']);
    expect(actionLabel('deactivate')).toBe('Deactivated');
    expect(actionLabel('activate')).toBe('Activated');
  });

  it('says only that a password was set or reset, and that a photo changed: their values are never logged', () => {
    expect(lines(entry('create', [
      { field: 'firstname', old: null, new: 'Ana' },
      { field: 'photo', old: null, new: '[changed]' },
      { field: 'password', old: null, new: '[changed]' },
    ]))).toEqual(['First Name: Ana', 'Photo: added', 'Password: set']);
    expect(lines(entry('update', [
      { field: 'password', old: null, new: '[changed]' },
      { field: 'photo', old: null, new: '[removed]' },
    ]))).toEqual(['Password: reset', 'Photo: removed']);
  });

  it("tells a role's features as those added and those removed, by their labels", () => {
    expect(lines(entry('update', [
      { field: 'rolePermissions', old: ['get_patients', 'view_reports'], new: ['get_patients', 'access_admin'] },
    ]))).toEqual(['Features added: Open the Admin module', 'Features removed: View reports']);
  });

  it('shows an unknown role or field by its name, and an empty value as a dash', () => {
    expect(lines(entry('update', [
      { field: 'role', old: 'gone_role', new: 'clinician' },
      { field: 'lastname', old: '', new: 'Reyes' },
    ]))).toEqual(['Role: gone_role → Clinician', 'Last Name: — → Reyes']);
  });
});
