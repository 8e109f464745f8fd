import Fastify, { type FastifyInstance } from 'fastify';
import request from 'supertest';
import { declaredRoutes, ownHooks } from '../../../test/support/declared-routes.js';
import { isAuthWrite, registerSessionCacheHook } from './session-cache.hook.js';

describe('the session-cache hook', () => {
  let fastify: FastifyInstance;
  let clears: number;
  let routes: ReturnType<typeof declaredRoutes>;

  beforeEach(async () => {
    clears = 0;
    fastify = Fastify();
    registerSessionCacheHook(fastify, { clearCache: () => (clears += 1) });
    routes = declaredRoutes(fastify);
    fastify.post('/api/accounts/login', async () => ({ token: 't' }));
    fastify.post('/api/accounts/auth', async () => ({ username: 'u' }));
    fastify.post('/api/accounts/logout', async () => ({ message: 'Signed out' }));
    fastify.put('/api/accounts/:userid', async () => ({ _id: 'u' }));
    fastify.get('/api/accounts', async () => ({ items: [] }));
    fastify.put('/api/roles', async () => []);
    fastify.put('/api/patients/:patientid', async () => ({ _id: 'p' }));
    fastify.route({ method: ['GET', 'POST'], url: '/api/roles/both', handler: async () => ({}) });
    fastify.put('/api/roles/failing', async () => {
      throw new Error('the transaction failed');
    });
    await fastify.ready();
  });
  afterEach(() => fastify.close());

  it('clears the cache before the answer of every write to accounts or roles leaves, a failed one too', async () => {
    await request(fastify.server).post('/api/accounts/logout').expect(200);
    await request(fastify.server).put('/api/accounts/u1').expect(200);
    await request(fastify.server).put('/api/roles').expect(200);
    await request(fastify.server).post('/api/roles/both').expect(200);
    await request(fastify.server).put('/api/roles/failing').expect(500);
    expect(clears).toBe(5);
  });

  it('leaves the cache alone for sign-in, the session check, reads and writes elsewhere', async () => {
    await request(fastify.server).post('/api/accounts/login').expect(200);
    await request(fastify.server).post('/api/accounts/auth').expect(200);
    await request(fastify.server).get('/api/accounts').expect(200);
    await request(fastify.server).get('/api/roles/both').expect(200);
    await request(fastify.server).put('/api/patients/p1').expect(200);
    expect(clears).toBe(0);
  });

  it('is given to the write routes of accounts and roles alone: the session check passes no onSend hook', () => {
    expect(ownHooks(routes, 'POST /api/accounts/auth', 'onSend')).toBe(0);
    expect(ownHooks(routes, 'POST /api/accounts/login', 'onSend')).toBe(0);
    expect(ownHooks(routes, 'GET /api/accounts', 'onSend')).toBe(0);
    expect(ownHooks(routes, 'PUT /api/patients/:patientid', 'onSend')).toBe(0);
    expect(ownHooks(routes, 'PUT /api/roles', 'onSend')).toBe(1);
    expect(ownHooks(routes, 'PUT /api/accounts/:userid', 'onSend')).toBe(1);
  });

  it('counts as a write any method but GET and HEAD to accounts or roles, sign-in and the session check excepted', () => {
    expect(isAuthWrite('PUT', '/api/accounts/:userid')).toBe(true);
    expect(isAuthWrite('post', '/api/roles')).toBe(true);
    expect(isAuthWrite('DELETE', '/api/roles?x=1')).toBe(true);
    expect(isAuthWrite('GET', '/api/accounts')).toBe(false);
    expect(isAuthWrite('HEAD', '/api/roles')).toBe(false);
    expect(isAuthWrite('POST', '/api/accounts/login')).toBe(false);
    expect(isAuthWrite('POST', '/api/accounts/auth')).toBe(false);
    expect(isAuthWrite('POST', '/api/accountsx')).toBe(false);
  });
});
