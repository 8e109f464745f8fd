import { ValidationPipe } from '@nestjs/common';
import { emptyCaseForm } from '@pnss/libs/api';
import { closableGyneCase, closableObCase, healthyInfant } from '@pnss/libs/testing';
import { lookupIds } from '../../../common/validation/field-validators.js';
import { VALIDATION_OPTIONS, createValidationPipe } from '../../../common/validation/validation.pipe.js';
import { CaseFormDto } from './case-form.dto.js';
import { compileCaseFormCheck } from './case-form.fast-check.js';
import { CASE_FORM_FIELD_SPECS, type FieldSpec, GYNE_FORM_FIELD_SPECS, INFANT_FIELD_SPECS } from './case-form.field-specs.js';

const fastCheck = compileCaseFormCheck({ caseForm: CASE_FORM_FIELD_SPECS, infant: INFANT_FIELD_SPECS, gyneForm: GYNE_FORM_FIELD_SPECS });
/** class-validator alone, as the pipe ran before the fast check. */
const classValidator = new ValidationPipe(VALIDATION_OPTIONS);
const BODY = { type: 'body', metatype: CaseFormDto } as const;

/** class-validator's answer: the body it hands on, or the errors of its 400. */
async function slow(body: unknown): Promise<{ ok: true; value: unknown } | { ok: false; errors: unknown }> {
  try {
    return { ok: true, value: JSON.parse(JSON.stringify(await classValidator.transform(body, BODY))) as unknown };
  } catch (error) {
    return { ok: false, errors: (error as { errors?: unknown }).errors ?? error };
  }
}

/** A small seeded generator, so a failure names a body that can be made again. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const pick = <T,>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  return { next, pick };
}

type Random = ReturnType<typeof generator>;

/** A value for a field of `spec`: mostly valid, often at or past an edge, sometimes of the wrong type. */
function valueFor(spec: FieldSpec, r: Random, depth: number): unknown {
  const wrong = [null, 'x', 7, 1.5, true, [], {}, ' padded ', '2024-02-30'];
  if (r.next() < 0.15) return r.pick(wrong);
  switch (spec.kind) {
    case 'readOnly':
      return spec.type === 'boolean' ? r.pick([true, false]) : r.pick(['p-1', 'x'.repeat(64), 'x'.repeat(65), '2026-11-01T08:00:00.000Z']);
    case 'version':
      return r.pick([0, 1, 7, -1, 2_147_483_647, 2_147_483_648, 2.5]);
    case 'text':
      return r.pick(['', 'Ward 3', `  ${'a'.repeat(spec.max)}  `, 'a'.repeat(spec.max), 'a'.repeat(spec.max + 1), 'Jose\u0301', '\u{1F600}'.repeat(spec.max)]);
    case 'date':
      return r.pick(['2024-01-31', '2024-02-29', '1900-01-01', '1899-12-31', '2099-12-31', '2100-01-01', '2026-11-25T10:00:00.000Z', '31/01/2024']);
    case 'boolean':
      return r.pick([true, false, null]);
    case 'number':
      return r.pick([spec.min, spec.max, spec.min - 1, spec.max + 1, (spec.min + spec.max) / 2, spec.min + 0.5, String(spec.min)]);
    case 'code':
      return r.pick([...spec.table.map((entry) => entry.id), 999_999, -1]);
    case 'codeList': {
      const ids = spec.table.map((entry) => entry.id);
      return r.pick([[], [ids[0]], ids, [ids[0], ids[0]], [999_999], [...ids, ...ids]]);
    }
    case 'lookup':
      return r.pick([...lookupIds(spec.list, spec.level).slice(0, 5), 999_999, 0]);
    case 'lookupList': {
      const ids = lookupIds(spec.list, 'any');
      return r.pick([[], [ids[0]], ids.slice(0, 3), [ids[0], ids[0]], [999_999]]);
    }
    case 'entries':
      return r.pick([[], [], [{ categoryId: spec.list[0].id, conditionId: spec.list[0].conditions?.[0]?.id ?? 1 }]]);
    case 'infants':
      if (depth > 0) return [];
      return r.pick([[], [healthyInfant()], [bodyOf(INFANT_FIELD_SPECS, r, depth + 1)], [bodyOf(INFANT_FIELD_SPECS, r, depth + 1), 3]]);
    case 'gyneForm':
      if (depth > 0) return null;
      return r.pick([null, {}, bodyOf(GYNE_FORM_FIELD_SPECS, r, depth + 1), [], 'form']);
  }
}

