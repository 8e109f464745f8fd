import { Injectable } from '@nestjs/common';
import { type Placeholder, type SQL, and, asc, count, desc, eq, ilike, sql } from 'drizzle-orm';
import { DatabaseService, type Executor, placeholdersOf, prepared } from '../../database/database.service.js';
import { patientCases, patients } from '../../database/patients.schema.js';
import {
  ADMITTED_CASE, ARCHIVED_CASE, GYNE_CASE, NOT_ARCHIVED_CASE, OB_CASE, OPEN_CASE, admittedBetween, containsPattern,
} from '../../common/queries/patient-case.filters.js';
import { listCounter, listCounterColumn } from '../../common/queries/list-counters.js';
import { type ChangeAudit, auditOfChange, auditOfChangeValues, auditedRows } from '../audit/audit.repository.js';
import type { ReadAudit } from '../audit/read-audit.js';
import { type StoredProjection, storedProjectionOfCase } from '../case-facts/case-facts.service.js';
import { CASE_COLUMN_KEYS, type CaseColumns, type CaseRow } from '../../common/records/case-record.js';
import type { CaseListFilter, CaseListTag } from './dto/case-list-query.dto.js';

export type NewCaseRow = typeof patientCases.$inferInsert;
/** What a change may write besides the form: the lifecycle flags. */
export type CaseChanges = Partial<CaseColumns & Pick<CaseRow, 'isClose' | 'isArchived' | 'closedAt' | 'submissionId'>>;

export interface CaseListQuery {
  search?: string;
  tag?: CaseListTag;
  cases?: CaseListFilter;
  fromdate?: string;
  todate?: string;
}

const c = patientCases;
const LIST_COLUMNS = {
  id: c.id,
  patientId: c.patientId,
  caseNum: c.caseNum,
  caseFormType: c.caseFormType,
  isPregnancy: c.isPregnancy,
  isGyne: c.isGyne,
  isClose: c.isClose,
  isArchived: c.isArchived,
  submissionId: c.submissionId,
  admissionDate: c.admissionDate,
  dischargeDate: c.dischargeDate,
  age: c.age,
  version: c.version,
  updatedAt: c.updatedAt,
  createdAt: c.createdAt,
  birthDate: patients.birthDate,
  firstName: patients.firstName,
  middleName: patients.middleName,
  lastName: patients.lastName,
};
export type CaseListRow = Pick<
  CaseRow,
  | 'id' | 'patientId' | 'caseNum' | 'caseFormType' | 'isPregnancy' | 'isGyne' | 'isClose' | 'isArchived' | 'submissionId'
  | 'admissionDate' | 'dischargeDate' | 'age' | 'version' | 'updatedAt' | 'createdAt'
> & { birthDate: string | null; firstName: string; middleName: string | null; lastName: string };

/**
 * The counter of migration 0006 that counts the cases list exactly, when nothing filters it but
 * what the counters know (not searched nor dated); null otherwise.
 */
function counterFor(query: CaseListQuery): string | null {
  if (query.search || query.fromdate || query.todate) return null;
  const allCases = query.cases === undefined || query.cases === 'all';
  const anyTag = query.tag === undefined || query.tag === 'all' || query.tag === 'allPatients';
  if (allCases && anyTag) return 'cases';
  if (allCases && query.tag === 'openCase') return 'open_cases';
  if (query.cases === 'archived' && anyTag) return 'archived_cases';
  return null;
}

/** All SQL on patient_cases. A write that depends on what was read is one UPDATE ... WHERE version = expected. */
function findByIdStatement(on: Executor) {
  return on.select().from(c).where(eq(c.id, sql.placeholder('id'))).limit(1);
}

/** A case form of one patient: a case of another patient is not found, as the service's `requireCase` says. */
function findOfPatientStatement(on: Executor) {
  return on.select().from(c).where(and(eq(c.id, sql.placeholder('id')), eq(c.patientId, sql.placeholder('patientId')))).limit(1);
}

/**
 * A form saved over an open case at the version read, with its audit row, in one statement (the
 * statement of every case save, built once): the UPDATE is a CTE whose row, when it wrote one,
 * the audit row's CTE names. Without a transaction around it, the two still commit together.
 */
