import { Logger } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.js';

export interface JsonBodyLimits {
  /** Largest body accepted, in bytes. */
  maxBytes: number;
  /** Deepest nesting of arrays and objects accepted. */
  maxDepth: number;
  /**
   * A body announced or found larger than maxBytes is still read (and dropped) up to this many
   * bytes, so the client reads a 413 instead of a reset connection; past it the connection closes.
   */
  drainBytes: number;
}

export const DEFAULT_JSON_LIMITS: JsonBodyLimits = { maxBytes: 1024 * 1024, maxDepth: 32, drainBytes: 64 * 1024 * 1024 };

const logger = new Logger('RequestBody');
const utf8 = new TextDecoder('utf-8', { fatal: true });

function refused(status: 400 | 413, message: string, request: FastifyRequest): AppError {
  // One line, no stack: an attacker's bodies must not flood the log.
  logger.warn(`${status} ${request.method} ${request.url.split('?')[0]}: ${message}`);
  return new AppError(status, message);
}

/**
 * The deepest nesting of `text` (arrays and objects), read in one pass without recursion, so a
 * body nested 10,000 deep is refused before JSON.parse or any validator walks it.
 */
export function jsonDepthExceeds(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > maxDepth) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return false;
}

/** The body as JSON: an object or a list, UTF-8, within the size and depth limits; otherwise a 400 or 413 in words. */
export function parseJsonBody(raw: Buffer, limits: JsonBodyLimits, request: FastifyRequest): unknown {
  if (raw.length === 0) return undefined;
  let text: string;
  try {
    text = utf8.decode(raw);
  } catch {
    throw refused(400, 'The request body is not valid UTF-8 text', request);
  }
  if (jsonDepthExceeds(text, limits.maxDepth)) {
    throw refused(400, `The request body is nested too deeply (at most ${limits.maxDepth} levels)`, request);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw refused(400, 'The request body is not valid JSON', request);
  }
  if (typeof body !== 'object' || body === null) {
    throw refused(400, 'The request body must be a JSON object (or a list where the route takes one)', request);
  }
  return body;
}

/**
 * Replaces Fastify's JSON parser: reads the body itself so that an oversized one is answered 413
 * after being drained (Fastify answers as soon as Content-Length is too big, and the client,
 * still sending, sees the connection reset), and refuses deep nesting and bad UTF-8 up front.
 */
export function registerJsonBodyParser(fastify: FastifyInstance, limits: JsonBodyLimits = DEFAULT_JSON_LIMITS): void {
  fastify.removeContentTypeParser(['application/json']);
  fastify.addContentTypeParser(/^application\/([\w.+-]+\+)?json(\s*;.*)?$/i, (request, payload, done) => {
    const declared = Number(request.headers['content-length']);
    const chunks: Buffer[] = [];
    let received = 0;
    let finished = false;
    const finish = (error: Error | null, body?: unknown) => {
      if (finished) return;
      finished = true;
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onError);
      done(error, body);
    };
    const tooLarge = () => refused(413, `The request is too large (at most ${Math.floor(limits.maxBytes / 1024)} KB)`, request);
    const onData = (chunk: Buffer | string) => {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      received += buffer.length;
      if (received > limits.drainBytes) {
        // Past what we are willing to read: answer now; the connection closes behind the answer.
        finish(tooLarge());
        payload.resume();
        return;
      }
      if (received <= limits.maxBytes) chunks.push(buffer);
    };
    const onEnd = () => {
      if (received > limits.maxBytes || declared > limits.maxBytes) return finish(tooLarge());
      if (!Number.isNaN(declared) && received !== declared) {
        return finish(refused(400, 'The request body is shorter or longer than its Content-Length', request));
      }
      try {
        finish(null, parseJsonBody(Buffer.concat(chunks, received), limits, request));
      } catch (error) {
        finish(error as Error);
      }
    };
    const onError = (error: Error) => finish(Object.assign(refused(400, 'The request body could not be read', request), { cause: error }));
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
    payload.resume();
  });
}
