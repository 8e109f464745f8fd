import type { FastifyInstance } from 'fastify';

/** Answers that cannot change once built, with their JSON. */
const serialized = new WeakMap<object, string>();

function freezeDeep(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const inner of Object.values(value)) freezeDeep(inner);
}

/**
 * An answer built once and answered many times (the session check's, built once per loaded
 * session): frozen with everything in it, so it cannot change after it is written as JSON, once,
 * here; every answer of this object writes that JSON. The preSerialization hooks still see the
 * object, and an answer a hook replaces is serialized as any other.
 */
export function fixedAnswer<T extends object>(answer: T): Readonly<T> {
  freezeDeep(answer);
  serialized.set(answer, JSON.stringify(answer));
  return answer;
}

/** The JSON of an answer: JSON.stringify, as Fastify's default, or a fixed answer's JSON as it was written. */
export function serializeAnswer(payload: unknown): string {
  return (payload !== null && typeof payload === 'object' && serialized.get(payload)) || JSON.stringify(payload);
}

/**
 * Fastify's reply serializer of every route (routes copy it as they are declared: register it before
 * them). It takes the place of Fastify's own serialization, a route's response schema included: no
 * route declares one (the OpenAPI document is checked against the answers by the API tests instead).
 */
export function registerAnswerSerializer(fastify: FastifyInstance): void {
  fastify.setReplySerializer(serializeAnswer);
}