function saveFormStatement(on: Executor) {
  const saved = on.$with('saved').as(
    on
      .update(c)
      .set({
        ...placeholdersOf<CaseColumns, (typeof CASE_COLUMN_KEYS)[number]>(CASE_COLUMN_KEYS),
        version: sql`${c.version} + 1`,
        updatedAt: sql.placeholder('updatedAt') as unknown as Date,
        updatedBy: sql.placeholder('updatedBy') as unknown as string,
      })
      .where(and(eq(c.id, sql.placeholder('id')), eq(c.version, sql.placeholder('expectedVersion')), eq(c.isClose, false)))
      .returning(),
  );
  return on.with(saved, auditOfChange(on, saved, sql`${saved.id}`)).select().from(saved);
}

/** A case with what its save needs beside it: the patient's birth date and the case's stored projection. */
function findForSaveStatement(on: Executor) {
  return on
    .select({ row: c, patientBirthDate: patients.birthDate, projection: storedProjectionOfCase() })
    .from(c)
    .innerJoin(patients, eq(patients.id, c.patientId))
    .where(eq(c.id, sql.placeholder('id')))
    .limit(1);
}

/** What a case save reads, in one statement. */
export interface CaseForSave {
  row: CaseRow;
  patientBirthDate: string | null;
  /** The reporting projection as stored (null: none yet). */
  projection: StoredProjection | null;
}

@Injectable()
export class CasesRepository {
  constructor(private readonly database: DatabaseService) {}

  /** The case form every screen opens and every change reads first (a prepared statement). */
  async findById(id: string, executor: Executor = this.database.db): Promise<CaseRow | null> {
    const [row] = await prepared(executor, 'cases_find_by_id', findByIdStatement).execute({ id });
    return row ?? null;
  }

  /** The case form a screen opens, of that patient alone; where the read's audit row is stored is auditedRows' to say. */
  async findOfPatient(id: string, patientId: string, audit: ReadAudit | undefined): Promise<CaseRow | null> {
    const [row] = await auditedRows(this.database.db, 'cases_find_of_patient', findOfPatientStatement, { id, patientId }, audit);
    return row ?? null;
  }

  /** A patient's cases, newest admission first; cases not yet admitted first of all. */
  async listForPatient(patientId: string): Promise<CaseRow[]> {
    return this.database.db
      .select()
      .from(c)
      .where(eq(c.patientId, patientId))
      .orderBy(sql`${c.admissionDate} desc nulls first`, desc(c.createdAt), asc(c.id));
  }

  /** A patient's cases, locked until the caller's transaction ends: a correction of the patient re-derives them. */
  async lockForPatient(tx: Executor, patientId: string): Promise<CaseRow[]> {
    return tx.select().from(c).where(eq(c.patientId, patientId)).orderBy(asc(c.id)).for('update');
  }

  /** A case with the patient's birth date and its stored projection, in one read: what a save needs. */
  async findForSave(id: string): Promise<CaseForSave | null> {
    const [found] = await prepared(this.database.db, 'cases_find_for_save', findForSaveStatement).execute({ id });
    return found ?? null;
  }

  async insert(tx: Executor, values: NewCaseRow): Promise<CaseRow> {
    const [row] = await tx.insert(c).values(values).returning();
    return row;
  }

  /**
   * A lifecycle change (close, reopen, archive, unarchive): written only when the stored version is
   * still `expectedVersion`, bumping the version. null when another change came first. (A form save
   * is saveFormIfVersion, which also requires the case to be open.)
   */
  async updateIfVersion(tx: Executor, id: string, expectedVersion: number, changes: CaseChanges, actorId: string | null): Promise<CaseRow | null> {
    const [row] = await tx
      .update(c)
      .set({ ...changes, version: sql`${c.version} + 1`, updatedAt: new Date(), updatedBy: actorId })
      .where(and(eq(c.id, id), eq(c.version, expectedVersion)))
      .returning();
    return row ?? null;
  }

  /**
   * The case save's write: `columns` over the case when it is still open and at `expectedVersion`,
   * bumping the version, with its audit row (`audit`, written only when the case is). null when
   * another change came first. One prepared statement: a save runs it on every click of Save.
   */
  async saveFormIfVersion(
    executor: Executor, id: string, expectedVersion: number, columns: CaseColumns, actorId: string | null, audit: ChangeAudit,
  ): Promise<CaseRow | null> {
    const [row] = await prepared(executor, 'cases_save_form', saveFormStatement).execute({
      ...columns,
      id,
      expectedVersion,
      updatedAt: new Date(),
      updatedBy: actorId,
      ...auditOfChangeValues(audit),
    });
    return row ?? null;
  }

