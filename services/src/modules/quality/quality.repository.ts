import { Injectable } from '@nestjs/common';
import type { FieldQueryMessage, FieldQueryStatus } from '@pnss/libs/api';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { caseQuality, fieldQueries, fieldQueryMessages } from '../../database/case-quality.schema.js';
import { patientCases } from '../../database/patients.schema.js';
import { DatabaseService, type Executor } from '../../database/database.service.js';

/** The most cases named behind one rule of the view; the count is every case. */
export const QUALITY_CASES_PER_RULE = 200;

export type QueryRow = typeof fieldQueries.$inferSelect & { caseNum: string; patientId: string; messages: FieldQueryMessage[] };

/** A case a query is raised on. */
export interface QueriedCase {
  id: string;
  caseNum: string;
  patientId: string;
}

/** All SQL of the data-quality feature: the view's sums, the stored reviews, the queries. */
@Injectable()
export class QualityRepository {
  constructor(private readonly database: DatabaseService) {}

  private get db() {
    return this.database.db;
  }

  /** The view's counters summed over the discharge days from `from` to `to`. */
  async counters(from: string, to: string): Promise<Map<string, number>> {
    const result = (await this.db.execute(sql`
      select key, sum(n)::int as n from case_quality_rollup where day between ${from}::date and ${to}::date group by key`)) as {
      rows: Array<{ key: string; n: number }>;
    };
    return new Map(result.rows.map((r) => [r.key, Number(r.n)]));
  }

  /**
   * The cases behind each rule: the QUALITY_CASES_PER_RULE most recently discharged, each rule one
   * backward range of case_quality_rules' key.
   */
  async casesByRule(rules: readonly string[], from: string, to: string): Promise<Array<{ rule: string; id: string; caseNum: string; patientId: string }>> {
    const result = (await this.db.execute(sql`
      select r.rule, p.id, p.case_num as "caseNum", p.patient_id as "patientId"
      from unnest(array[${sql.join(rules.map((rule) => sql`${rule}`), sql`, `)}]::text[]) with ordinality as r(rule, position)
      cross join lateral (
        select w.case_id, w.day from case_quality_rules w
        where w.rule = r.rule and w.day between ${from}::date and ${to}::date
        order by w.day desc, w.case_id desc limit ${QUALITY_CASES_PER_RULE}) c
      join patient_cases p on p.id = c.case_id
      order by r.position, c.day desc, c.case_id desc`)) as {
      rows: Array<{ rule: string; id: string; caseNum: string; patientId: string }>;
    };
    return result.rows;
  }

  /** The stored reviews of these cases. */
  reviews(ids: string[]) {
    return this.db
      .select({ caseId: caseQuality.caseId, score: caseQuality.score, findings: caseQuality.findings })
      .from(caseQuality)
      .where(inArray(caseQuality.caseId, ids));
  }

  /** The quality rules the stored review of each case fails (hard errors and warnings): the cases without any are left out. */
  async failedRules(ids: string[], executor: Executor = this.db): Promise<Map<string, string[]>> {
    if (ids.length === 0) return new Map();
    const rows = await executor
      .select({ caseId: caseQuality.caseId, rules: caseQuality.rules })
      .from(caseQuality)
      .where(and(inArray(caseQuality.caseId, ids), sql`cardinality(${caseQuality.rules}) > 0`));
    return new Map(rows.map((row) => [row.caseId, row.rules]));
  }

  /** The fields of each case with a query not closed. */
  async openQueryFields(ids: string[], executor: Executor = this.db): Promise<Map<string, string[]>> {
    const open = new Map<string, string[]>();
    if (ids.length === 0) return open;
    const rows = await executor
      .select({ caseId: fieldQueries.caseId, field: fieldQueries.field })
      .from(fieldQueries)
      .where(and(inArray(fieldQueries.caseId, ids), ne(fieldQueries.status, 'closed')))
      .orderBy(asc(fieldQueries.raisedAt));
    for (const row of rows) open.set(row.caseId, [...(open.get(row.caseId) ?? []), row.field]);
    return open;
  }

  async findCase(caseId: string): Promise<QueriedCase | null> {
    const [row] = await this.db
      .select({ id: patientCases.id, caseNum: patientCases.caseNum, patientId: patientCases.patientId })
      .from(patientCases)
      .where(eq(patientCases.id, caseId));
    return row ?? null;
  }

  async insertQuery(tx: Executor, values: typeof fieldQueries.$inferInsert): Promise<string> {
    const [row] = await tx.insert(fieldQueries).values(values).returning({ id: fieldQueries.id });
    return row.id;
  }

  async addMessage(tx: Executor, values: typeof fieldQueryMessages.$inferInsert): Promise<void> {
    await tx.insert(fieldQueryMessages).values(values);
  }

  /** A query, locked for its next step. */
  async lockQuery(tx: Executor, queryId: string) {
    const [row] = await tx.select().from(fieldQueries).where(eq(fieldQueries.id, queryId)).for('update');
    return row ?? null;
  }

  async setStatus(tx: Executor, queryId: string, status: FieldQueryStatus): Promise<void> {
    await tx.update(fieldQueries).set({ status, updatedAt: new Date() }).where(eq(fieldQueries.id, queryId));
  }

  /** Queries with their case and thread, by a condition on field_queries (alias q) and patient_cases (alias p). */
  private async queriesWhere(where: ReturnType<typeof sql>, limit: number, skip: number, executor: Executor = this.db): Promise<{ rows: QueryRow[]; count: number }> {
    const result = (await executor.execute(sql`
      select q.id, q.case_id as "caseId", q.field, q.status, q.raised_by as "raisedBy", q.raised_by_username as "raisedByUsername",
             q.raised_at as "raisedAt", q.updated_at as "updatedAt", p.case_num as "caseNum", p.patient_id as "patientId",
             coalesce((select json_agg(json_build_object('kind', m.kind, 'text', m.text, 'by', m.by_username, 'at', m.at) order by m.at, m.id)
                       from field_query_messages m where m.query_id = q.id), '[]'::json) as messages,
             count(*) over () as total
      from field_queries q join patient_cases p on p.id = q.case_id
      where ${where}
      order by q.raised_at desc, q.id
      limit ${limit} offset ${skip}`)) as { rows: Array<QueryRow & { total: number }> };
    return { rows: result.rows, count: Number(result.rows[0]?.total ?? 0) };
  }

  queriesOfCase(caseId: string) {
    return this.queriesWhere(sql`q.case_id = ${caseId}`, 1000, 0);
  }

  query(queryId: string, executor?: Executor) {
    return this.queriesWhere(sql`q.id = ${queryId}`, 1, 0, executor);
  }

  /** Open queries on the cases `userId` created: the clinician's to answer. */
  queriesForAuthor(userId: string, limit: number, skip: number) {
    return this.queriesWhere(sql`q.status = 'open' and p.created_by = ${userId}`, limit, skip);
  }

  /** Answered queries `userId` raised: the reviewer's to reply to or close. */
  answeredQueriesOf(userId: string, limit: number, skip: number) {
    return this.queriesWhere(sql`q.status = 'answered' and q.raised_by = ${userId}`, limit, skip);
  }
}
