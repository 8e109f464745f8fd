import type { LoggerService } from '@nestjs/common';
import Fastify, { type FastifyInstance } from 'fastify';
import request, { type Response } from 'supertest';
import { AppError } from '../errors/app-error.js';
import { toErrorAnswer } from '../errors/error-envelope.js';
import { registerRateLimit, tooManyRequests } from './rate-limit.js';

const quiet: LoggerService = { log: () => undefined, error: () => undefined, warn: () => undefined };

/**
 * A bare Fastify with the limit at 3 a minute, answering errors as AllExceptionsFilter does, and
 * trusting X-Forwarded-For (as TRUST_PROXY does) so a test can pose as several addresses.
 */
async function build(): Promise<FastifyInstance> {
  const fastify = Fastify({ trustProxy: true });
  await registerRateLimit(fastify, { perMinute: 3 });
  fastify.get('/api/x', async () => ({ ok: true }));
  fastify.get('/api/bad', async () => {
    throw new AppError(400, 'The request is not valid');
  });
  fastify.get('/static.js', async (_request, reply) => reply.type('text/javascript').send('export {};'));
  fastify.setErrorHandler((error, _request, reply) => {
    const { envelope, headers } = toErrorAnswer(error, quiet);
    if (headers) void reply.headers(headers);
    void reply.status(envelope.statusCode).send(envelope);
  });
  // Nest sets its own not-found handler after the plugin is registered, as here.
  fastify.setNotFoundHandler((_request, reply) => {
    void reply.status(404).send({ statusCode: 404, message: 'Not found' });
  });
  await fastify.ready();
  return fastify;
}

function limitHeaders(answer: Response): Record<string, unknown> {
  return {
    limit: answer.headers['ratelimit-limit'],
    remaining: answer.headers['ratelimit-remaining'],
    reset: answer.headers['ratelimit-reset'],
  };
}

describe('the per-address rate limit on /api', () => {
  let fastify: FastifyInstance;
  // light-my-request (fastify.inject) cannot load under jest's ESM runtime: supertest, as the API tests.
  const get = (address: string, url: string): Promise<Response> => request(fastify.server).get(url).set('X-Forwarded-For', address);
  beforeEach(async () => {
    fastify = await build();
  });
  afterEach(() => fastify.close());

  it('puts the draft RateLimit headers on 2xx, 4xx and 404 answers, counting down', async () => {
    const ok = await get('10.0.0.1', '/api/x');
    expect(ok.statusCode).toBe(200);
    expect(limitHeaders(ok)).toEqual({ limit: '3', remaining: '2', reset: expect.stringMatching(/^\d+$/) });
    expect(Number(ok.headers['ratelimit-reset'])).toBeGreaterThan(0);
    expect(Number(ok.headers['ratelimit-reset'])).toBeLessThanOrEqual(60);
    expect(ok.headers['x-ratelimit-limit']).toBeUndefined();

    const bad = await get('10.0.0.1', '/api/bad');
    expect(bad.statusCode).toBe(400);
    expect(limitHeaders(bad)).toMatchObject({ limit: '3', remaining: '1' });

    const missing = await get('10.0.0.1', '/api/missing?x=1');
    expect(missing.statusCode).toBe(404);
    expect(limitHeaders(missing)).toMatchObject({ limit: '3', remaining: '0' });
  });

  it('refuses the 4th request of a minute with 429, Retry-After and the one error envelope', async () => {
    for (let i = 0; i < 3; i += 1) expect((await get('10.0.0.2', '/api/x')).statusCode).toBe(200);
    const refused = await get('10.0.0.2', '/api/x');
    expect(refused.statusCode).toBe(429);
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(limitHeaders(refused)).toMatchObject({ limit: '3', remaining: '0' });
    expect(refused.body).toEqual({
      statusCode: 429,
      message: `Too many requests from this address: at most 3 a minute. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
    });
    // A refused request is not served: a 404 path is refused as well once the budget is spent.
    expect((await get('10.0.0.2', '/api/missing')).statusCode).toBe(429);
  });

  it('never limits or counts paths outside /api', async () => {
    for (let i = 0; i < 10; i += 1) {
      const file = await get('10.0.0.3', '/static.js');
      expect(file.statusCode).toBe(200);
      expect(file.headers['ratelimit-limit']).toBeUndefined();
    }
    const notApi = await get('10.0.0.3', '/apix/y');
    expect(notApi.statusCode).toBe(404);
    expect(notApi.headers['ratelimit-limit']).toBeUndefined();
    expect((await get('10.0.0.3', '/api/x')).headers['ratelimit-remaining']).toBe('2');
  });

  it('gives each address its own budget', async () => {
    for (let i = 0; i < 3; i += 1) await get('10.0.0.4', '/api/x');
    expect((await get('10.0.0.4', '/api/x')).statusCode).toBe(429);
    const other = await get('10.0.0.5', '/api/x');
    expect(other.statusCode).toBe(200);
    expect(other.headers['ratelimit-remaining']).toBe('2');
  });

  it('counts a percent-encoded /api path like the plain one', async () => {
    await get('10.0.0.6', '/api/x');
    const encoded = await get('10.0.0.6', '/%61pi/x');
    expect(encoded.headers['ratelimit-remaining']).toBe('1');
  });
});

describe('the 429 message', () => {
  it('names the limit and the wait in whole seconds, at least one', () => {
    const error = tooManyRequests(3000, 11_200);
    expect(error.statusCode).toBe(429);
    expect(error.message).toBe('Too many requests from this address: at most 3000 a minute. Try again in 12 seconds.');
    expect(error.headers).toEqual({ 'Retry-After': '12' });
    expect(tooManyRequests(3000, 0).message).toMatch(/Try again in 1 second\.$/);
  });
});
