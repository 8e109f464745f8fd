import { PERMISSIONS } from '@pnss/libs/permissions';
import Fastify, { type FastifyInstance } from 'fastify';
import request from 'supertest';
import { declaredRoutes, ownHooks } from '../../../test/support/declared-routes.js';
import { registerAnswerScopeHook } from './answer-scope.hook.js';

const PATIENT = { _id: 'p1', version: 3, firstName: 'Ana', lastName: 'Cruz' };

describe('the answer-scope hook', () => {
  let fastify: FastifyInstance;
  let routes: ReturnType<typeof declaredRoutes>;

  beforeEach(async () => {
    fastify = Fastify();
    registerAnswerScopeHook(fastify);
    routes = declaredRoutes(fastify);
    // The guard's part: the caller, with the permissions a header names.
    fastify.addHook('preHandler', async (req) => {
      (req as typeof req & { user: { permissions: string[] } }).user = { permissions: String(req.headers['x-permissions'] ?? '').split(',') };
    });
    fastify.put('/api/patients/:patientid', async () => PATIENT);
    fastify.post('/api/accounts/auth', async () => ({ username: 'u', permissions: [] }));
    fastify.get('/api/patients/:patientid', async () => PATIENT);
    await fastify.ready();
  });
  afterEach(() => fastify.close());

  it('answers a write only in its minimal fields to a caller without the read permission, in full to one with it', async () => {
    const without = await request(fastify.server).put('/api/patients/p1').set('x-permissions', PERMISSIONS.UPDATE_PATIENT).expect(200);
    expect(without.body).toEqual({ _id: 'p1', version: 3 });
    const holding = await request(fastify.server).put('/api/patients/p1').set('x-permissions', `${PERMISSIONS.UPDATE_PATIENT},${PERMISSIONS.FIND_PATIENT}`).expect(200);
    expect(holding.body).toEqual(PATIENT);
  });

  it('is given, as they are declared, to the routes whose rule has an answer scope alone: the session check and reads pass no preSerialization hook', () => {
    expect(ownHooks(routes, 'PUT /api/patients/:patientid', 'preSerialization')).toBe(1);
    expect(ownHooks(routes, 'POST /api/accounts/auth', 'preSerialization')).toBe(0);
    expect(ownHooks(routes, 'GET /api/patients/:patientid', 'preSerialization')).toBe(0);
  });
});
