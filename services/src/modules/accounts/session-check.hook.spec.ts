import Fastify, { type FastifyInstance } from 'fastify';
import request from 'supertest';
import { PERMISSIONS } from '@pnss/libs/permissions';
import { declaredRoutes, ownHooks } from '../../../test/support/declared-routes.js';
import { decideAccess, decideAccessFromMemory } from '../auth/access.guard.js';
import type { AuthenticatedUser } from '../auth/authenticated-user.js';
import { AuthenticationError } from '../auth/jwt.strategy.js';
import { registerSessionCheckHook } from './session-check.hook.js';

const caller: AuthenticatedUser = Object.freeze({
  id: '11111111-1111-4111-8111-111111111111', username: 'mdelacruz', firstname: 'Maria', lastname: 'Dela Cruz',
  role: 'clinician', permissions: [PERMISSIONS.GET_PATIENTS], sessionId: '22222222-2222-4222-8222-222222222222', ip: '127.0.0.1',
});

describe('the session check answered before Nest', () => {
  let fastify: FastifyInstance;
  let routes: ReturnType<typeof declaredRoutes>;
  let outcome: () => Promise<AuthenticatedUser>;
  let inMemory: () => AuthenticatedUser | undefined;
  let handled: string[];

  beforeEach(async () => {
    handled = [];
    outcome = async () => caller;
    inMemory = () => undefined;
    fastify = Fastify();
    registerSessionCheckHook(
      fastify,
      { authenticate: () => outcome(), authenticateFromMemory: () => inMemory() },
      { session: (user) => ({ username: user.username, answeredBy: 'the session' }) as never },
    );
    routes = declaredRoutes(fastify);
    // Stand-ins for Nest's handlers: reached only when the hook lets the request go on.
    fastify.post('/api/accounts/auth', async () => {
      handled.push('POST /api/accounts/auth');
      return { answeredBy: 'Nest' };
    });
    fastify.post('/api/accounts/logout', async () => {
      handled.push('POST /api/accounts/logout');
      return { message: 'Signed out' };
    });
    await fastify.ready();
  });
  afterEach(() => fastify.close());

  it('answers an admitted caller with the session answer, 200, without reaching the handler', async () => {
    const answer = await request(fastify.server).post('/api/accounts/auth').expect(200);
    expect(answer.body).toEqual({ username: 'mdelacruz', answeredBy: 'the session' });
    expect(handled).toEqual([]);
  });

  it('answers a caller whose session is in memory without asking for it, and refuses nothing itself from memory', async () => {
    outcome = async () => {
      throw new Error('the session was asked for although it was in memory');
    };
    inMemory = () => caller;
    expect((await request(fastify.server).post('/api/accounts/auth').expect(200)).body).toEqual({ username: 'mdelacruz', answeredBy: 'the session' });
    for (const refusal of [new AuthenticationError('missing'), new AuthenticationError('invalid'), new Error('the cache is broken')]) {
      inMemory = () => {
        throw refusal;
      };
      expect((await request(fastify.server).post('/api/accounts/auth').expect(200)).body).toEqual({ answeredBy: 'Nest' });
    }
    expect(handled).toHaveLength(3);
  });

  it('leaves every request it does not admit to the handler, whose guard refuses it: no token, a refused token, a failure', async () => {
    for (const refusal of [new AuthenticationError('missing'), new AuthenticationError('invalid'), new Error('the database is unreachable')]) {
      outcome = async () => {
        throw refusal;
      };
      const answer = await request(fastify.server).post('/api/accounts/auth').expect(200);
      expect(answer.body).toEqual({ answeredBy: 'Nest' });
    }
    expect(handled).toHaveLength(3);
  });

  it('is given to the session check alone', async () => {
    expect(ownHooks(routes, 'POST /api/accounts/auth', 'preHandler')).toBe(1);
    expect(ownHooks(routes, 'POST /api/accounts/logout', 'preHandler')).toBe(0);
    await request(fastify.server).post('/api/accounts/logout').expect(200);
    expect(handled).toEqual(['POST /api/accounts/logout']);
  });
});

describe('decideAccess, the one access decision of the guard and of the session check', () => {
  const request = {} as never;
  const authenticating = (result: AuthenticatedUser | Error) => ({
    authenticate: async () => {
      if (result instanceof Error) throw result;
      return result;
    },
  });

  it('admits anyone to a public route, without asking for a token', async () => {
    let asked = 0;
    const authenticator = {
      authenticate: async () => {
        asked += 1;
        return caller;
      },
    };
    expect(await decideAccess({ kind: 'public' }, authenticator, request)).toEqual({ admitted: true, user: null });
    expect(asked).toBe(0);
  });

  it('refuses with a 401 that says whether the token was missing or refused', async () => {
    expect(await decideAccess({ kind: 'authenticated' }, authenticating(new AuthenticationError('missing')), request)).toEqual({ admitted: false, status: 401, failure: 'missing' });
    expect(await decideAccess({ kind: 'authenticated' }, authenticating(new AuthenticationError('invalid')), request)).toEqual({ admitted: false, status: 401, failure: 'invalid' });
  });

  it("refuses with a 403 a role without the route's permission, and admits one with it", async () => {
    const rule = { kind: 'permissions', mode: 'all', permissions: [PERMISSIONS.GET_ROLES] } as const;
    expect(await decideAccess(rule, authenticating(caller), request)).toEqual({ admitted: false, status: 403, user: caller });
    expect(await decideAccess({ ...rule, permissions: [PERMISSIONS.GET_PATIENTS] }, authenticating(caller), request)).toEqual({ admitted: true, user: caller });
  });

  it('decides the same from memory, and says nothing (undefined) when only the database can say', () => {
    const fromMemory = (result: AuthenticatedUser | Error | undefined) => ({
      authenticateFromMemory: () => {
        if (result instanceof Error) throw result;
        return result;
      },
    });
    const rule = { kind: 'permissions', mode: 'all', permissions: [PERMISSIONS.GET_ROLES] } as const;
    expect(decideAccessFromMemory({ kind: 'authenticated' }, fromMemory(undefined), request)).toBeUndefined();
    expect(decideAccessFromMemory({ kind: 'authenticated' }, fromMemory(caller), request)).toEqual({ admitted: true, user: caller });
    expect(decideAccessFromMemory(rule, fromMemory(caller), request)).toEqual({ admitted: false, status: 403, user: caller });
    expect(decideAccessFromMemory({ kind: 'authenticated' }, fromMemory(new AuthenticationError('invalid')), request)).toEqual({ admitted: false, status: 401, failure: 'invalid' });
    expect(() => decideAccessFromMemory({ kind: 'authenticated' }, fromMemory(new Error('the cache is broken')), request)).toThrow('broken');
  });

  it('throws a failure that is not a refusal', async () => {
    await expect(decideAccess({ kind: 'authenticated' }, authenticating(new Error('the database is unreachable')), request)).rejects.toThrow('unreachable');
  });
});
