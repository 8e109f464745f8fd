import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { addRouteHook, hookEachRoute, methodsOf } from '../../common/hooks/route-hooks.js';
import type { AuditChange } from '../../database/schema.js';
import type { AuthenticatedUser } from '../auth/authenticated-user.js';
import { type AuditReadLog, READ_ACTIONS } from './audit-read-log.js';

/**
 * Reads are their own entities ('patient_read', 'case_read'), so a record's history of changes
 * (entity 'patient' or 'case') never fills with who looked at it.
 */
type ReadKind = { entity: 'patient_read' | 'case_read'; list: boolean; idParam?: string };

/**
 * The routes that read patient data (SPEC.md §7), by Fastify route pattern: the lists and searches,
 * a patient, a patient's cases, a case form, its history and the case information. The counts are
 * totals, not anyone's data, and are not recorded.
 */
export const PATIENT_DATA_READS: Readonly<Record<string, ReadKind>> = {
  '/api/patients': { entity: 'patient_read', list: true },
  '/api/patients/:patientid': { entity: 'patient_read', list: false, idParam: 'patientid' },
  '/api/patients/:patientid/cases': { entity: 'patient_read', list: true, idParam: 'patientid' },
  '/api/patients/:patientid/cases/:caseid': { entity: 'case_read', list: false, idParam: 'caseid' },
  '/api/patients/:patientid/cases/:caseid/history': { entity: 'case_read', list: false, idParam: 'caseid' },
  '/api/patientcases': { entity: 'case_read', list: true },
  '/api/patientcases/:caseid': { entity: 'case_read', list: false, idParam: 'caseid' },
};

/** The list filters worth recording; `search` is recorded as used or not, never its text (a name). */
const QUERY_KEYS = ['tag', 'cases', 'page', 'offset', 'fromdate', 'todate'] as const;

function idsOf(body: unknown): string[] {
  const items = Array.isArray(body) ? body : (body as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) return [];
  return items
    .map((item) => (item as { _id?: unknown } | null)?._id)
    .filter((id): id is string => typeof id === 'string');
}

/**
 * Records every successful read of patient data in the audit log, off the request path (AuditReadLog
 * buffers and writes in batches): who, which route, which patient or case (for a list, the ids of
 * the rows it answered), the filters; never the data itself. A Fastify preSerialization hook (it
 * sees the answer before it becomes JSON), not a Nest interceptor, given to the GET routes of
 * PATIENT_DATA_READS alone as they are declared: other routes pass no hook.
 */
export function registerAuditReadsHook(fastify: FastifyInstance, log: Pick<AuditReadLog, 'push'>): void {
  hookEachRoute(fastify, (route) => {
    const kind = methodsOf(route).includes('GET') ? PATIENT_DATA_READS[route.url] : undefined;
    if (!kind) return;
    const url = route.url;
    addRouteHook(route, 'preSerialization', (request: FastifyRequest & { user?: AuthenticatedUser }, reply: FastifyReply, body: unknown, done: (error: Error | null, body?: unknown) => void) => {
      if (request.method === 'GET' && reply.statusCode < 300) recordRead(log, request, url, kind, body);
      done(null, body);
    });
  });
}

function recordRead(log: Pick<AuditReadLog, 'push'>, request: FastifyRequest & { user?: AuthenticatedUser }, url: string, kind: ReadKind, body: unknown): void {
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
  if (params.patientid && kind.idParam !== 'patientid') changes.push({ field: 'patientId', old: null, new: params.patientid });
  log.push({
    actorId: user?.id ?? null,
    actorUsername: user?.username ?? null,
    entity: kind.entity,
    entityId: kind.idParam ? (params[kind.idParam] ?? null) : null,
    action: kind.list ? READ_ACTIONS.readList : READ_ACTIONS.read,
    changes,
    ip: request.ip ?? null,
  });
}
