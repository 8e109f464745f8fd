import { createRequire } from 'node:module';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { FastifyHelmetOptions } from '@fastify/helmet';

type HelmetOptions = Omit<FastifyHelmetOptions, 'global' | 'enableCSPNonces'>;
type HelmetMiddleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;
type ReplyHeaders = ReadonlyArray<readonly [string, string]>;

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

/** The document headers an API answer keeps: they protect any response, JSON included. */
const KEPT_FOR_API = new Set(['strict-transport-security', 'cross-origin-resource-policy', 'x-content-type-options']);

/**
 * The headers of an API answer (OWASP REST Security Cheat Sheet, "Security headers"): no cache may
 * keep it, it is never sniffed as something else, framed or allowed to load anything, plus HSTS and
 * the resource policy of the documents. The other document headers (opener policy, referrer policy,
 * DNS prefetch, download options, XSS auditor, origin keying) govern pages, not JSON; sending the
 * dozen of them on every API answer was a tenth of a short answer's time.
 */
export function apiHeadersOf(documentHeaders: ReadonlyArray<readonly [string, string]>): ReadonlyArray<readonly [string, string]> {
  return [
    ['Cache-Control', 'no-store'],
    ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
    ['X-Frame-Options', 'DENY'],
    ...documentHeaders.filter(([name]) => KEPT_FOR_API.has(name.toLowerCase())),
  ];
}

/** Where the API and its documentation pages are served (create-app's API_PREFIX and DOCS_PATH). */
export interface ApiPaths {
  /** e.g. '/api' */
  api: string;
  /** e.g. '/api/docs' */
  docs: string;
}

/** Whether a URL is under `base` (the path itself, a sub-path, or the path with a query). */
function isUnder(url: string, base: string): boolean {
  return url.startsWith(base) && (url.length === base.length || url[base.length] === '/' || url[base.length] === '?');
}

/** Header names as Fastify keeps them (lower case), worked out once. */
function forReply(headers: ReplyHeaders): ReplyHeaders {
  return headers.map(([name, value]) => [name.toLowerCase(), value] as const);
}

/** The three sets of headers an answer can get, worked out once for one set of options. */
export interface HeaderSets {
  /** Pages and files. */
  readonly documents: ReplyHeaders;
  /** API answers (apiHeadersOf). */
  readonly api: ReplyHeaders;
  /** The API documentation pages: the document headers, never cached. */
  readonly docs: ReplyHeaders;
}

export function headerSetsOf(options: HelmetOptions): HeaderSets {
  const documentHeaders = securityHeadersOf(options);
  return {
    documents: forReply(documentHeaders),
    api: forReply(apiHeadersOf(documentHeaders)),
    docs: forReply([...documentHeaders, ['Cache-Control', 'no-store']]),
  };
}

/**
 * Where the hook takes the headers of each answer. Both answer sets worked out in advance (no
 * header is built per request); pages may pay a little to be exact (remote-origins.ts stats
 * remotes.json for them), API answers must not.
 */
export interface HeaderSource {
  forPages(): HeaderSets;
  forApi(): HeaderSets;
}

/** The same headers for every answer. */
export function fixedHeaders(options: HelmetOptions): HeaderSource {
  const sets = headerSetsOf(options);
  return { forPages: () => sets, forApi: () => sets };
}

/**
 * One root onRequest hook that gives every answer the headers (routes, 404s, errors, static files
 * and CORS preflights, which all answer through the reply after it): helmet's document headers on
 * pages and files, the API set under the API path, and on the API documentation pages the document
 * headers with `Cache-Control: no-store` (nothing of the API is cached). Set on the reply rather
 * than on the raw response: Node then writes them with Fastify's own in one pass, where a header
 * already on the raw response made it set each of Fastify's again one by one, a larger cost than
 * the hook itself. A route's own value of one of them (a static file's Cache-Control) still wins.
 */
export function registerSecurityHeaders(fastify: FastifyInstance, source: HeaderSource, paths: ApiPaths): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    const headers = !isUnder(url, paths.api) ? source.forPages().documents : isUnder(url, paths.docs) ? source.forApi().docs : source.forApi().api;
    for (const [name, value] of headers) reply.header(name, value);
    done();
  });
}
