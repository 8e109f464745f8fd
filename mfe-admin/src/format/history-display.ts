import dayjs from 'dayjs';
import { AUDIT_CHANGED_MARKER, AUDIT_REMOVED_MARKER, type AuditEntry } from '@pnss/libs/api';

/** What the history drawer writes for one changed field: 'Role: Clinician → Administrator'. */
export interface ChangeLine {
  field: string;
  label: string;
  /** null when there was no value before (a creation). */
  from: string | null;
  to: string;
}

export interface HistoryLabels {
  /** Role name → label, for the user's role. */
  roles: ReadonlyMap<string, string>;
  /** Permission name → feature label, for a role's features. */
  features: ReadonlyMap<string, string>;
}

const ACTIONS: Record<string, string> = {
  create: 'Created',
  update: 'Updated',
  deactivate: 'Deactivated',
  activate: 'Activated',
  seed_update: 'Updated at start-up',
};

const FIELD_LABELS: Record<string, string> = {
  firstname: 'First Name',
  lastname: 'Last Name',
  username: 'Username',
  role: 'Role',
  active: 'Status',
  photo: 'Photo',
  password: 'Password',
  roleName: 'Role name',
  label: 'Label',
  rolePermissions: 'Features',
};

export const HISTORY_DATE_FORMAT = 'MM/DD/YYYY HH:mm';

export function formatWhen(at: string): string {
  return dayjs(at).format(HISTORY_DATE_FORMAT);
}

export function actionLabel(action: string): string {
  return ACTIONS[action] ?? action.replace(/_/g, ' ');
}

function plain(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function asList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function describeValue(field: string, value: unknown, labels: HistoryLabels): string {
  switch (field) {
    case 'active':
      return value === false ? 'Deactivated' : value === true ? 'Active' : plain(value);
    case 'role':
      return typeof value === 'string' ? (labels.roles.get(value) ?? value) : plain(value);
    default:
      return plain(value);
  }
}

function secretChange(field: 'password' | 'photo', marker: unknown, isCreation: boolean): string {
  if (marker === AUDIT_REMOVED_MARKER) return 'removed';
  if (marker !== AUDIT_CHANGED_MARKER) return plain(marker);
  if (field === 'password') return isCreation ? 'set' : 'reset';
  return isCreation ? 'added' : 'changed';
}

/**
 * One line per changed field, old → new, in words. A role's features are long lists, so they are
 * told as what was added and what was taken away.
 */
export function describeChanges(entry: AuditEntry, labels: HistoryLabels): ChangeLine[] {
  const lines: ChangeLine[] = [];
  for (const change of entry.changes) {
    const label = FIELD_LABELS[change.field] ?? change.field;
    if (change.field === 'rolePermissions') {
      const before = asList(change.old);
      const after = asList(change.new);
      const name = (permission: string) => labels.features.get(permission) ?? permission;
      const added = after.filter((p) => !before.includes(p)).map(name);
      const removed = before.filter((p) => !after.includes(p)).map(name);
      if (added.length > 0) lines.push({ field: change.field, label: 'Features added', from: null, to: added.join(', ') });
      if (removed.length > 0) lines.push({ field: change.field, label: 'Features removed', from: null, to: removed.join(', ') });
      continue;
    }
    const isCreation = entry.action === 'create';
    if (change.field === 'password' || change.field === 'photo') {
      // Never logged, only that they changed: there is no old value to show.
      lines.push({ field: change.field, label, from: null, to: secretChange(change.field, change.new, isCreation) });
      continue;
    }
    lines.push({
      field: change.field,
      label,
      from: isCreation ? null : describeValue(change.field, change.old, labels),
      to: describeValue(change.field, change.new, labels),
    });
  }
  return lines;
}
