import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OpenAPIObject } from '@nestjs/swagger';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The contract enforced (issue 15): every answer the API tests receive is validated against the
 * OpenAPI document the app serves. An answer whose status the operation does not list, whose JSON
 * does not match the schema described for it, whose content type is not one described, or that
 * lacks a header the document promises, is a contract failure; the test app's close() fails the
 * test file with the list. Each file's count of validated answers goes to the run's tally folder, which the
 * jest global teardown adds up and prints.
 */

/** This run's tally folder, made by the jest global setup (contract-tally.mjs's TALLY_DIR_ENV). */
const TALLY_DIR_ENV = 'PNSS_CONTRACT_TALLY_DIR';

type Json = Record<string, unknown>;
interface ResponseObject {
  content?: Record<string, { schema?: Json }>;
  headers?: Record<string, unknown>;
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/**
 * OpenAPI 3.0's `nullable: true` as JSON Schema: the value may be null, or else must match the rest
 * (so a nullable reference or a nullable list of choices takes null too).
 */
function asJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(asJsonSchema);
  if (!node || typeof node !== 'object') return node;
  const converted = Object.fromEntries(Object.entries(node as Json).map(([key, value]) => [key, asJsonSchema(value)]));
  if (converted.nullable !== true) return converted;
  const { nullable: _nullable, description, ...rest } = converted;
  return { ...(description === undefined ? {} : { description }), anyOf: [{ type: 'null' }, rest] };
}

export class ContractValidator {
  readonly failures: string[] = [];
  validated = 0;
  /** Validated answers by operation ('GET /api/patients/{patientid}'), to show which routes the tests walk. */
  private readonly byOperation = new Map<string, number>();
  private readonly ajv: Ajv;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(private readonly document: OpenAPIObject) {
    this.ajv = addFormats(new Ajv({ strict: false, allErrors: true, validateFormats: true }));
    this.ajv.addSchema(asJsonSchema({ $id: 'contract', components: { schemas: document.components?.schemas ?? {} } }) as Json);
  }

  /** Adds the onSend hook that checks each answer of a documented /api operation. */
  install(fastify: FastifyInstance): void {
    fastify.addHook('onSend', async (request, reply, payload) => {
      this.check(request, reply, payload);
      return payload;
    });
  }

  private check(request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
    const route = request.routeOptions?.url;
    if (!route || !route.startsWith('/api/') || route.startsWith('/api/docs')) return;
    const path = route.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const method = (request.method === 'HEAD' ? 'get' : request.method.toLowerCase()) as 'get';
    const operation = this.document.paths[path]?.[method];
    const where = `${request.method} ${path} -> ${reply.statusCode}`;
    if (!operation) {
      this.failures.push(`${where}: the route is not in the document`);
      return;
    }
    const response = operation.responses[String(reply.statusCode)] as ResponseObject | undefined;
    if (!response) {
      this.failures.push(`${where}: the status is not documented (documented: ${Object.keys(operation.responses).join(', ')})`);
      return;
    }
    for (const header of Object.keys(response.headers ?? {})) {
      if (header === 'Access-Control-Allow-Origin') continue; // only on cross-origin requests
      if (reply.getHeader(header) === undefined) this.failures.push(`${where}: the header ${header} is promised but missing`);
    }
    const contentType = String(reply.getHeader('content-type') ?? '').split(';')[0]?.trim() ?? '';
    const content = response.content ?? {};
    if (reply.statusCode === 204 || Object.keys(content).length === 0) {
      this.count(request.method, path);
      return;
    }
    const described = content[contentType];
    if (!described) {
      this.failures.push(`${where}: content type '${contentType}' is not described (${Object.keys(content).join(', ')})`);
      return;
    }
    if (contentType === 'application/json') {
      const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
      if (text === null) {
        this.failures.push(`${where}: a JSON answer that is not text`);
        return;
      }
      const validate = this.validator(described.schema ?? {});
      if (!validate(JSON.parse(text))) {
        const errors = (validate.errors ?? []).slice(0, 6).map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`).join('; ');
        this.failures.push(`${where}: the answer does not match its schema: ${errors}`);
        return;
      }
    }
    this.count(request.method, path);
  }

  private count(method: string, path: string): void {
    this.validated += 1;
    const key = `${method === 'HEAD' ? 'GET' : method} ${path}`;
    this.byOperation.set(key, (this.byOperation.get(key) ?? 0) + 1);
  }

  /**
   * One compiled validator per schema, by its text: most operations share a few (the error
   * envelope of every refusal, the lists), and ajv's compile is the costly step.
   */
  private validator(schema: Json): ValidateFunction {
    const key = JSON.stringify(schema);
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile(asJsonSchema(JSON.parse(key.replaceAll('"#/components/', '"contract#/components/'))) as Json);
      this.compiled.set(key, validate);
    }
    return validate;
  }

  /** Writes this app's count for the run's total (see global-teardown.mjs). */
  recordTally(): void {
    // A file run without the global setup has no run total to add to.
    const tallyDir = process.env[TALLY_DIR_ENV];
    if (!tallyDir) return;
    mkdirSync(tallyDir, { recursive: true });
    const operations = Object.entries(this.document.paths).flatMap(([path, item]) =>
      (['get', 'put', 'post', 'delete', 'patch'] as const).filter((method) => item[method]).map((method) => `${method.toUpperCase()} ${path}`),
    );
    writeFileSync(
      join(tallyDir, `${process.pid}-${randomBytes(6).toString('hex')}.json`),
      JSON.stringify({ validated: this.validated, byOperation: Object.fromEntries(this.byOperation), operations }),
    );
  }
}
