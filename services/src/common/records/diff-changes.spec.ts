import { AUDIT_CHANGED_MARKER, AUDIT_REMOVED_MARKER } from '@pnss/libs/api';
import { diffChanges } from './diff-changes.js';

describe('diffChanges: the audit log records changed fields with old and new values', () => {
  it('lists only the fields whose values differ', () => {
    expect(diffChanges({ firstname: 'Ana', lastname: 'Cruz' }, { firstname: 'Anna', lastname: 'Cruz' })).toEqual([
      { field: 'firstname', old: 'Ana', new: 'Anna' },
    ]);
  });

  it('lists every given field of a new record with old null, skipping empty ones', () => {
    expect(diffChanges(null, { username: 'ana', photo: null })).toEqual([{ field: 'username', old: null, new: 'ana' }]);
  });

  it('never writes a redacted value, only a marker', () => {
    const changes = diffChanges({ password: 'old-secret' }, { password: 'new-secret-value' }, { redact: ['password'] });
    expect(changes).toEqual([{ field: 'password', old: null, new: AUDIT_CHANGED_MARKER }]);
    expect(JSON.stringify(changes)).not.toContain('secret');
    expect(diffChanges({ photo: 'data:x' }, { photo: null }, { redact: ['photo'] })).toEqual([
      { field: 'photo', old: null, new: AUDIT_REMOVED_MARKER },
    ]);
  });

  it('leaves omitted fields out entirely', () => {
    expect(diffChanges({ updatedAt: new Date(1) }, { updatedAt: new Date(2) }, { omit: ['updatedAt'] })).toEqual([]);
  });

  it('compares lists and objects by value, dates as ISO strings', () => {
    expect(diffChanges({ list: ['a', 'b'], o: { x: 1, y: 2 } }, { list: ['a', 'b'], o: { y: 2, x: 1 } })).toEqual([]);
    expect(diffChanges({ list: ['a'] }, { list: ['a', 'b'] })).toEqual([{ field: 'list', old: ['a'], new: ['a', 'b'] }]);
    expect(diffChanges({ at: new Date('2024-01-01T00:00:00Z') }, { at: new Date('2024-01-02T00:00:00Z') })).toEqual([
      { field: 'at', old: '2024-01-01T00:00:00.000Z', new: '2024-01-02T00:00:00.000Z' },
    ]);
  });

  it('tells a number from the same digits as text, a value from null, and a list from an object, while a missing value is null', () => {
    expect(diffChanges({ gravida: 1, para: null, list: [], o: {} }, { gravida: '1', para: 0, list: {}, o: [] })).toEqual([
      { field: 'gravida', old: 1, new: '1' },
      { field: 'para', old: null, new: 0 },
      { field: 'list', old: [], new: {} },
      { field: 'o', old: {}, new: [] },
    ]);
    expect(diffChanges({}, { room: undefined, note: null })).toEqual([]);
  });
});
