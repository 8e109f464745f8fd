import Fastify, { type FastifyInstance } from 'fastify';
import request from 'supertest';
import { fixedHeaders, registerSecurityHeaders } from './security-headers.js';

const API_HEADERS = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'strict-transport-security': expect.stringContaining('max-age='),
  'cross-origin-resource-policy': 'same-origin',
};

describe('the security headers', () => {
  let fastify: FastifyInstance;

  beforeEach(async () => {
    fastify = Fastify();
    registerSecurityHeaders(fastify, fixedHeaders({ contentSecurityPolicy: { useDefaults: true } }), { api: '/api', docs: '/api/docs' });
    // A later onRequest hook that refuses (as the rate limit does with a 429).
    fastify.addHook('onRequest', async (req, reply) => {
      if (req.url === '/api/refused') await reply.code(429).send({ statusCode: 429, message: 'Too many requests' });
    });
    fastify.get('/api/ok', async () => ({ ok: true }));
    fastify.get('/api/failing', async () => {
      throw new Error('broken');
    });
    fastify.get('/api/docs', async (_req, reply) => reply.type('text/html').send('<html></html>'));
    fastify.get('/app.js', async (_req, reply) => reply.header('Cache-Control', 'public, max-age=31536000, immutable').type('text/javascript').send(''));
    await fastify.ready();
  });
  afterEach(() => fastify.close());

  it('gives every API answer the API headers: a success, an error, a 404 and a refusal by a later hook', async () => {
    for (const path of ['/api/ok', '/api/failing', '/api/no-such-route', '/api/refused']) {
      const answer = await request(fastify.server).get(path);
      expect(answer.headers).toMatchObject(API_HEADERS);
      expect(answer.headers['referrer-policy']).toBeUndefined();
    }
  });

  it('gives pages and files the document headers, the API documentation no-store too, and lets a file keep its own Cache-Control', async () => {
    const file = await request(fastify.server).get('/app.js').expect(200);
    expect(file.headers['referrer-policy']).toBe('no-referrer');
    expect(file.headers['content-security-policy']).toContain("default-src 'self'");
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const docs = await request(fastify.server).get('/api/docs').expect(200);
    expect(docs.headers['referrer-policy']).toBe('no-referrer');
    expect(docs.headers['cache-control']).toBe('no-store');
  });
});
