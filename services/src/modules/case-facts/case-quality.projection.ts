import { QUALITY_DERIVATION, caseQuality, failedRules, isQualityReviewed } from '@pnss/libs/quality';
import { countingDateOf } from '@pnss/libs/reports';
import { type SQL, and, asc, eq, getTableColumns, gt, sql } from 'drizzle-orm';
import { caseQuality as caseQualityTable, caseQualityRollup, caseQualityRules } from '../../database/case-quality.schema.js';
import { patientCases } from '../../database/patients.schema.js';
import type { Executor } from '../../database/database.service.js';
import { serverToday } from '../../common/dates/server-today.js';
import { type CaseRow, toCaseForm } from '../../common/records/case-record.js';

/**
 * The data-quality part of the projection (issue 31): each case's review by the rules of
 * @pnss/libs/quality, stored in case_quality with the case's write, and the counters of the Data
 * Quality view (case_quality_rollup) moved by the difference, so the view is a sum and never runs
 * the rules. Only closed, unarchived cases with a discharge date count in the view (libs isQualityReviewed).
 */

export type QualityRow = typeof caseQualityTable.$inferInsert;
const QUALITY_KEYS = Object.keys(getTableColumns(caseQualityTable)) as Array<keyof QualityRow & string>;

/** The review of the case as stored in `row`. */
export function deriveQualityRow(row: CaseRow, today = serverToday()): QualityRow {
  const form = toCaseForm(row);
  const quality = caseQuality(form, { today });
  return {
    caseId: row.id,
    derivation: QUALITY_DERIVATION,
    // The cases the view reviews (libs QUALITY_DENOMINATORS.cases): closed, not archived, discharged.
    counted: isQualityReviewed(form),
    day: countingDateOf(form),
    errorCount: quality.errors.length,
    warningCount: quality.warnings.length,
    rules: failedRules(quality),
    findings: [...quality.errors, ...quality.warnings],
    asked: quality.asked,
    missing: quality.missing,
    score: quality.score,
  };
}

/** A stored review as the JSON of the projection read (`stored.quality`), compared by value. */
export function sameQuality(stored: Record<string, unknown> | null | undefined, next: QualityRow): boolean {
  if (!stored) return false;
  const value = (v: unknown) => canonical(v ?? null);
  return QUALITY_KEYS.every((key) => value(stored[key]) === value(next[key]));
}

/** JSON with the keys of every object sorted: jsonb keeps its own key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The counters a review adds to its day: one each, and its score. Nothing when it is not counted. */
function countersOf(row: Pick<QualityRow, 'counted' | 'day' | 'rules' | 'asked' | 'missing' | 'score'> | null | undefined): Map<string, number> {
  const counters = new Map<string, number>();
  if (!row?.counted || !row.day) return counters;
  const day = String(row.day);
  counters.set(`${day}\u0000cases`, 1);
  counters.set(`${day}\u0000score`, Number(row.score));
  for (const rule of row.rules ?? []) counters.set(`${day}\u0000rule:${rule}`, 1);
  for (const field of row.asked ?? []) counters.set(`${day}\u0000asked:${field}`, 1);
  for (const field of row.missing ?? []) counters.set(`${day}\u0000missing:${field}`, 1);
  return counters;
}

export interface QualityChange {
  row: QualityRow;
  rollup: Array<{ day: string; key: string; n: number }>;
}

/** What writing the review `next` over the stored one changes; null when nothing does. */
export function qualityChange(stored: Record<string, unknown> | null | undefined, next: QualityRow): QualityChange | null {
  if (sameQuality(stored, next)) return null;
  const before = countersOf(stored as QualityRow | null | undefined);
  const after = countersOf(next);
  const rollup: QualityChange['rollup'] = [];
  for (const id of new Set([...before.keys(), ...after.keys()])) {
    const n = (after.get(id) ?? 0) - (before.get(id) ?? 0);
    if (n === 0) continue;
    const [day, key] = id.split('\u0000');
    rollup.push({ day, key, n });
  }
  return { row: next, rollup };
}

