import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { ANSWER_SCHEMAS } from '@pnss/libs/contract';
import { type PublicCredential, type RouteAccess, routeAccess } from '@pnss/libs/permissions';
import { API_KEY_HEADER, DEPARTMENT_HEADER, SUBMISSION_ID_PATTERN } from '@pnss/libs/submissions';
import { applyAnswerLimits } from './answer-limits.js';
import { exposeValidationRules, textSchemaOf } from './validation-rules.js';

type Json = Record<string, unknown>;
type Operation = Json & { parameters?: Json[]; requestBody?: Json; responses: Record<string, Json>; summary?: string; security?: unknown[] };


export interface ContractOptions {
  appVersion: string;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** What the description says of who may call a public route, by what stands in for a token. */
const PUBLIC_WHO: Record<PublicCredential | 'none', string> = {
  none: 'Public: no token needed.',
  password: 'Public: the user name and password are the credential.',
  hubKey: 'Public to departments holding a hub API key.',
  ticket: 'Public: the single-use ticket of POST /api/submissions/download/{id} is the credential.',
};

/** The answers every route may give, whatever it does. */
const COMMON_ERRORS: Record<number, string> = {
  429: 'Too many requests from this address: wait for Retry-After seconds',
  500: 'The server failed; the error is logged, and nothing was saved',
  503: 'The database cannot be reached right now; nothing was saved, try again',
};

/**
 * Path parameters and the one schema each has. Record ids are UUIDs (ParseIdPipe refuses anything
 * else with a 400); the others are checked by their route's DTO or service against these patterns.
 */
const PATH_PARAMETERS: Record<string, Json> = {
  userid: { type: 'string', format: 'uuid', maxLength: 36 },
  roleid: { type: 'string', format: 'uuid', maxLength: 36 },
  patientid: { type: 'string', format: 'uuid', maxLength: 36 },
  caseid: { type: 'string', format: 'uuid', maxLength: 36 },
  keyid: { type: 'string', format: 'uuid', maxLength: 36 },
  queryid: { type: 'string', format: 'uuid', maxLength: 36 },
  /** A reference list's key (GET /api/categories); an unknown one is a 404. */
  category: { type: 'string', maxLength: 64, pattern: '^[A-Za-z]+$' },
  /** SubmissionIdParam of the submissions controller refuses anything else with a 400. */
  submissionid: textSchemaOf(SUBMISSION_ID_PATTERN),
};

/**
 * The OpenAPI document of the API, the contract between the modules, the departments and the
 * society's hub (issue 15). Nest generates the paths, parameters and request bodies from the
 * controllers and DTOs (with the validators' limits, see validation-rules.ts); this completes each
 * operation from the platform's own tables:
 * - its success answer by name, with the schema generated from the @pnss/libs types
 *   (libs/src/api/answer-schemas.json), limits added in answer-limits.ts;
 * - who may call it, from ROUTE_PERMISSIONS (the table the guard enforces): `security` and
 *   `x-permissions`, and `security: []` where the route is public;
 * - its error answers, all with the one envelope: 400 where it takes input, 401 where it needs a
 *   token or a key, 403 where it needs a permission, 404 where a path names a record, 413/415 where
 *   it takes a body, and 429/500/503 everywhere;
 * - the rate-limit headers every answer carries, and Retry-After on a 429.
 * A route without a summary or a described success answer fails here, at start-up and in the tests.
 */
export function buildApiDocument(app: INestApplication, options: ContractOptions): OpenAPIObject {
  exposeValidationRules();
  const builder = new DocumentBuilder()
    .setTitle('PNSS API')
    .setDescription(
      'The OB-GYN case registry and national census platform: patients, cases, census packages, reports and the society\'s hub. ' +
        'Every error answers the one envelope `ErrorEnvelope` ({ statusCode, message, errors? }); `errors` names each failing field and its rule. ' +
        'Every answer under /api carries the draft IETF RateLimit headers of the caller\'s address.',
    )
    .setVersion(options.appVersion)
    .setLicense('Proprietary: licensed to the national OB-GYN society and its member departments', '')
    .addServer('/', 'production: this platform, at the address that serves this document')
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'JWT',
        description:
          'The token of POST /api/accounts/login, sent as `Authorization: Bearer <token>`. Issued and checked as RFC8725 advises: ' +
          'HS256 only (the algorithm is pinned, `none` is refused), a secret of at least 256 bits, an expiry, and a server-side session ' +
          'that sign-out, deactivation and a role change end at once.',
      },
      'bearer',
    )
    .addApiKey({ type: 'apiKey', in: 'header', name: API_KEY_HEADER, description: "A department's key for the society's hub, issued on the hub screen (stored hashed)." }, 'hubApiKey')
    .addApiKey({ type: 'apiKey', in: 'header', name: DEPARTMENT_HEADER, description: 'The department the hub key was issued to.' }, 'hubDepartment')
    .build();
  const document = SwaggerModule.createDocument(app, builder);
  return completeDocument(document);
}

