import { Injectable } from '@nestjs/common';
import type { FieldQueriesResponse, FieldQuery } from '@pnss/libs/api';
import { type QueryAction, QUERY_TRANSITIONS, queryActionRefusal } from '@pnss/libs/quality';
import { fieldMeta } from '@pnss/libs/validation';
import { pageWindow } from '../../common/paging/page-query.dto.js';
import { DatabaseService } from '../../database/database.service.js';
import { type AuditActor, AuditService } from '../audit/audit.service.js';
import type { QueryWorklist } from './dto/quality.dto.js';
import { QualityErrorCode, qualityError } from './quality.errors.js';
import { type QueryRow, QualityRepository } from './quality.repository.js';

const AUDIT_ACTION: Readonly<Record<QueryAction | 'raise', string>> = {
  raise: 'query_raise', answer: 'query_answer', reply: 'query_reply', close: 'query_close',
};

/**
 * Queries on a field of a case (issue 31): raised with a question, answered by whoever may edit the
 * case, replied to or closed by the reviewer, each step by the transitions of @pnss/libs/quality and
 * audited on the case (so it shows in the case's history) in the transaction that takes it.
 */
@Injectable()
export class QueriesService {
  constructor(
    private readonly repository: QualityRepository,
    private readonly database: DatabaseService,
    private readonly audit: AuditService,
  ) {}

  async raise(actor: AuditActor, caseId: string, field: string, question: string): Promise<FieldQuery> {
    const target = await this.repository.findCase(caseId.toLowerCase());
    if (!target) throw qualityError(QualityErrorCode.CaseNotFound);
    const text = question.trim();
    const id = await this.database.transaction(async (tx) => {
      const queryId = await this.repository.insertQuery(tx, {
        caseId: target.id, field, status: 'open', raisedBy: actor.id, raisedByUsername: actor.username,
      });
      await this.repository.addMessage(tx, { queryId, kind: 'question', text, byId: actor.id, byUsername: actor.username });
      await this.audit.record(tx, {
        actor, entity: 'case', entityId: target.id, action: AUDIT_ACTION.raise, changes: [{ field: `query:${field}`, old: null, new: text }],
      });
      return queryId;
    });
    return this.get(id);
  }

  /** Answer (the case's editor), reply (the reviewer: open again) or close (the reviewer). */
  async step(actor: AuditActor, queryId: string, action: QueryAction, words: string | undefined): Promise<FieldQuery> {
    const text = (words ?? '').trim();
    await this.database.transaction(async (tx) => {
      const query = await this.repository.lockQuery(tx, queryId.toLowerCase());
      if (!query) throw qualityError(QualityErrorCode.QueryNotFound);
      const refusal = queryActionRefusal(action, query.status);
      if (refusal) throw qualityError(QualityErrorCode.QueryStepRefused, { message: refusal });
      const to = QUERY_TRANSITIONS[action].to;
      await this.repository.setStatus(tx, query.id, to);
      if (text !== '' || action !== 'close') {
        await this.repository.addMessage(tx, { queryId: query.id, kind: action, text, byId: actor.id, byUsername: actor.username });
      }
      await this.audit.record(tx, {
        actor, entity: 'case', entityId: query.caseId, action: AUDIT_ACTION[action],
        changes: [{ field: `query:${query.field}`, old: query.status, new: to }, ...(text ? [{ field: 'text', old: null, new: text }] : [])],
      });
    });
    return this.get(queryId.toLowerCase());
  }

  async forCase(caseId: string): Promise<FieldQueriesResponse> {
    const target = await this.repository.findCase(caseId.toLowerCase());
    if (!target) throw qualityError(QualityErrorCode.CaseNotFound);
    const { rows, count } = await this.repository.queriesOfCase(target.id);
    return { result: rows.map(toFieldQuery), count };
  }

  /** A worklist: the open queries on the caller's cases, or the answered queries the caller raised. */
  async worklist(userId: string, list: QueryWorklist, offset: number | undefined): Promise<FieldQueriesResponse & { offset: number }> {
    const { page, limit, skip } = pageWindow(offset);
    const { rows, count } = list === 'for-me'
      ? await this.repository.queriesForAuthor(userId, limit, skip)
      : await this.repository.answeredQueriesOf(userId, limit, skip);
    return { result: rows.map(toFieldQuery), count, offset: page };
  }

  private async get(queryId: string): Promise<FieldQuery> {
    const { rows } = await this.repository.query(queryId);
    if (rows.length === 0) throw qualityError(QualityErrorCode.QueryNotFound);
    return toFieldQuery(rows[0]);
  }
}

const iso = (value: unknown): string => new Date(value as string | Date).toISOString();

function toFieldQuery(row: QueryRow): FieldQuery {
  return {
    _id: row.id,
    caseId: row.caseId,
    caseNum: row.caseNum,
    patientid: row.patientId,
    field: row.field,
    label: fieldMeta(row.field).label,
    status: row.status,
    raisedBy: row.raisedByUsername,
    raisedAt: iso(row.raisedAt),
    updatedAt: iso(row.updatedAt),
    messages: row.messages.map((m) => ({ ...m, at: iso(m.at) })),
  };
}
