import Fastify, { type FastifyInstance } from 'fastify';
import request from 'supertest';
import { declaredRoutes, ownHooks } from '../../../test/support/declared-routes.js';
import type { AuditReadLog } from './audit-read-log.js';
import { PATIENT_DATA_READS, registerAuditReadsHook } from './audit-reads.hook.js';

type Entry = Parameters<AuditReadLog['write']>[0];

describe('the read-audit hook', () => {
  let fastify: FastifyInstance;
  let routes: ReturnType<typeof declaredRoutes>;
  let pushed: Entry[];
  let stored: () => Promise<void>;

  beforeEach(async () => {
    pushed = [];
    stored = () => Promise.resolve();
    fastify = Fastify();
    registerAuditReadsHook(fastify, {
      push: () => undefined,
      write: (entry: Entry) => {
        pushed.push(entry);
        return stored();
      },
    });
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

  it('sends the answer only once its audit row is stored, and no answer when it cannot be (issue 27 item 5)', async () => {
    let store: () => void = () => undefined;
    stored = () => new Promise<void>((resolve) => (store = resolve));
    let answered = false;
    const reading = request(fastify.server).get('/api/patients/p1').then((res) => {
      answered = true;
      return res;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pushed).toHaveLength(1);
    expect(answered).toBe(false);
    store();
    expect((await reading).status).toBe(200);

    stored = () => Promise.reject(new Error('the database is away'));
    const refused = await request(fastify.server).get('/api/patients/p1');
    expect(refused.status).toBe(500);
    expect(JSON.stringify(refused.body)).not.toContain('Ana');
  });

  it('takes the audited routes from libs\' route table, the four submissions and duplicate reads included', () => {
    expect(Object.keys(PATIENT_DATA_READS).sort()).toEqual([
      '/api/patientcases', '/api/patientcases/:caseid', '/api/patients', '/api/patients/:patientid', '/api/patients/:patientid/cases',
      '/api/patients/:patientid/cases/:caseid', '/api/patients/:patientid/cases/:caseid/history', '/api/patients/duplicates',
      '/api/quality/cases', '/api/quality/summary', '/api/queries/case/:caseid', '/api/queries/worklist',
      '/api/submissions/:casetype', '/api/submissions/cases/closed', '/api/submissions/cases/packaged/:submissionid',
      '/api/worklists/:list',
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
