import { jest } from '@jest/globals';
import Fastify from 'fastify';
import request from 'supertest';
import { fixedAnswer, registerAnswerSerializer, serializeAnswer } from './fixed-answers.js';

describe('fixed answers', () => {
  afterEach(() => jest.restoreAllMocks());

  it('writes a fixed answer as JSON once, and answers its JSON at every answer after', () => {
    const answer = fixedAnswer({ username: 'ana', permissions: ['get_patients'] });
    const stringify = jest.spyOn(JSON, 'stringify');
    expect(serializeAnswer(answer)).toBe('{"username":"ana","permissions":["get_patients"]}');
    expect(serializeAnswer(answer)).toBe('{"username":"ana","permissions":["get_patients"]}');
    expect(stringify).not.toHaveBeenCalled();
  });

  it('writes every other answer as JSON.stringify does, an equal object too', () => {
    fixedAnswer({ a: 1 });
    for (const value of [{ a: 1 }, [1, 'two'], 'text', 3, null, { nested: { when: new Date(0) } }]) {
      expect(serializeAnswer(value)).toBe(JSON.stringify(value));
    }
  });

  it('freezes a fixed answer with the lists and objects in it, so it cannot change after it was written', () => {
    const answer = fixedAnswer({ user: { name: 'ana' }, permissions: ['get_patients'] });
    expect(Object.isFrozen(answer)).toBe(true);
    expect(Object.isFrozen(answer.user)).toBe(true);
    expect(Object.isFrozen(answer.permissions)).toBe(true);
  });

  it('is what Fastify answers, and a preSerialization hook still sees and may replace the object', async () => {
    const fastify = Fastify();
    registerAnswerSerializer(fastify);
    const answer = fixedAnswer({ _id: 'u1', secret: 's' });
    fastify.get('/fixed', async () => answer);
    fastify.get('/replaced', { preSerialization: (_req, _reply, payload, done) => done(null, { ...(payload as object), secret: undefined }) }, async () => answer);
    await fastify.ready();
    try {
      const fixed = await request(fastify.server).get('/fixed').expect(200);
      expect(fixed.text).toBe('{"_id":"u1","secret":"s"}');
      expect(fixed.headers['content-type']).toBe('application/json; charset=utf-8');
      expect((await request(fastify.server).get('/replaced').expect(200)).text).toBe('{"_id":"u1"}');
    } finally {
      await fastify.close();
    }
  });
});
