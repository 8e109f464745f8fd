import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { type PatientReadAudit, routeAccess } from '@pnss/libs/permissions';
import { addRouteHook, hookEachRoute, methodsOf } from '../../common/hooks/route-hooks.js';
import type { AuthenticatedUser } from '../auth/authenticated-user.js';
import { type AuditReadLog, type AuditReadRow, READ_ACTIONS } from './audit-read-log.js';
import { PATIENT_DATA_READS } from './audit-routes.js';
import { readAuditParts, readAuditStored } from './read-audit.js';

export { PATIENT_DATA_READS } from './audit-routes.js';

function idsOf(body: unknown): string[] {
  const wrapped = body as { items?: unknown; result?: unknown } | null;
  const items = Array.isArray(body) ? body : (wrapped?.items ?? wrapped?.result);
  if (!Array.isArray(items)) return [];
  return items
    .map((item) => (item as { _id?: unknown } | null)?._id)
    .filter((id): id is string => typeof id === 'string');
}

/**
 * Records every successful read of patient data in the audit log before the answer leaves (issue 27
 * item 5: a crash must lose no read): who, which route, which patient or case (for a list, the ids
 * of the rows it answered), the filters; never the data itself. A read whose statement stored its
 * row itself (read-audit.ts: the hot reads, one statement instead of two) passes; any other read's
 * row is written here by AuditReadLog, which puts the reads of concurrent requests into one INSERT;
 * the answer goes once it is stored,
 * and a read whose row cannot be stored is not answered. A Fastify preSerialization hook (it sees the
 * answer before it becomes JSON), not a Nest interceptor, given to the GET routes of
 * PATIENT_DATA_READS alone as they are declared: other routes pass no hook.
 */
export function registerAuditReadsHook(fastify: FastifyInstance, log: Pick<AuditReadLog, 'write' | 'push' | 'storedElsewhere'>): void {
  hookEachRoute(fastify, (route) => {
    auditRefusedTickets(route, log);
    const kind = methodsOf(route).includes('GET') ? PATIENT_DATA_READS[route.url] : undefined;
    if (!kind) return;
    const url = route.url;
    addRouteHook(route, 'preSerialization', (request: FastifyRequest & { user?: AuthenticatedUser }, reply: FastifyReply, body: unknown, done: (error: Error | null, body?: unknown) => void) => {
      if (request.method !== 'GET' || reply.statusCode >= 300) {
        done(null, body);
        return;
      }
      // The read's own statement stored its row (audit.repository.ts, auditedRows): chain it soon, as a row written here.
      if (readAuditStored(request)) {
        log.storedElsewhere();
        done(null, body);
        return;
      }
      log.write(readRow(request, url, kind, body)).then(
        () => done(null, body),
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
      );
    });
  });
}

/** The hook's row: the read's parts (read-audit.ts, the same as a statement stores), with a list's answered ids. */
function readRow(request: FastifyRequest & { user?: AuthenticatedUser }, url: string, kind: PatientReadAudit, body: unknown): AuditReadRow {
  const { head, tail, idsField, ...row } = readAuditParts(request, url, kind);
  const ids = idsField ? [{ field: idsField, old: null, new: idsOf(body) }] : [];
  return { ...row, changes: [...head, ...ids, ...tail] };
}

/**
 * A route whose credential is a single-use ticket (the package download) is public to the guard, so
 * the guard never sees its refusals: a ticket refused (403) is recorded here, on its way out, as the
 * guard records its own (issue 27 item 5).
 */
function auditRefusedTickets(route: RouteOptions, log: Pick<AuditReadLog, 'push'>): void {
  const key = `${methodsOf(route)[0]} ${route.url.replace(/^\/api/u, '')}`;
  const access = routeAccess(key);
  if (access?.kind !== 'public' || access.credential !== 'ticket') return;
  const url = route.url;
  addRouteHook(route, 'onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: Error | null, payload?: unknown) => void) => {
    if (reply.statusCode === 403) {
      log.push({
        actorId: null,
        actorUsername: null,
        entity: 'route',
        entityId: `${request.method} ${url}`,
        action: READ_ACTIONS.denied,
        changes: [
          { field: 'status', old: null, new: 403 },
          { field: 'reason', old: null, new: 'download ticket refused' },
        ],
        ip: request.ip ?? null,
      });
    }
    done(null, payload);
  });
}