/** Writes a review change, in the transaction of the case write it follows. */
export async function writeQualityChange(executor: Executor, change: QualityChange): Promise<void> {
  const set = Object.fromEntries(Object.entries(change.row).filter(([key]) => key !== 'caseId'));
  await executor.insert(caseQualityTable).values(change.row).onConflictDoUpdate({ target: caseQualityTable.caseId, set });
  await executor.delete(caseQualityRules).where(eq(caseQualityRules.caseId, change.row.caseId));
  const { counted, day, rules } = change.row;
  if (counted && day && rules && rules.length > 0) {
    await executor.insert(caseQualityRules).values(rules.map((rule) => ({ rule, day, caseId: change.row.caseId })));
  }
  for (let i = 0; i < change.rollup.length; i += 1000) {
    await executor
      .insert(caseQualityRollup)
      .values(change.rollup.slice(i, i + 1000))
      .onConflictDoUpdate({ target: [caseQualityRollup.day, caseQualityRollup.key], set: { n: sql`${caseQualityRollup.n} + excluded.n` } });
  }
}

/** The stored review of the patient_cases row of the outer query, as JSON; null when it has none. */
export function storedQualityOfCase(caseIdColumn: SQL): SQL<Record<string, unknown> | null> {
  const pairs = Object.entries(getTableColumns(caseQualityTable)).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, q.${sql.identifier(column.name)}`);
  return sql<Record<string, unknown> | null>`(select json_build_object(${sql.join(pairs, sql`, `)}) from ${caseQualityTable} q where q.case_id = ${caseIdColumn})`;
}

/**
 * At start-up: a review for every case without one or with one an older QUALITY_DERIVATION wrote,
 * `batchSize` at a time; then, when any was written, the counters rebuilt from the reviews. Returns
 * how many reviews were written.
 */
export async function backfillQuality(
  transaction: <T>(work: (tx: Executor) => Promise<T>) => Promise<T>, batchSize = 500,
): Promise<number> {
  const today = serverToday();
  let total = 0;
  // Walks the cases once in id order, each batch after the last one's last id: a search from the
  // start every batch read again every case already reviewed (quadratic: hours at a million cases).
  let after: string | null = null;
  for (;;) {
    const done: number = await transaction(async (tx) => {
      const stale = sql`not exists (select 1 from ${caseQualityTable} q where q.case_id = ${patientCases.id} and q.derivation >= ${QUALITY_DERIVATION})`;
      const rows = await tx
        .select()
        .from(patientCases)
        .where(after === null ? stale : and(gt(patientCases.id, after), stale))
        .orderBy(asc(patientCases.id))
        .limit(batchSize);
      if (rows.length === 0) return 0;
      after = rows[rows.length - 1]!.id;
      for (let i = 0; i < rows.length; i += 100) {
        const values = rows.slice(i, i + 100).map((row) => deriveQualityRow(row, today));
        await tx.insert(caseQualityTable).values(values).onConflictDoUpdate({
          target: caseQualityTable.caseId,
          set: Object.fromEntries(QUALITY_KEYS.filter((k) => k !== 'caseId').map((k) => [k, sql.raw(`excluded."${getTableColumns(caseQualityTable)[k].name}"`)])),
        });
      }
      return rows.length;
    });
    if (done === 0) break;
    total += done;
  }
  if (total > 0) await transaction((tx) => rebuildQualityRollup(tx));
  return total;
}

/** Recounts the view's counters and its rule rows from the stored reviews, in SQL. */
export async function rebuildQualityRollup(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('case_quality_rollup'))`);
  await tx.delete(caseQualityRollup);
  await tx.execute(sql`
    insert into case_quality_rollup (day, key, n)
    select day, key, sum(n)::int from (
      select day, 'cases' as key, 1 as n from case_quality where counted and day is not null
      union all select day, 'score', score from case_quality where counted and day is not null
      union all select day, 'rule:' || unnest(rules), 1 from case_quality where counted and day is not null
      union all select day, 'asked:' || unnest(asked), 1 from case_quality where counted and day is not null
      union all select day, 'missing:' || unnest(missing), 1 from case_quality where counted and day is not null
    ) c group by day, key`);
  await tx.delete(caseQualityRules);
  await tx.execute(sql`
    insert into case_quality_rules (rule, day, case_id)
    select unnest(rules), day, case_id from case_quality where counted and day is not null`);
}
