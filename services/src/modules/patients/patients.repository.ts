import { Injectable } from '@nestjs/common';
import { type SQL, and, asc, count, eq, getTableColumns, ilike, or, sql } from 'drizzle-orm';
import { DatabaseService, type Executor } from '../../database/database.service.js';
import { patientCases, patients } from '../../database/patients.schema.js';
import type { PatientCaseFilter, PatientTag } from './dto/list-query.dto.js';
import {
  ADMITTED_CASE, GYNE_CASE, NOT_ARCHIVED_CASE, OB_CASE, OPEN_CASE, admittedBetween, allOf, containsPattern,
} from './patient-case.filters.js';

export type PatientRow = typeof patients.$inferSelect;
export type NewPatientRow = typeof patients.$inferInsert;
export type PatientChanges = Partial<
  Pick<PatientRow, 'firstName' | 'middleName' | 'lastName' | 'avatar' | 'birthDate' | 'pediatricConfirmed' | 'medicalHistory' | 'obstetricHistory'>
>;

export interface PatientFlags {
  hasOpenCase: boolean;
  isAdmitted: boolean;
}
export type PatientViewRow = PatientRow & PatientFlags;

const { avatar: _avatar, medicalHistory: _mh, obstetricHistory: _oh, ...listColumns } = getTableColumns(patients);
export type PatientListRow = Omit<PatientRow, 'avatar' | 'medicalHistory' | 'obstetricHistory'> & PatientFlags;

export interface PatientListFilter {
  search?: string;
  tag?: PatientTag;
  cases?: PatientCaseFilter;
  fromdate?: string;
  todate?: string;
}

/** The search matches every word of the text in the first, middle or last name, whatever the case. */
const MAX_SEARCH_WORDS = 5;

function caseExists(conditions: SQL[]): SQL {
  return sql`exists (select 1 from ${patientCases} where ${patientCases.patientId} = ${patients.id} and ${allOf(conditions)})`;
}

const FLAGS = {
  hasOpenCase: sql<boolean>`${caseExists([OPEN_CASE])}`.as('has_open_case'),
  isAdmitted: sql<boolean>`${caseExists([ADMITTED_CASE])}`.as('is_admitted'),
};

/** All SQL of the patients feature: the patients table, and the case conditions its lists filter on. */
@Injectable()
export class PatientsRepository {
  constructor(private readonly database: DatabaseService) {}

  async findById(id: string, executor: Executor = this.database.db): Promise<PatientRow | null> {
    const [row] = await executor.select().from(patients).where(eq(patients.id, id)).limit(1);
    return row ?? null;
  }

  /** The patient with the flags the preview shows. */
  async findView(id: string, executor: Executor = this.database.db): Promise<PatientViewRow | null> {
    const [row] = await executor
      .select({ ...getTableColumns(patients), ...FLAGS })
      .from(patients)
      .where(eq(patients.id, id))
      .limit(1);
    return row ? { ...row, hasOpenCase: Boolean(row.hasOpenCase), isAdmitted: Boolean(row.isAdmitted) } : null;
  }

  async insert(tx: Executor, values: NewPatientRow): Promise<PatientRow> {
    const [row] = await tx.insert(patients).values(values).returning();
    return row;
  }

  /** Writes only when the stored version is still `expectedVersion`; null when it is not (or the patient is gone). */
  async updateIfVersion(
    tx: Executor,
    id: string,
    expectedVersion: number,
    changes: PatientChanges,
    actorId: string | null,
  ): Promise<PatientRow | null> {
    const [row] = await tx
      .update(patients)
      .set({ ...changes, version: sql`${patients.version} + 1`, updatedAt: new Date(), updatedBy: actorId })
      .where(and(eq(patients.id, id), eq(patients.version, expectedVersion)))
      .returning();
    return row ?? null;
  }

  /** One page in SQL; the Open Case, Admitted, case type and date filters are EXISTS subqueries. */
  async page(filter: PatientListFilter, limit: number, skip: number): Promise<{ rows: PatientListRow[]; count: number }> {
    const where = this.where(filter);
    const db = this.database.db;
    const rows = await db
      .select({ ...listColumns, ...FLAGS })
      .from(patients)
      .where(where)
      .orderBy(asc(sql`lower(${patients.lastName})`), asc(sql`lower(${patients.firstName})`), asc(patients.id))
      .limit(limit)
      .offset(skip);
    const [total] = await db.select({ n: count() }).from(patients).where(where);
    return {
      rows: rows.map((r) => ({ ...r, hasOpenCase: Boolean(r.hasOpenCase), isAdmitted: Boolean(r.isAdmitted) })),
      count: total.n,
    };
  }

  async countPatients(): Promise<number> {
    const [row] = await this.database.db.select({ n: count() }).from(patients);
    return row.n;
  }

  async countPatientsWith(kind: 'openCase' | 'admitted'): Promise<number> {
    const [row] = await this.database.db
      .select({ n: count() })
      .from(patients)
      .where(caseExists([kind === 'openCase' ? OPEN_CASE : ADMITTED_CASE]));
    return row.n;
  }

  /** All cases and open cases, archived ones left out. */
  async countCases(): Promise<{ all: number; open: number }> {
    const [row] = await this.database.db
      .select({
        all: count(),
        open: sql<number>`count(*) filter (where ${OPEN_CASE})`.mapWith(Number),
      })
      .from(patientCases)
      .where(NOT_ARCHIVED_CASE);
    return { all: row.all, open: row.open };
  }

  private where(filter: PatientListFilter): SQL | undefined {
    const conditions: SQL[] = [];
    const words = (filter.search ?? '').split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
    for (const word of words) {
      const pattern = containsPattern(word);
      const names = or(ilike(patients.firstName, pattern), ilike(patients.middleName, pattern), ilike(patients.lastName, pattern));
      if (names) conditions.push(names);
    }

    // One EXISTS for all case conditions: "Admitted" with "OB Cases" means admitted on an OB case.
    const caseConditions: SQL[] = [];
    if (filter.tag === 'openCase') caseConditions.push(OPEN_CASE);
    if (filter.tag === 'admitted') caseConditions.push(ADMITTED_CASE);
    if (filter.cases === 'ob') caseConditions.push(OB_CASE);
    if (filter.cases === 'gyne') caseConditions.push(GYNE_CASE);
    caseConditions.push(...admittedBetween(filter.fromdate, filter.todate));
    if (caseConditions.length > 0) conditions.push(caseExists([...caseConditions, NOT_ARCHIVED_CASE]));

    return conditions.length > 0 ? and(...conditions) : undefined;
  }
}
