import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PatientReadAudit } from '@pnss/libs/permissions';
import type { AuditChange } from '../../database/schema.js';
import type { AuthenticatedUser } from '../auth/authenticated-user.js';
import { READ_ACTIONS } from './audit-read-log.js';
import { PATIENT_DATA_READS } from './audit-routes.js';

/** The list filters worth recording; `search` is recorded as used or not, never its text (a name). */
const QUERY_KEYS = ['tag', 'cases', 'page', 'offset', 'fromdate', 'todate'] as const;

/** Set on a request once its read's audit row was stored by the read's own statement (the hook then writes none). */
const STORED = Symbol('read audit stored');
type Marked = FastifyRequest & { user?: AuthenticatedUser; [STORED]?: true };

/**
 * A read's audit row as the server knows it before the read: who, which route, which record, the
 * filters and the address. A list's row also names the records it answered (`idsField`): they go
 * between the changes before them (`head`: the route, the filters) and after them (`tail`: the other
 * path parameters), so the row reads the same whichever way it was stored.
 */
export interface ReadAuditParts {
  actorId: string | null;
  actorUsername: string | null;
  entity: PatientReadAudit['entity'];
  entityId: string | null;
  action: (typeof READ_ACTIONS)['read' | 'readList'];
  head: AuditChange[];
  tail: AuditChange[];
  idsField: 'patientIds' | 'caseIds' | null;
  ip: string | null;
}

/** What a read's audit row holds, from the request and its route's rule (libs' ROUTE_PERMISSIONS `audit`). */
export function readAuditParts(request: FastifyRequest & { user?: AuthenticatedUser }, url: string, kind: PatientReadAudit): ReadAuditParts {
  const user = request.user;
  const params = (request.params ?? {}) as Record<string, string | undefined>;
  const query = (request.query ?? {}) as Record<string, unknown>;
  const head: AuditChange[] = [{ field: 'route', old: null, new: `GET ${url}` }];
  if (kind.list) {
    const filters: Record<string, unknown> = {};
    for (const key of QUERY_KEYS) if (query[key] !== undefined) filters[key] = query[key];
    if (typeof query.search === 'string' && query.search.trim() !== '') filters.search = true;
    head.push({ field: 'query', old: null, new: filters });
  }
  const tail: AuditChange[] = [];
  for (const [name, value] of Object.entries(params)) {
    if (name === kind.idParam || value === undefined) continue;
    tail.push({ field: name === 'patientid' ? 'patientId' : name, old: null, new: value });
  }
  return {
    actorId: user?.id ?? null,
    actorUsername: user?.username ?? null,
    entity: kind.entity,
    entityId: kind.idParam ? (params[kind.idParam] ?? null) : null,
    action: kind.list ? READ_ACTIONS.readList : READ_ACTIONS.read,
    head,
    tail,
    idsField: kind.list ? (kind.entity === 'patient_read' ? 'patientIds' : 'caseIds') : null,
    ip: request.ip ?? null,
  };
}

/**
 * The audit row of one read, for the read's own statement to store (audit.repository.ts,
 * `auditedRows`): one statement, one round trip, instead of the read and then an INSERT (issue 33).
 * Once the statement answered, `stored()` tells the audit hook, which then writes nothing; a read
 * that did not store it is written by the hook.
 */
export class ReadAudit {
  constructor(
    private readonly request: Marked,
    readonly parts: ReadAuditParts,
    /**
     * No other patient-data read was under way when this one began (AuditedRead): its statement then
     * stores the row itself; alongside others, the hook's grouped INSERT is cheaper (auditedRows).
     */
    readonly alone = false,
  ) {}

  /** A list's row names the records it answered; a record's is stored only when the record was found. */
  get list(): boolean {
    return this.parts.idsField !== null;
  }

  /** The statement's parameter: the row as one JSON object. */
  get value(): string {
    const p = this.parts;
    return JSON.stringify({
      actor_id: p.actorId,
      actor_username: p.actorUsername,
      entity: p.entity,
      entity_id: p.entityId,
      action: p.action,
      head: p.head,
      tail: p.tail,
      ids_field: p.idsField,
      ip: p.ip,
    });
  }

  /** The statement that stored the row has answered: the hook must not store it again. */
  stored(): void {
    this.request[STORED] = true;
  }
}

/** Whether the read's own statement stored its audit row (ReadAudit.stored). */
export function readAuditStored(request: FastifyRequest): boolean {
  return (request as Marked)[STORED] === true;
}

/**
 * The read's audit, when the route answers patient data (PATIENT_DATA_READS); undefined on any other
 * route. The read is counted as under way until its answer has gone (`alone`).
 */
export function readAuditOf(request: FastifyRequest & { user?: AuthenticatedUser }, reply: FastifyReply): ReadAudit | undefined {
  const url = request.routeOptions?.url;
  const kind = request.method === 'GET' && url ? PATIENT_DATA_READS[url] : undefined;
  if (!kind) return undefined;
  return new ReadAudit(request, readAuditParts(request, url as string, kind), readBegins(reply));
}

/** `@AuditedRead() audit: ReadAudit | undefined` in the handler of a patient-data read: give it to the read's repository. */
export const AuditedRead = createParamDecorator((_data: unknown, context: ExecutionContext): ReadAudit | undefined => {
  const http = context.switchToHttp();
  return readAuditOf(http.getRequest<Marked>(), http.getResponse<FastifyReply>());
});

/** Patient-data reads begun (AuditedRead) whose answer has not gone yet. */
let readsUnderWay = 0;

/** Counts a read until its response closes (answered, failed or cut); whether it was the only one under way. */
function readBegins(reply: FastifyReply): boolean {
  readsUnderWay += 1;
  reply.raw.once('close', () => {
    readsUnderWay -= 1;
  });
  return readsUnderWay === 1;
}
