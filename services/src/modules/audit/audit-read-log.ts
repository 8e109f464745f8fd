import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { AccessRefusal } from '../auth/access.guard.js';
import { AccessRefusalListener } from '../auth/access.guard.js';
import { AuditRepository, type NewAuditRow } from './audit.repository.js';

/** A row of this log as the server gives it: the database sets its id, time and hash. */
export type AuditReadRow = Omit<NewAuditRow, 'id' | 'at' | 'hash'>;

interface Waiting {
  row: AuditReadRow;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Flush when this many rows wait, or FLUSH_INTERVAL_MS after the first one arrived. */
export const FLUSH_ROWS = 500;
export const FLUSH_INTERVAL_MS = 1000;
/**
 * INSERTs of read rows under way at once. They append to audit_pending, which has no chain and no
 * lock (migration 0031), so two could run at once; but what a row costs the server is mostly its
 * statement (the socket write, the answer's parse, the promises: CPU profiles under load, issue 33),
 * so one at a time, making the groups larger, answered more reads a second (measured at a million
 * patients, ten at once: 3,572 a second with one, 2,758 with two, groups of 1.86 and 1.63 rows).
 */
export const WRITES_IN_FLIGHT = 1;
/** Chain what this server wrote this long after it wrote it (the chain's lock is taken once a batch). */
export const CHAIN_DELAY_MS = 300;
/** And chain whatever waits this often, so another server's or a crashed one's rows are chained too. */
export const CHAIN_SWEEP_MS = 30_000;
/** After the chaining moved this many rows out of audit_pending, the server vacuums it (AuditRepository.vacuumPending). */
export const VACUUM_AFTER_ROWS = 100_000;
/** While the database is away, at most this many rows wait; older ones are dropped (and counted in the log). */
const MAX_BUFFERED_ROWS = 50_000;

/** Audit actions of this log: who read patient data, and every refused access. */
export const READ_ACTIONS = {
  read: 'read',
  readList: 'read_list',
  unauthenticated: 'access_unauthenticated',
  denied: 'access_denied',
} as const;

/**
 * The audit rows of READS and of REFUSED accesses (issue 13 item 10: who read which patient's data,
 * which route; never the data itself).
 *
 * Reads are written before their answer is sent (`write`, issue 27 item 5: twenty reads and a
 * `kill -9` within a second had lost every row of the one-second batch). A read waits for one INSERT
 * and its own: a read arriving alone is written at once, and the reads of concurrent requests that
 * arrive while an INSERT is under way go together into the next one (a group commit), so under load
 * a row costs a share of one statement, not one each.
 *
 * Refusals (401, 403) are told synchronously by the guard and are queued (`push`), written in
 * batches every second or every 500 rows, and at shutdown: a crash can lose the refusals of at most
 * the last second. Writes are never in this log: every change is audited in its own transaction by
 * AuditService.record.
 *
 * Both go to audit_pending, which takes no lock (issue 33: the chain's one-transaction-at-a-time lock
 * had capped every audited read), and the database chains them into audit_log, in the order they were
 * stored and with the time they were stored at (`chain`): CHAIN_DELAY_MS after this server wrote
 * rows, every CHAIN_SWEEP_MS whatever waits (another server's, a crashed one's), at start-up, at
 * shutdown, and before anything reads the log (`chainNow`), so a reader never misses a read that
 * was answered.
 */
@Injectable()
export class AuditReadLog extends AccessRefusalListener implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('AuditReadLog');
  private buffer: AuditReadRow[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private dropped = 0;
  private waiting: Waiting[] = [];
  private inFlight = 0;
  /** An INSERT is due at the end of this turn of the event loop (scheduleWrites). */
  private scheduled = false;
  private idle: (() => void) | null = null;
  private chainTimer: NodeJS.Timeout | null = null;
  private sweep: NodeJS.Timeout | null = null;
  private chaining: Promise<void> | null = null;
  /** Rows the chaining moved since audit_pending was last vacuumed. */
  private movedSinceVacuum = 0;
  private vacuuming: Promise<void> | null = null;

  constructor(private readonly repository: AuditRepository) {
    super();
  }

  /** Stores one row, with the rows of the reads waiting meanwhile; resolves once it is in the database. */
  write(row: AuditReadRow): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ row, resolve, reject });
      this.scheduleWrites();
    });
  }

  /**
   * Starts the INSERTs at the end of this turn of the event loop, not at once: the answers of several
   * reads that PostgreSQL sent together arrive in one turn, and their rows then share one INSERT
   * (one statement, one round trip) instead of one each.
   */
  private scheduleWrites(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.startWrites();
    });
  }

  /** Starts an INSERT of what waits while fewer than WRITES_IN_FLIGHT are under way. */
  private startWrites(): void {
    while (this.inFlight < WRITES_IN_FLIGHT && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, FLUSH_ROWS);
      this.inFlight += 1;
      this.repository.insertMany(batch.map((w) => w.row)).then(
        () => {
          for (const w of batch) w.resolve();
          this.chainSoon();
        },
        (error: unknown) => {
          for (const w of batch) w.reject(error);
        },
      ).finally(() => {
        this.inFlight -= 1;
        this.startWrites();
        if (this.inFlight === 0) this.idle?.();
      });
    }
  }

  /** A read's own statement stored its row in audit_pending (read-audit.ts): chain it as soon as a row written here. */
  storedElsewhere(): void {
    this.chainSoon();
  }

  /** Queues one row; never waits for the database. */
  push(row: AuditReadRow): void {
    if (this.buffer.length >= MAX_BUFFERED_ROWS) {
      this.buffer.shift();
      this.dropped += 1;
    }
    this.buffer.push(row);
    if (this.buffer.length >= FLUSH_ROWS) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), FLUSH_INTERVAL_MS);
      this.timer.unref();
    }
  }

  /** A 401 or 403 of the guard: the route, the reason, the caller when known, the address. */
  refused({ request, status, reason, user }: AccessRefusal): void {
    const route = `${request.method} ${request.routeOptions?.url ?? request.url.split('?')[0]}`;
    this.push({
      actorId: user?.id ?? null,
      actorUsername: user?.username ?? null,
      entity: 'route',
      entityId: route,
      action: status === 401 ? READ_ACTIONS.unauthenticated : READ_ACTIONS.denied,
      changes: [
        { field: 'status', old: null, new: status },
        { field: 'reason', old: null, new: reason },
      ],
      ip: request.ip ?? null,
    });
  }

  /** Writes what waits now (and waits for a flush already under way). */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    while (this.flushing) await this.flushing;
    if (this.buffer.length === 0) return;
    const rows = this.buffer;
    this.buffer = [];
    this.flushing = (async () => {
      try {
        await this.repository.insertMany(rows);
        this.chainSoon();
        if (this.dropped > 0) {
          this.logger.error(`${this.dropped} read audit rows were dropped while the database was away`);
          this.dropped = 0;
        }
      } catch (error) {
        // The database is away: keep the rows for the next try.
        this.logger.error(`Writing ${rows.length} read audit rows failed; retrying: ${error instanceof Error ? error.message : String(error)}`);
        this.buffer = [...rows, ...this.buffer].slice(-MAX_BUFFERED_ROWS);
        if (!this.timer) {
          this.timer = setTimeout(() => void this.flush(), FLUSH_INTERVAL_MS);
          this.timer.unref();
        }
      } finally {
        this.flushing = null;
      }
    })();
    await this.flushing;
  }

  /**
   * Writes the refusals that wait, then chains every pending row stored before this call (the reads
   * answered so far, this server's and any other's): call it before reading audit_log.
   */
  async chainNow(): Promise<void> {
    await this.flush();
    this.moved(await this.repository.chainPending());
  }

  /** Counts the rows a chaining moved, and vacuums audit_pending once VACUUM_AFTER_ROWS have been (never two at once). */
  private moved(rows: number): void {
    this.movedSinceVacuum += rows;
    if (this.movedSinceVacuum < VACUUM_AFTER_ROWS || this.vacuuming) return;
    this.movedSinceVacuum = 0;
    this.vacuuming = this.repository.vacuumPending().then(
      () => undefined,
      (error: unknown) => {
        this.logger.warn(`Vacuuming audit_pending failed: ${error instanceof Error ? error.message : String(error)}`);
      },
    ).finally(() => {
      this.vacuuming = null;
    });
  }

  /** Chains CHAIN_DELAY_MS from now, unless a chaining is already due. */
  private chainSoon(): void {
    if (this.chainTimer) return;
    this.chainTimer = setTimeout(() => {
      this.chainTimer = null;
      void this.chain();
    }, CHAIN_DELAY_MS);
    this.chainTimer.unref();
  }

  /** Chains what waits, one chaining of this server at a time; a failure is logged and tried again later. */
  private chain(): Promise<void> {
    this.chaining ??= this.repository.chainPending().then(
      (rows) => this.moved(rows),
      (error: unknown) => {
        this.logger.error(`Chaining the pending audit rows failed; trying again: ${error instanceof Error ? error.message : String(error)}`);
        this.chainSoon();
      },
    ).finally(() => {
      this.chaining = null;
    });
    return this.chaining;
  }

  /** At start-up: chain what an earlier run (or a crashed one) left, then sweep now and then. */
  async onApplicationBootstrap(): Promise<void> {
    await this.chain();
    this.sweep = setInterval(() => void this.chain(), CHAIN_SWEEP_MS);
    this.sweep.unref();
  }

  async onModuleDestroy(): Promise<void> {
    this.startWrites();
    if (this.inFlight > 0) await new Promise<void>((resolve) => (this.idle = resolve));
    await this.flush();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.sweep) clearInterval(this.sweep);
    this.sweep = null;
    if (this.chainTimer) clearTimeout(this.chainTimer);
    this.chainTimer = null;
    await this.chaining;
    await this.chain();
    await this.vacuuming;
    // A failed chaining at shutdown must not schedule another.
    if (this.chainTimer) clearTimeout(this.chainTimer);
    this.chainTimer = null;
  }
}