export function completeDocument(document: OpenAPIObject): OpenAPIObject {
  const doc = document as unknown as Json & { paths: Record<string, Record<string, Operation>>; components: Json & { schemas: Record<string, Json> } };
  for (const server of (doc.servers as Json[] | undefined) ?? []) server['x-internal'] = false;

  const generated = ANSWER_SCHEMAS as Record<string, Json>;
  doc.components.schemas = { ...doc.components.schemas, ...structuredClone(generated) };
  for (const schema of Object.values(doc.components.schemas)) finishSchema(schema);
  applyAnswerLimits(doc.components.schemas);
  const schemas = doc.components.schemas;
  doc.components.headers = RESPONSE_HEADERS;

  const problems: string[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const route = `${method.toUpperCase()} ${path.replace(/^\/api/, '').replace(/\{([^}]+)\}/g, ':$1')}`;
      const access = routeAccess(route);
      if (!access) problems.push(`${route}: not in ROUTE_PERMISSIONS`);
      if (!operation.summary) problems.push(`${route}: no summary (@Answer)`);
      if (!Object.keys(operation.responses).some((status) => /^2\d\d$/.test(status))) problems.push(`${route}: no success answer (@Answer)`);
      completeOperation(route, operation, access ?? { kind: 'authenticated' }, problems);
      if (access?.kind === 'permissions' && access.answer) describeMinimalAnswer(operation, access.answer.minimal, schemas);
    }
  }
  if (problems.length > 0) throw new Error(`The OpenAPI document is incomplete:\n${problems.join('\n')}`);
  return document;
}

function completeOperation(route: string, operation: Operation, access: RouteAccess, problems: string[]): void {
  const credential = access.kind === 'public' ? access.credential : undefined;
  if (credential === 'hubKey') operation.security = [{ hubApiKey: [], hubDepartment: [] }];
  else if (access.kind === 'public') operation.security = [];
  else operation.security = [{ bearer: [] }];
  if (access.kind === 'permissions') {
    operation['x-permissions'] = { mode: access.mode, permissions: [...access.permissions] };
  }
  const who =
    access.kind === 'public' ? PUBLIC_WHO[credential ?? 'none']
    : access.kind === 'authenticated' ? 'Any signed-in user.'
    : `Permission: ${access.permissions.join(access.mode === 'all' ? ' and ' : ' or ')}.`;
  operation.description = [operation.description, who].filter(Boolean).join('\n\n');

  for (const parameter of operation.parameters ?? []) {
    const schema = (parameter.schema ?? {}) as Json;
    if (parameter.in === 'path') {
      const known = PATH_PARAMETERS[String(parameter.name)];
      if (known && schema.type === 'string' && !schema.enum && !schema.pattern) parameter.schema = { ...known };
    }
    finishSchema(parameter.schema as Json);
  }

  const takesInput = Boolean(operation.requestBody) || (operation.parameters ?? []).some((p) => p.in === 'query' || p.in === 'path');
  const paths = (operation.parameters ?? []).some((p) => p.in === 'path');
  // A refused password or hub key is a 401; a bad download ticket is the route's own 403.
  const credentials = access.kind !== 'public' || credential === 'password' || credential === 'hubKey';
  const derived: Record<number, string> = { ...COMMON_ERRORS };
  if (takesInput) derived[400] = 'The request is not valid: `errors` names each field and its rule';
  if (credentials) derived[401] = access.kind === 'public' ? 'The credentials are not valid' : 'No valid token: sign in again';
  if (access.kind === 'permissions') derived[403] = 'The role lacks the permission this call needs';
  if (paths) derived[404] = 'No such record';
  if (operation.requestBody) {
    derived[413] = 'The body is larger than the limit';
    derived[415] = 'The body is not of a type this call takes';
  }
  for (const [status, description] of Object.entries(derived)) {
    operation.responses[status] ??= { description };
  }
  for (const [status, response] of Object.entries(operation.responses)) {
    const code = Number(status);
    if (code >= 400) {
      if (!response.description) response.description = derived[code] ?? 'Refused';
      response.content = { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } };
    }
    if (code >= 200 && code < 300 && !response.content && code !== 204) {
      problems.push(`${route}: the ${status} answer has no schema (@Answer)`);
    }
    if (/^[24]/.test(status)) response.headers = { ...RATE_LIMIT_HEADERS, ...(response.headers as Json | undefined) };
    if (code === 429) response.headers = { ...(response.headers as Json), 'Retry-After': { $ref: '#/components/headers/Retry-After' } };
  }
}

