import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { AuditReadLog, VACUUM_AFTER_ROWS } from './audit-read-log.js';
import type { AuditRepository } from './audit.repository.js';

/** The chaining empties audit_pending; the server reclaims its room itself, as autovacuum may be off. */
describe('AuditReadLog keeps audit_pending small', () => {
  function logWith(moves: number[]) {
    const calls = { vacuum: 0 };
    const repository = {
      chainPending: async () => moves.shift() ?? 0,
      vacuumPending: async () => {
        calls.vacuum += 1;
      },
      insertMany: async () => undefined,
    } as unknown as AuditRepository;
    return { log: new AuditReadLog(repository), calls };
  }

  it(`vacuums audit_pending once the chaining has moved ${VACUUM_AFTER_ROWS.toLocaleString('en')} rows out of it, and not before`, async () => {
    const { log, calls } = logWith([VACUUM_AFTER_ROWS - 1, 1, VACUUM_AFTER_ROWS - 1]);
    await log.chainNow();
    expect(calls.vacuum).toBe(0);
    await log.chainNow();
    await log.onModuleDestroy();
    expect(calls.vacuum).toBe(1);
    await log.chainNow();
    expect(calls.vacuum).toBe(1);
  });

  it('goes on chaining when a vacuum is refused (the app role of "Two roles" does not own the table)', async () => {
    const repository = {
      chainPending: async () => VACUUM_AFTER_ROWS,
      vacuumPending: async () => {
        throw new Error('must be owner of table audit_pending');
      },
      insertMany: async () => undefined,
    } as unknown as AuditRepository;
    const warned = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const log = new AuditReadLog(repository);
    await expect(log.chainNow()).resolves.toBeUndefined();
    await expect(log.onModuleDestroy()).resolves.toBeUndefined();
    expect(warned).toHaveBeenCalledWith(expect.stringContaining('Vacuuming audit_pending failed: must be owner'));
    warned.mockRestore();
  });
});