/** A body holding each field of `specs` half the time, now and then a field the DTO does not have. */
function bodyOf(specs: Record<string, FieldSpec>, r: Random, depth = 0): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [field, spec] of Object.entries(specs)) if (r.next() < 0.5) body[field] = valueFor(spec, r, depth);
  if (r.next() < 0.05) body.favouriteColour = 'blue';
  return body;
}

describe('the case form fast check lets through only what class-validator accepts, handed on as class-validator hands it on', () => {
  it('agrees with class-validator on thousands of generated bodies: whatever it passes, class-validator passes unchanged', async () => {
    const r = generator(20261125);
    let passed = 0;
    for (let i = 0; i < 3000; i += 1) {
      // Mostly one to three fields, as a save of a few edits sends; now and then a whole form.
      const body = r.next() < 0.8 ? Object.fromEntries(Object.entries(bodyOf(CASE_FORM_FIELD_SPECS, r)).slice(0, 1 + Math.floor(r.next() * 3))) : bodyOf(CASE_FORM_FIELD_SPECS, r);
      if (r.next() < 0.1) body.confirmedWarnings = r.pick([[], ['bmi'], ['x'.repeat(101)], [1], null, Array.from({ length: 51 }, (_, k) => `f${k}`)]);
      const fast = fastCheck(body);
      if (fast === undefined) continue;
      passed += 1;
      const reference = await slow(body);
      expect({ body, answer: reference }).toEqual({ body, answer: { ok: true, value: JSON.parse(JSON.stringify(fast)) as unknown } });
    }
    // The check is worth having: it passes a good share of what it sees, and class-validator refused none of it.
    expect(passed).toBeGreaterThan(300);
  });

  it('passes the bodies a save sends most: a blank form, a whole stored form with its infants and gyne form, a few edited fields', async () => {
    const stored = { ...emptyCaseForm('p-1', 'C-1'), createdAt: '2026-11-01T08:00:00.000Z', updatedAt: '2026-11-02T08:00:00.000Z', version: 3 };
    const withInfants = { ...closableObCase(), medicalHistory: [], obstetricHistory: [], morbidities: [], obProcedure: [] };
    for (const body of [stored, withInfants, { version: 3, room: ' Ward 3 ' }, { version: 3, neonatal: [healthyInfant({ pediatricWeight: 2400 })] }]) {
      const fast = fastCheck(body);
      expect(fast).toBeDefined();
      expect(await slow(body)).toEqual({ ok: true, value: JSON.parse(JSON.stringify(fast)) as unknown });
    }
    // The case number is trimmed, as its Trim decorator does; other text is kept as typed.
    expect(fastCheck({ version: 3, caseNum: ' C-1 ', room: ' Ward 3 ' })).toEqual({ version: 3, caseNum: 'C-1', room: ' Ward 3 ' });
  });

  it('leaves every refusal to class-validator, so its 400 names the field as before', async () => {
    const pipe = createValidationPipe();
    for (const body of [{ weight: '60' }, { favouriteColour: 'blue' }, { neonatal: [3] }, { gyneForm: [] }, closableGyneCase({ weight: 6800 })]) {
      expect(fastCheck(body)).toBeUndefined();
      await expect(pipe.transform(body, BODY)).rejects.toMatchObject({ errors: expect.any(Array) });
    }
  });
});