  /**
   * One page of the cases list, fast at a million patients (migration 0006): the page's 100 ids
   * first, walking patient_cases_list_idx / patient_cases_open_list_idx (created_at desc, id desc,
   * partial on the list's own condition) as an index-only scan, then their columns and the patient's
   * name and birth date for those 100 rows only (a deferred join). Case-number search uses the
   * trigram index patient_cases_case_num_trgm_idx. The count comes from list_counters when the
   * list is filtered by nothing the counters do not know. A worklist (issue 31) is this list with
   * its own condition added (`worklist.where`): the same page, search and order; its count is read
   * no further than `worklist.countReach`.
   */
  async page(
    query: CaseListQuery, limit: number, skip: number, worklist?: { where: SQL; countReach: number }, audit?: ReadAudit,
  ): Promise<{ rows: CaseListRow[]; count: number }> {
    const where = and(...this.conditions(query), ...(worklist ? [worklist.where] : []));
    const build = <E extends Record<string, SQL.Aliased>>(on: Executor, pageLimit: number | Placeholder, pageOffset: number | Placeholder, extra: E) => {
      const pageIds = on
        .select({ id: c.id, createdAt: c.createdAt })
        .from(c)
        .where(where)
        .orderBy(desc(c.createdAt), desc(c.id))
        .limit(pageLimit)
        .offset(pageOffset)
        .as('page_ids');
      return on
        .select({ ...LIST_COLUMNS, ...extra })
        .from(pageIds)
        .innerJoin(c, eq(c.id, pageIds.id))
        .innerJoin(patients, eq(patients.id, c.patientId))
        .orderBy(desc(pageIds.createdAt), desc(pageIds.id));
    };
    // Not searched nor dated (the list a round opens): one prepared statement per type and tag,
    // which fix its conditions, with the count of its counter on every row when one keeps it; with
    // `audit`, the statement may store the read's audit row too (auditedRows).
    const plain = !query.search && !query.fromdate && !query.todate && !worklist;
    if (plain) {
      const counter = counterFor(query);
      // (No counter keeps it: counted apart, and the column is null.)
      const extra = { total: counter ? listCounterColumn(counter) : sql<string>`null`.as('total') };
      const name = `cases_page_${query.cases ?? 'all'}_${query.tag ?? 'all'}`;
      const page = (on: Executor) => build(on, sql.placeholder('limit'), sql.placeholder('offset'), extra);
      const counted = auditedRows(this.database.db, name, page, { limit, offset: skip }, audit);
      const [rows, uncounted] = await Promise.all([counted, counter ? null : this.countWhere(where)]);
      // A page past the end has no row to carry the counter's count.
      const count = uncounted ?? (rows.length > 0 ? Number(rows[0].total) : await listCounter(this.database.db, counter as string));
      return { rows, count };
    }
    const [rows, count] = await Promise.all([
      build(this.database.db, limit, skip, {}),
      worklist ? this.countWhere(where, worklist.countReach) : this.countWhere(where),
    ]);
    return { rows, count };
  }

  /** The rows `where` holds; with `reach`, counted no further than that. */
  private async countWhere(where: SQL | undefined, reach?: number): Promise<number> {
    const db = this.database.db;
    if (reach === undefined) {
      const [total] = await db.select({ n: count() }).from(c).where(where);
      return total.n;
    }
    const reached = db.select({ one: sql`1` }).from(c).where(where).limit(reach).as('reached');
    const [total] = await db.select({ n: count() }).from(reached);
    return total.n;
  }

  private conditions(query: CaseListQuery): SQL[] {
    const conditions: SQL[] = [];
    if (query.cases === 'archived') conditions.push(ARCHIVED_CASE);
    else conditions.push(NOT_ARCHIVED_CASE);
    if (query.cases === 'ob') conditions.push(OB_CASE);
    if (query.cases === 'gyne') conditions.push(GYNE_CASE);
    if (query.tag === 'openCase') conditions.push(OPEN_CASE);
    if (query.tag === 'admitted') conditions.push(ADMITTED_CASE);
    if (query.search) conditions.push(ilike(c.caseNum, containsPattern(query.search)));
    conditions.push(...admittedBetween(query.fromdate, query.todate));
    return conditions;
  }
}
