import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as utils from 'drizzle-orm/utils';
import pg from 'pg';
import { patientCaseStats } from './list-performance.schema.js';
import { patientCases, patients } from './patients.schema.js';
import { mapFlatRowsOnce } from './row-mapper.js';

/** drizzle's own row mapper, which row-mapper.ts stands in for (exported by drizzle-orm/utils, not typed). */
const { mapResultRow } = utils as unknown as {
  mapResultRow: (fields: unknown, row: unknown[], joinsNotNullableMap: unknown) => Record<string, unknown>;
};

interface Internals {
  fields: unknown;
  joinsNotNullableMap: unknown;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

describe('a prepared statement maps its rows as resolved once (row-mapper.ts)', () => {
  // Never connected: preparing a statement only builds it.
  const pool = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none' });
  const db = drizzle(pool);
  afterAll(() => pool.end());

  it("gives a flat selection the rows drizzle's mapResultRow gives: the same keys in the same order, nulls kept, each value through its field's decoder", () => {
    const statement = db
      .select({
        id: patients.id,
        firstName: patients.firstName,
        middleName: patients.middleName,
        birthDate: patients.birthDate,
        version: patients.version,
        updatedAt: patients.updatedAt,
        history: patients.medicalHistory,
        open: sql<boolean>`coalesce(${patientCaseStats.openCases}, 0) > 0`.as('open'),
        counted: sql<number>`count(*)`.mapWith(Number),
        total: sql<string>`1`,
      })
      .from(patients)
      .leftJoin(patientCaseStats, eq(patientCaseStats.patientId, patients.id))
      .prepare('row_mapper_flat');
    const { fields, joinsNotNullableMap } = statement as unknown as Internals;
    const raw = [
      ['a5b0e5b2-0000-4000-8000-000000000001', 'Ana', null, '1990-02-03', 3, '2026-11-26 12:57:01.123+00', [{ conditionId: 'c' }], true, '12', '7'],
      ['a5b0e5b2-0000-4000-8000-000000000002', 'Belen', 'M', null, 1, '2026-01-02 03:04:05+00', [], false, '0', null],
    ];
    const expected = raw.map((row) => mapResultRow(fields, row, joinsNotNullableMap));
    mapFlatRowsOnce(statement);
    const mapper = (statement as unknown as Internals).customResultMapper;
    expect(mapper).toBeDefined();
    const rows = mapper?.(raw) as Array<Record<string, unknown>>;
    expect(rows).toEqual(expected);
    expect(rows.map((row) => Object.keys(row))).toEqual(expected.map((row) => Object.keys(row)));
    expect(rows[0].updatedAt).toBeInstanceOf(Date);
    expect(rows[0].counted).toBe(12);
    expect(JSON.stringify(rows)).toBe(JSON.stringify(expected));
  });

  it("leaves a nested selection to drizzle, which sets a left join's table to null when it found nothing", () => {
    const statement = db
      .select({ row: patientCases, patientBirthDate: patients.birthDate })
      .from(patientCases)
      .leftJoin(patients, eq(patients.id, patientCases.patientId))
      .prepare('row_mapper_nested');
    mapFlatRowsOnce(statement);
    expect((statement as unknown as Internals).customResultMapper).toBeUndefined();
  });
});
