import { Injectable } from '@nestjs/common';
import { WORKLIST_COUNT_CAP, type WorklistKey } from '@pnss/libs/api';
import { type WorklistFact, worklistDefinition } from '@pnss/libs/quality';
import { type SQL, sql } from 'drizzle-orm';
import { caseQuality, fieldQueries } from '../../database/case-quality.schema.js';
import { DatabaseService } from '../../database/database.service.js';
import { patientCases } from '../../database/patients.schema.js';
import { caseApprovals } from '../../database/submissions.schema.js';
import { IN_PACKAGE_CASE } from '../../common/queries/patient-case.filters.js';

const c = patientCases;
const q = fieldQueries;

/**
 * Where each fact of the worklists (@pnss/libs/quality WorklistFacts) is read, for the user `me`:
 * the case's columns, its stored review (case_quality, written with every case write), its queries
 * on a field and its approval. Each is a condition on one patient_cases row.
 */
function worklistFacts(me: string): Record<WorklistFact, SQL> {
  const query = (status: SQL) => sql`exists (select 1 from ${q} where ${q.caseId} = ${c.id} and ${status})`;
  return {
    mine: sql`(${c.createdBy} = ${me})`,
    isClose: sql`(${c.isClose})`,
    isArchived: sql`(${c.isArchived})`,
    inPackage: IN_PACKAGE_CASE,
    failsCloseRules: sql`exists (select 1 from ${caseQuality} where ${caseQuality.caseId} = ${c.id} and ${caseQuality.errorCount} > 0)`,
    queryAwaitingAnswer: query(sql`${q.status} = 'open'`),
    myQueryAnswered: query(sql`${q.status} = 'answered' and ${q.raisedBy} = ${me}`),
    queryNotClosed: query(sql`${q.status} <> 'closed'`),
    approved: sql`exists (select 1 from ${caseApprovals} where ${caseApprovals.caseId} = ${c.id} and ${caseApprovals.caseVersion} = ${c.version})`,
  };
}

/** A worklist's definition as SQL: every condition of WORKLISTS[key] on the case, for the user `me`. */
export function worklistSql(key: WorklistKey, me: string): SQL {
  const facts = worklistFacts(me);
  const conditions = worklistDefinition(key).conditions.map(({ fact, equals }) => (equals ? facts[fact] : sql`not ${facts[fact]}`));
  return sql`(${sql.join(conditions, sql` and `)})`;
}

/** The counts of the worklists (issue 31); their pages are the cases list's (CasesRepository.page). */
@Injectable()
export class WorklistsRepository {
  constructor(private readonly database: DatabaseService) {}

  /**
   * Each list's count for `me`, in one statement: one scalar count per list, each walking its own
   * index and stopping one past WORKLIST_COUNT_CAP (a count above the cap is only 'more than').
   */
  async counts(keys: readonly WorklistKey[], me: string): Promise<Map<WorklistKey, number>> {
    if (keys.length === 0) return new Map();
    const columns = keys.map(
      (key, index) => sql`(select count(*)::int from (select 1 from ${c} where ${worklistSql(key, me)} limit ${WORKLIST_COUNT_CAP + 1}) reach) as ${sql.raw(`n${index}`)}`,
    );
    const result = (await this.database.db.execute(sql`select ${sql.join(columns, sql`, `)}`)) as unknown as { rows: Array<Record<string, number>> };
    const row = result.rows[0] ?? {};
    return new Map(keys.map((key, index) => [key, Number(row[`n${index}`] ?? 0)]));
  }
}
