import type { OpenAPIObject } from '@nestjs/swagger';
import type { FieldError } from '@pnss/libs/api';
import { ROUTE_PERMISSIONS, type RouteAccess } from '@pnss/libs/permissions';
import { useTestApp } from './support/use-test-app.js';

/**
 * The API contract (issue 15): the OpenAPI document served at /api/docs/openapi.json tells the whole
 * truth. Every answer of every API test is also validated against it (support/contract-validator.ts).
 */
type Json = Record<string, unknown>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

describe('The API contract (OpenAPI document)', () => {
  const { t, post } = useTestApp();
  let document: OpenAPIObject;

  beforeAll(async () => {
    document = (await t.http.get('/api/docs/openapi.json').expect(200)).body as OpenAPIObject;
  });

  const operations = () =>
    Object.entries(document.paths).flatMap(([path, item]) =>
      METHODS.filter((method) => item[method]).map((method) => ({ path, method, operation: item[method] as unknown as Json & { responses: Record<string, Json> } })),
    );

  it('lists every route of the permission table, and nothing else', () => {
    const documented = operations().map(({ path, method }) => `${method.toUpperCase()} ${path.replace(/^\/api/, '').replace(/\{([^}]+)\}/g, ':$1')}`);
    expect(documented.sort()).toEqual(Object.keys(ROUTE_PERMISSIONS).sort());
  });

  it('gives every operation a summary, who may call it, a described success answer and its error answers in the one envelope', () => {
    for (const { path, method, operation } of operations()) {
      const name = `${method.toUpperCase()} ${path}`;
      expect([name, typeof operation.summary]).toEqual([name, 'string']);
      expect([name, Array.isArray(operation.security)]).toEqual([name, true]);
      const statuses = Object.keys(operation.responses);
      expect([name, statuses.some((s) => s.startsWith('2'))]).toEqual([name, true]);
      for (const status of ['429', '500', '503']) expect([name, statuses.includes(status)]).toEqual([name, true]);
      for (const status of statuses.filter((s) => Number(s) >= 400)) {
        expect([name, status, operation.responses[status]?.content]).toEqual([
          name, status, { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
        ]);
      }
    }
  });

  it('says which operations are public (security: []) and which permission each other one needs', () => {
    for (const { path, method, operation } of operations()) {
      const key = `${method.toUpperCase()} ${path.replace(/^\/api/, '').replace(/\{([^}]+)\}/g, ':$1')}` as keyof typeof ROUTE_PERMISSIONS;
      const access: RouteAccess = ROUTE_PERMISSIONS[key];
      if (access.kind === 'public' && access.credential !== 'hubKey') expect([key, operation.security]).toEqual([key, []]);
      if (access.kind === 'public' && access.credential === 'hubKey') expect([key, operation.security]).toEqual([key, [{ hubApiKey: [], hubDepartment: [] }]]);
      if (access.kind === 'permissions') {
        expect([key, operation['x-permissions']]).toEqual([key, { mode: access.mode, permissions: [...access.permissions] }]);
        expect([key, Object.keys(operation.responses).includes('403')]).toEqual([key, true]);
      }
    }
  });

  it('limits every text, list and whole number it describes', () => {
    const unlimited: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (Array.isArray(node)) return node.forEach((child, index) => walk(child, `${at}/${index}`));
      if (!node || typeof node !== 'object') return;
      const schema = node as Json;
      if (schema.type === 'string' && schema.maxLength === undefined && schema.enum === undefined) unlimited.push(`${at}: text without maxLength`);
      if (schema.type === 'array' && schema.maxItems === undefined) unlimited.push(`${at}: list without maxItems`);
      if (schema.type === 'integer' && (schema.minimum === undefined || schema.maximum === undefined)) unlimited.push(`${at}: whole number without range`);
      for (const [key, child] of Object.entries(schema)) walk(child, `${at}/${key}`);
    };
    walk(document.paths, '#/paths');
    walk(document.components, '#/components');
    expect(unlimited).toEqual([]);
  });

  it('enforces what it says: a text one character over its maxLength is refused with the field named, and nothing is saved', async () => {
    const patient = (document.components?.schemas?.PatientDto ?? {}) as { properties: Record<string, Json> };
    const capped = Object.entries(patient.properties).filter(
      ([field, schema]) => schema.type === 'string' && typeof schema.maxLength === 'number' && !schema.pattern && !['avatar', '_id', 'patientid'].includes(field),
    );
    expect(capped.map(([field]) => field)).toEqual(expect.arrayContaining(['firstName', 'middleName', 'lastName']));
    for (const [field, schema] of capped) {
      const max = schema.maxLength as number;
      const atLimit = await post('/api/patients', { firstName: 'Ana', lastName: 'Reyes', birthDate: '1990-01-01', [field]: 'x'.repeat(max) });
      expect([field, atLimit.status]).toEqual([field, 201]);
      const over = await post('/api/patients', { firstName: 'Ana', lastName: 'Reyes', birthDate: '1990-01-01', [field]: 'x'.repeat(max + 1) });
      expect([field, over.status]).toEqual([field, 400]);
      expect((over.body as { errors: FieldError[] }).errors.map((e) => e.field)).toContain(field);
    }
  });

  it('enforces what it says: a list one entry over its maxItems is refused with the field named', async () => {
    const patient = (document.components?.schemas?.PatientDto ?? {}) as { properties: Record<string, Json> };
    const max = patient.properties.medicalHistory?.maxItems as number;
    expect(max).toBeGreaterThan(0);
    const entries = Array.from({ length: max + 1 }, (_, index) => ({ categoryId: 1, conditionId: index + 1 }));
    const over = await post('/api/patients', { firstName: 'Ana', lastName: 'Reyes', birthDate: '1990-01-01', medicalHistory: entries });
    expect(over.status).toBe(400);
    expect((over.body as { errors: FieldError[] }).errors.map((e) => e.field)).toContain('medicalHistory');
  });
});
