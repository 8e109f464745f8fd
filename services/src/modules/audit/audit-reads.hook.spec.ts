import Fastify, { type FastifyInstance } from 'fastify';
import request from 'supertest';
import { declaredRoutes, ownHooks } from '../../../test/support/declared-routes.js';
import type { AuditReadLog } from './audit-read-log.js';
import { registerAuditReadsHook } from './audit-reads.hook.js';

type Entry = Parameters<AuditReadLog['push']>[0];

describe('the read-audit hook', () => {
  let fastify: FastifyInstance;
  let routes: ReturnType<typeof declaredRoutes>;
  let pushed: Entry[];

  beforeEach(async () => {
    pushed = [];
    fastify = Fastify();
    registerAuditReadsHook(fastify, { push: (entry: Entry) => void pushed.push(entry) });
    routes = declaredRoutes(fastify);
    fastify.get('/api/patients', async () => ({ items: [{ _id: 'p1' }, { _id: 'p2' }], count: 2 }));
    fastify.get('/api/patients/:patientid', async () => ({ _id: 'p1', firstName: 'Ana' }));
    fastify.get('/api/patients/all/count', async () => ({ count: 2 }));
    fastify.put('/api/patients/:patientid', async () => ({ _id: 'p1' }));
    fastify.post('/api/accounts/auth', async () => ({ username: 'u' }));
    await fastify.ready();
  });
  afterEach(() => fastify.close());

  it('records a successful read of patient data with its route and ids, never the data', async () => {
    await request(fastify.server).get('/api/patients/p1').expect(200);
    await request(fastify.server).get('/api/patients?page=0&search=ana').expect(200);
    expect(pushed).toEqual([
      expect.objectContaining({ entity: 'patient_read', entityId: 'p1', changes: [{ field: 'route', old: null, new: 'GET /api/patients/:patientid' }] }),
      expect.objectContaining({
        entity: 'patient_read',
        entityId: null,
        changes: [
          { field: 'route', old: null, new: 'GET /api/patients' },
          { field: 'query', old: null, new: { page: '0', search: true } },
          { field: 'patientIds', old: null, new: ['p1', 'p2'] },
        ],
      }),
    ]);
  });

  it('records nothing for the counts, the writes, a HEAD or the session check', async () => {
    await request(fastify.server).get('/api/patients/all/count').expect(200);
    await request(fastify.server).put('/api/patients/p1').expect(200);
    await request(fastify.server).head('/api/patients/p1').expect(200);
    await request(fastify.server).post('/api/accounts/auth').expect(200);
    expect(pushed).toEqual([]);
  });

  it('is given, as they are declared, to the GET routes that read patient data alone: other routes pass no preSerialization hook', () => {
    expect(ownHooks(routes, 'GET /api/patients', 'preSerialization')).toBe(1);
    expect(ownHooks(routes, 'GET /api/patients/:patientid', 'preSerialization')).toBe(1);
    expect(ownHooks(routes, 'GET /api/patients/all/count', 'preSerialization')).toBe(0);
    expect(ownHooks(routes, 'PUT /api/patients/:patientid', 'preSerialization')).toBe(0);
    expect(ownHooks(routes, 'POST /api/accounts/auth', 'preSerialization')).toBe(0);
  });
});
