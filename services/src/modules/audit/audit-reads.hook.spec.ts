import Fastify, { type FastifyInstance } from 'fastify';
import request from 'supertest';
import { declaredRoutes, ownHooks } from '../../../test/support/declared-routes.js';
import type { AuditReadLog } from './audit-read-log.js';
import { PATIENT_DATA_READS, registerAuditReadsHook } from './audit-reads.hook.js';
import { readAuditOf, type readAuditParts } from './read-audit.js';

type Entry = Parameters<AuditReadLog['write']>[0];

describe('the read-audit hook', () => {
  let fastify: FastifyInstance;
  let routes: ReturnType<typeof declaredRoutes>;
  let pushed: Entry[];
  let stored: () => Promise<void>;
  let storedElsewhere: number;

  beforeEach(async () => {
    pushed = [];
    stored = () => Promise.resolve();
    storedElsewhere = 0;
    fastify = Fastify();
    registerAuditReadsHook(fastify, {
      push: () => undefined,
      storedElsewhere: () => {
        storedElsewhere += 1;
      },
      write: (entry: Entry) => {
        pushed.push(entry);
        return stored();
      },
    });
    routes = declaredRoutes(fastify);
    fastify.get('/api/patients', async () => ({ items: [{ _id: 'p1' }, { _id: 'p2' }], count: 2 }));
    fastify.get('/api/patients/:patientid', async (req, reply) => {
      // A read whose own statement stored the row (read-audit.ts) says so, as the repositories do.
      if ((req.query as { own?: string }).own) readAuditOf(req, reply)?.stored();
      return { _id: 'p1', firstName: 'Ana' };
    });
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

  it('writes no second row for a read whose own statement stored it, and has it chained as soon as a row written here', async () => {
    const own = await request(fastify.server).get('/api/patients/p1?own=1').expect(200);
    expect(own.body).toEqual({ _id: 'p1', firstName: 'Ana' });
    expect(pushed).toEqual([]);
    expect(storedElsewhere).toBe(1);
  });

  it('builds the same row for a statement to store as it writes itself (the route, the filters, the answered ids between them and the other parameters)', async () => {
    let parts: ReturnType<typeof readAuditParts> | undefined;
    fastify = Fastify();
    registerAuditReadsHook(fastify, { push: () => undefined, write: () => Promise.resolve(), storedElsewhere: () => undefined });
    fastify.get('/api/worklists/:list', async (req, reply) => {
      const audit = readAuditOf(req, reply);
      parts = audit?.parts;
      return { items: [] };
    });
    await fastify.ready();
    await request(fastify.server).get('/api/worklists/ready-to-approve?page=2&search=x').expect(200);
    expect(parts).toEqual({
      actorId: null, actorUsername: null, entity: 'case_read', entityId: null, action: 'read_list', ip: '127.0.0.1', idsField: 'caseIds',
      head: [{ field: 'route', old: null, new: 'GET /api/worklists/:list' }, { field: 'query', old: null, new: { page: '2', search: true } }],
      tail: [{ field: 'list', old: null, new: 'ready-to-approve' }],
    });
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
