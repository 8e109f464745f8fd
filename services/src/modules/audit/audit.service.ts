import { Injectable } from '@nestjs/common';
import type { Paged } from '@pnss/libs/api';
import { pagedList } from '../../common/paging/page-query.dto.js';
import type { Executor } from '../../database/database.service.js';
import type { AuditChange } from '../../database/schema.js';
import { AuditReadLog, READ_ACTIONS } from './audit-read-log.js';
import {
  type Activity, type ActivityFilter, type AuditFilter, AuditRepository, type AuditRow, type InsertedAuditRow, type RelatedAuditRows,
} from './audit.repository.js';
export type { RelatedAuditRows } from './audit.repository.js';

/** Who did it. An AuthenticatedUser is one; start-up seeding uses SYSTEM_ACTOR. */
export interface AuditActor {
  id: string | null;
  username: string | null;
  ip?: string | null;
}

export const SYSTEM_ACTOR: AuditActor = { id: null, username: 'system', ip: null };

export interface AuditRecord {
  /** null for an anonymous event such as a failed sign-in. */
  actor: AuditActor | null;
  /** What kind of thing changed: 'user', 'role', 'session', 'patient', 'case', 'package'... */
  entity: string;
  entityId: string | null;
  /** 'create', 'update', 'login', 'login_failed', 'close', 'export'... */
  action: string;
  /** From diffChanges(): never a password, a hash or a token. */
  changes?: AuditChange[];
  /** Overrides the actor's address (anonymous events). */
  ip?: string | null;
}

export type { AuditEntryView } from '@pnss/libs/api';
import type { AuditEntryView } from '@pnss/libs/api';

@Injectable()
export class AuditService {
  constructor(
    private readonly repository: AuditRepository,
    private readonly readLog: AuditReadLog,
  ) {}

  /**
   * Appends one row in the caller's transaction, so the change and its audit row commit or roll
   * back together. Call it with the same `tx` as the change, never with the bare database.
   */
  async record(tx: Executor, entry: AuditRecord): Promise<void> {
    await this.repository.insert(tx, rowOf(entry));
  }

  /** Newest first, 100 a page. */
  async list(filter: AuditFilter, offset: number | undefined): Promise<Paged<AuditEntryView>> {
    // The refusals still in memory are written and every stored read and refusal chained first
    // (migration 0031), so the screen shows every read answered so far.
    await this.readLog.chainNow();
    return pagedList(offset, (limit, skip) => this.repository.page(filter, limit, skip), toView);
  }

  /**
   * One record's history, oldest first, 100 a page: its own rows and the `related` rows that other
   * records (a census package) keep about it. The caller trims what a related row says of others.
   */
  async listOfRecord(own: { entity: string; entityId: string }, related: readonly RelatedAuditRows[], offset: number | undefined): Promise<Paged<AuditEntryView>> {
    await this.readLog.chainNow();
    return pagedList(offset, (limit, skip) => this.repository.pageOfRecord(own, related, limit, skip), toView);
  }

  /** Recent rows of one kind, e.g. failed sign-ins from an address in the last 15 minutes. */
  async activitySince(filter: ActivityFilter): Promise<Activity> {
    // Reads and refusals may still wait to be chained; changes are in audit_log already.
    if ((Object.values(READ_ACTIONS) as string[]).includes(filter.action)) await this.readLog.chainNow();
    return this.repository.activitySince(filter);
  }
}

/** The row an audit record is stored as. */
export function rowOf(entry: AuditRecord): InsertedAuditRow {
  return {
    actorId: entry.actor?.id ?? null,
    actorUsername: entry.actor?.username ?? null,
    entity: entry.entity,
    entityId: entry.entityId,
    action: entry.action,
    changes: entry.changes ?? [],
    ip: entry.ip !== undefined ? entry.ip : (entry.actor?.ip ?? null),
  };
}

function toView(row: AuditRow): AuditEntryView {
  return {
    _id: String(row.id),
    at: row.at.toISOString(),
    actorId: row.actorId,
    actorUsername: row.actorUsername,
    entity: row.entity,
    entityId: row.entityId,
    action: row.action,
    changes: row.changes,
    ip: row.ip,
  };
}
