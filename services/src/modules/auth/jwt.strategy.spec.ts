import { jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { createSigner } from 'fast-jwt';
import type { AppConfig } from '../../config/app-config.js';
import { AuthenticationError, JwtStrategy } from './jwt.strategy.js';
import type { LiveSession, SessionsRepository } from './sessions.repository.js';

const SECRET = 'a-test-secret-of-enough-length-for-hs256';
const sign = createSigner({ key: SECRET, algorithm: 'HS256' });
const userId = randomUUID();
const sessionId = randomUUID();

function strategy() {
  const live: LiveSession = {
    sessionId, userId, username: 'clinician', firstname: 'Ana', lastname: 'Reyes', role: 'clinician', active: true,
    revokedAt: null, expiresAt: new Date(Date.now() + 3_600_000), permissions: [],
  };
  const findLive = jest.fn(async () => live);
  const cached = jest.fn((): LiveSession | undefined => undefined);
  const sessions = { findLive, cached } as unknown as SessionsRepository;
  return { jwt: new JwtStrategy({ jwtSecret: SECRET } as AppConfig, sessions), findLive, cached, live };
}

const request = (token: string) => ({ headers: { authorization: `Bearer ${token}` }, ip: '127.0.0.1' }) as unknown as FastifyRequest;
/**
 * The token with one character of its signature changed, inside it: the last character of a base64url
 * signature carries bits that no decoder reads, so changing the end alone can leave the same signature.
 */
const tampered = (token: string) => {
  const at = token.length - 20;
  return `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
};
const refusal = (promise: Promise<unknown>) => promise.then(() => 'accepted', (error: unknown) => (error instanceof AuthenticationError ? error.failure : String(error)));

describe('JwtStrategy: a verified token is remembered until its expiry, never past it', () => {
  afterEach(() => jest.restoreAllMocks());

  it('refuses a remembered token from the moment it expires', async () => {
    const { jwt } = strategy();
    const now = Date.now();
    const token = sign({ sub: userId, sid: sessionId, exp: Math.floor(now / 1000) + 2 });
    await expect(jwt.authenticate(request(token))).resolves.toMatchObject({ id: userId, sessionId });
    jest.spyOn(Date, 'now').mockReturnValue(now + 3_000);
    expect(await refusal(jwt.authenticate(request(token)))).toBe('invalid');
  });

  it('refuses a token whose signature was altered, after the genuine one was remembered', async () => {
    const { jwt } = strategy();
    const token = sign({ sub: userId, sid: sessionId, exp: Math.floor(Date.now() / 1000) + 600 });
    await jwt.authenticate(request(token));
    const last = token.at(-2) === 'A' ? 'B' : 'A';
    const forged = `${token.slice(0, -2)}${last}${token.at(-1)}`;
    expect(await refusal(jwt.authenticate(request(forged)))).toBe('invalid');
  });

  it('asks for the session on every request, remembered token or not (a sign-out applies at once)', async () => {
    const { jwt, findLive } = strategy();
    const token = sign({ sub: userId, sid: sessionId, exp: Math.floor(Date.now() / 1000) + 600 });
    await jwt.authenticate(request(token));
    findLive.mockResolvedValueOnce(null as unknown as LiveSession);
    expect(await refusal(jwt.authenticate(request(token)))).toBe('invalid');
    expect(findLive).toHaveBeenCalledTimes(2);
  });

  it('gives the requests of one loaded session from one address one frozen caller, and a new caller to another address or a reloaded session', async () => {
    const { jwt, findLive } = strategy();
    const token = sign({ sub: userId, sid: sessionId, exp: Math.floor(Date.now() / 1000) + 600 });
    const first = await jwt.authenticate(request(token));
    expect(await jwt.authenticate(request(token))).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    const elsewhere = await jwt.authenticate({ headers: { authorization: `Bearer ${token}` }, ip: '10.0.0.9' } as unknown as FastifyRequest);
    expect(elsewhere).not.toBe(first);
    expect(elsewhere).toMatchObject({ id: userId, sessionId, ip: '10.0.0.9' });
    const reloaded = { ...(await findLive()), role: 'admin' };
    findLive.mockResolvedValueOnce(reloaded);
    expect(await jwt.authenticate(request(token))).toMatchObject({ role: 'admin', ip: '127.0.0.1' });
  });

  it('refuses a token without an expiry, and one that names no session', async () => {
    const { jwt } = strategy();
    expect(await refusal(jwt.authenticate(request(sign({ sub: userId, sid: sessionId }))))).toBe('invalid');
    expect(await refusal(jwt.authenticate(request(sign({ sub: userId, exp: Math.floor(Date.now() / 1000) + 600 }))))).toBe('invalid');
    expect(await refusal(jwt.authenticate({ headers: {}, ip: null } as unknown as FastifyRequest))).toBe('missing');
  });
});

describe('JwtStrategy.authenticateFromMemory: the same caller and refusals, without waiting, while the session is in memory', () => {
  afterEach(() => jest.restoreAllMocks());

  it('gives the caller authenticate gives when the session is in memory, and undefined when only the database can say', async () => {
    const { jwt, cached, live } = strategy();
    const token = sign({ sub: userId, sid: sessionId, exp: Math.floor(Date.now() / 1000) + 600 });
    expect(jwt.authenticateFromMemory(request(token))).toBeUndefined();
    cached.mockReturnValue(live);
    expect(jwt.authenticateFromMemory(request(token))).toBe(await jwt.authenticate(request(token)));
  });

  it('refuses as authenticate does: no token, a forged or expired one, a revoked session, a deactivated user', () => {
    const { jwt, cached, live } = strategy();
    const failure = (run: () => unknown) => {
      try {
        run();
        return 'accepted';
      } catch (error) {
        return error instanceof AuthenticationError ? error.failure : String(error);
      }
    };
    cached.mockReturnValue(live);
    const token = sign({ sub: userId, sid: sessionId, exp: Math.floor(Date.now() / 1000) + 600 });
    expect(failure(() => jwt.authenticateFromMemory({ headers: {}, ip: '127.0.0.1' } as unknown as FastifyRequest))).toBe('missing');
    expect(failure(() => jwt.authenticateFromMemory(request(tampered(token))))).toBe('invalid');
    expect(failure(() => jwt.authenticateFromMemory(request(sign({ sub: userId, sid: sessionId, exp: Math.floor(Date.now() / 1000) - 1 }))))).toBe('invalid');
    cached.mockReturnValue({ ...live, revokedAt: new Date() });
    expect(failure(() => jwt.authenticateFromMemory(request(token)))).toBe('invalid');
    cached.mockReturnValue({ ...live, active: false });
    expect(failure(() => jwt.authenticateFromMemory(request(token)))).toBe('invalid');
  });
});
