import { createRequire } from 'node:module';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { FastifyHelmetOptions } from '@fastify/helmet';

type HelmetOptions = Omit<FastifyHelmetOptions, 'global' | 'enableCSPNonces'>;
type HelmetMiddleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/**
 * The security headers helmet sets for these options, worked out once. Our options are static (no
 * directive is a function, no nonces), so every answer gets the same headers: @fastify/helmet
 * would build a new helmet (parsing every CSP directive again) at every request, the largest
 * JavaScript cost of a short API answer. The helmet run here is the one @fastify/helmet itself
 * loads (resolved from its folder), so the headers are exactly those it would set.
 */
export function securityHeadersOf(options: HelmetOptions): ReadonlyArray<readonly [string, string]> {
  const fastifyHelmetPath = createRequire(import.meta.url).resolve('@fastify/helmet');
  const helmet = createRequire(fastifyHelmetPath)('helmet') as (options: HelmetOptions) => HelmetMiddleware;
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      if (typeof value !== 'string') throw new Error(`helmet set ${name} to a value that is not one text`);
      headers.set(name, value);
      return response;
    },
    removeHeader(name: string) {
      headers.delete(name);
    },
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish synchronously: its headers cannot be worked out once');
  return [...headers];
}

/**
 * One root onRequest hook that sets the headers on the raw response, as helmet does (so they are
 * on every answer: routes, 404s, errors, static files and CORS preflights, which answer after it).
 */
export function registerSecurityHeaders(fastify: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeadersOf(options);
  fastify.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, value);
    done();
  });
}