/**
 * A write route whose caller may lack the read permission answers only the `minimal` fields
 * (ROUTE_PERMISSIONS' answer scope, enforced by the answer-scope hook): its success answer is the
 * whole record, or `<Name>Minimal`, the record cut to those fields.
 */
function describeMinimalAnswer(operation: Operation, minimal: readonly string[], schemas: Record<string, Json>): void {
  for (const [status, response] of Object.entries(operation.responses)) {
    if (!/^2\d\d$/.test(status)) continue;
    const content = response.content as Record<string, { schema?: Json }> | undefined;
    const json = content?.['application/json'];
    const ref = typeof json?.schema?.$ref === 'string' ? json.schema.$ref : null;
    if (!json || !ref) continue;
    const name = ref.replace('#/components/schemas/', '');
    const full = schemas[name];
    const properties = (full?.properties ?? {}) as Record<string, Json>;
    const kept = minimal.filter((field) => field in properties || field === 'message');
    schemas[`${name}Minimal`] ??= {
      type: 'object',
      description: `${name} as a caller without the read permission gets it: ${kept.join(', ')}`,
      properties: Object.fromEntries(kept.map((field) => [field, properties[field] ?? { type: 'string', maxLength: 2000 }])),
      required: kept.filter((field) => ((full?.required as string[] | undefined) ?? []).includes(field)),
      additionalProperties: false,
    };
    json.schema = { anyOf: [{ $ref: ref }, { $ref: `#/components/schemas/${name}Minimal` }] };
  }
}

const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': { $ref: '#/components/headers/RateLimit-Limit' },
  'RateLimit-Remaining': { $ref: '#/components/headers/RateLimit-Remaining' },
  'RateLimit-Reset': { $ref: '#/components/headers/RateLimit-Reset' },
  'Access-Control-Allow-Origin': { $ref: '#/components/headers/Access-Control-Allow-Origin' },
};

const SECONDS = { type: 'integer', format: 'int32', minimum: 0, maximum: 86_400 };
const RESPONSE_HEADERS = {
  'RateLimit-Limit': { description: 'Requests allowed to this address in the window (RATE_LIMIT_PER_MINUTE)', schema: { type: 'integer', format: 'int32', minimum: 1, maximum: 1_000_000 } },
  'RateLimit-Remaining': { description: 'Requests left in the window', schema: { type: 'integer', format: 'int32', minimum: 0, maximum: 1_000_000 } },
  'RateLimit-Reset': { description: 'Seconds until the window starts again', schema: SECONDS },
  'Retry-After': { description: 'Seconds to wait before the next request', schema: SECONDS },
  'Access-Control-Allow-Origin': {
    description: "Present when the request's Origin is one of CORS_ORIGINS (a module served from another origin)",
    schema: { type: 'string', format: 'uri', maxLength: 2048 },
  },
};

/**
 * Turns the markers validation-rules.ts left in a schema into keywords (`x-integer`: a whole number,
 * `x-item-rules`: the rules of each item of a list) and gives every whole number its format and
 * range, down the whole schema.
 */
function finishSchema(schema: Json | undefined): void {
  if (!schema || typeof schema !== 'object') return;
  if (schema['x-integer'] === true) {
    schema.type = 'integer';
    delete schema['x-integer'];
  }
  const itemRules = schema['x-item-rules'] as Json | undefined;
  if (itemRules) {
    schema.items = { ...((schema.items as Json | undefined) ?? {}), ...itemRules };
    delete schema['x-item-rules'];
  }
  if (schema.type === 'integer') schema.format ??= 'int32';
  for (const key of ['properties', 'patternProperties']) {
    for (const child of Object.values((schema[key] as Record<string, Json> | undefined) ?? {})) finishSchema(child);
  }
  for (const key of ['items', 'additionalProperties', 'not']) {
    if (schema[key] && typeof schema[key] === 'object') finishSchema(schema[key] as Json);
  }
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    for (const child of (schema[key] as Json[] | undefined) ?? []) finishSchema(child);
  }
}
