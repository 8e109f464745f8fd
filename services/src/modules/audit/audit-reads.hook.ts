import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { type PatientReadAudit, ROUTE_PERMISSIONS, type RouteAccess, routeAccess } from '@pnss/libs/permissions';
import { addRouteHook, hookEachRoute, methodsOf } from '../../common/hooks/route-hooks.js';
import type { AuditChange } from '../../database/schema.js';
import type { AuthenticatedUser } from '../auth/authenticated-user.js';
import { type AuditReadLog, type AuditReadRow, READ_ACTIONS } from './audit-read-log.js';

/**
 * The routes that answer patient data, by Fastify route pattern, as libs' route table states them
 * (`audit` of ROUTE_PERMISSIONS): the lists and searches, a patient, a patient's cases, a case form,
 * its history, the case information, the duplicate check and the submissions' review lists. The
 * counts are totals, not anyone's data, and are not recorded.
 */
export const PATIENT_DATA_READS: Readonly<Record<string, PatientReadAudit>> = Object.fromEntries(
  Object.entries(ROUTE_PERMISSIONS as Record<string, RouteAccess>)
    .filter(([key, access]) => key.startsWith('GET ') && access.kind === 'permissions' && access.audit)
    .map(([key, access]) => [`/api${key.slice('GET '.length)}`, (access as { audit: PatientReadAudit }).audit]),
);

/** The list filters worth recording; `search` is recorded as used or not, never its text (a name). */
const QUERY_KEYS = ['tag', 'cases', 'page', 'offset', 'fromdate', 'todate'] as const;

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
 * of the rows it answered), the filters; never the data itself. The row is written by AuditReadLog,
 * which puts the reads of concurrent requests into one INSERT; the answer goes once it is stored,
 * and a read whose row cannot be stored is not answered. A Fastify preSerialization hook (it sees the
 * answer before it becomes JSON), not a Nest interceptor, given to the GET routes of
 * PATIENT_DATA_READS alone as they are declared: other routes pass no hook.
 */
export function registerAuditReadsHook(fastify: FastifyInstance, log: Pick<AuditReadLog, 'write' | 'push'>): void {
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
      log.write(readRow(request, url, kind, body)).then(
        () => done(null, body),
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
      );
    });
  });
}

function readRow(request: FastifyRequest & { user?: AuthenticatedUser }, url: string, kind: PatientReadAudit, body: unknown): AuditReadRow {
  const user = request.user;
  const params = (request.params ?? {}) as Record<string, string | undefined>;
  const query = (request.query ?? {}) as Record<string, unknown>;
  const changes: AuditChange[] = [{ field: 'route', old: null, new: `GET ${url}` }];
  if (kind.list) {
    const filters: Record<string, unknown> = {};
    for (const key of QUERY_KEYS) if (query[key] !== undefined) filters[key] = query[key];
    if (typeof query.search === 'string' && query.search.trim() !== '') filters.search = true;
    changes.push({ field: 'query', old: null, new: filters });
    changes.push({ field: kind.entity === 'patient_read' ? 'patientIds' : 'caseIds', old: null, new: idsOf(body) });
  }
  for (const [name, value] of Object.entries(params)) {
    if (name === kind.idParam || value === undefined) continue;
    changes.push({ field: name === 'patientid' ? 'patientId' : name, old: null, new: value });
  }
  return {
    actorId: user?.id ?? null,
    actorUsername: user?.username ?? null,
    entity: kind.entity,
    entityId: kind.idParam ? (params[kind.idParam] ?? null) : null,
    action: kind.list ? READ_ACTIONS.readList : READ_ACTIONS.read,
    changes,
    ip: request.ip ?? null,
  };
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
