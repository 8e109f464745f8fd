import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import {
  CASE_FACTS_DERIVATION, CASE_TYPE_DIMENSION, ROLLUP_NONE, type RollupKey, type RollupSource, deriveCaseFacts, rollupDelta, rollupKeyId,
  rollupKeys,
} from '@pnss/libs/reports';
import { type SQL, and, asc, eq, getTableColumns, getTableName, gt, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { caseFacts, caseFactsRollup, caseIndications, caseInfants } from '../../database/case-facts.schema.js';
import { DatabaseService, type Executor, placeholdersOf, prepared } from '../../database/database.service.js';
import { patientCases } from '../../database/patients.schema.js';
import { type CaseRow, toCaseForm } from '../../common/records/case-record.js';
import { type QualityChange, backfillQuality, deriveQualityRow, qualityChange, storedQualityOfCase, writeQualityChange } from './case-quality.projection.js';

// The statements of writeCaseFacts, which every case write runs: built once (database.service `prepared`).
type FactsRow = typeof caseFacts.$inferInsert;
type InfantRow = typeof caseInfants.$inferInsert;
type IndicationRow = typeof caseIndications.$inferInsert;
const FACTS_KEYS = Object.keys(getTableColumns(caseFacts)) as Array<keyof FactsRow & string>;
const INFANT_KEYS = Object.keys(getTableColumns(caseInfants)) as Array<keyof InfantRow & string>;
const INDICATION_KEYS = Object.keys(getTableColumns(caseIndications)) as Array<keyof IndicationRow & string>;
const CASE_ID = sql.placeholder('caseId');
/** Above this many rows, a case's infants or indications are inserted by a statement built for them alone. */
const PREPARED_ROWS_MAX = 16;

/** `column = excluded.column` for every column but the key: an upsert that writes the row it was given. */
function excludedSet(table: PgTable, key: PgColumn): Record<string, ReturnType<typeof sql.raw>> {
  const set: Record<string, ReturnType<typeof sql.raw>> = {};
  for (const [name, column] of Object.entries(getTableColumns(table))) {
    if (column !== key) set[name] = sql.raw(`excluded."${column.name}"`);
  }
  return set;
}

/** Placeholder values for `rows` inserted by a statement built with `rowPlaceholders(keys, rows.length)`. */
function rowValues<T extends object>(rows: readonly T[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  rows.forEach((row, i) => {
    for (const [key, value] of Object.entries(row)) values[`${key}_${i}`] = value;
  });
  return values;
}
function rowPlaceholders<T, K extends keyof T & string>(keys: readonly K[], n: number): Array<{ [P in K]: T[P] }> {
  return Array.from({ length: n }, (_, i) => placeholdersOf<T, K>(keys, `_${i}`));
}

/** Inserts `rows` (all with every key of `keys`): one prepared statement per number of rows. */
async function insertRows<T extends object>(
  executor: Executor, table: PgTable, name: string, keys: readonly (keyof T & string)[], rows: readonly T[],
): Promise<void> {
  if (rows.length === 0) return;
  if (rows.length > PREPARED_ROWS_MAX) {
    await executor.insert(table).values(rows as never);
    return;
  }
  await prepared(executor, `${name}_${rows.length}`, (on) => on.insert(table).values(rowPlaceholders<T, keyof T & string>(keys, rows.length) as never)).execute(rowValues(rows));
}

/** `"table"."column"`: drizzle leaves a column unqualified in a one-table select, which a correlated subquery cannot have. */
function qualified(table: PgTable, column: PgColumn): SQL {
  return sql`${sql.identifier(getTableName(table))}.${sql.identifier(column.name)}`;
}

/** `json_build_object('key', column, ...)` over every column of `table`: a stored row as the schema names its fields. */
function rowAsJson(table: PgTable): SQL {
  const pairs = Object.entries(getTableColumns(table)).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${qualified(table, column)}`);
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/** The rows of `table` that belong to the case_facts row read, as one JSON list. */
function rowsOfCase(table: PgTable, caseId: PgColumn): SQL {
  return sql`coalesce((select json_agg(${rowAsJson(table)}) from ${table} where ${qualified(table, caseId)} = ${qualified(caseFacts, caseFacts.caseId)}), '[]'::json)`;
}

/** A case's projection as stored: its facts row, its infants and its indications, as the schema names their fields. */
export interface StoredProjection {
  facts: typeof caseFacts.$inferSelect;
  infants: Array<Record<string, unknown>>;
  indications: Array<Record<string, unknown>>;
  /** The case's data-quality review (case_quality), null when it has none yet. */
  quality?: Record<string, unknown> | null;
}

/** The case_facts row read, with its infants and indications, as one JSON value: every read of a stored projection. */
function projectionJson(): SQL<StoredProjection> {
  return sql<StoredProjection>`json_build_object('facts', ${rowAsJson(caseFacts)}, 'infants', ${rowsOfCase(caseInfants, caseInfants.caseId)}, 'indications', ${rowsOfCase(caseIndications, caseIndications.caseId)}, 'quality', ${storedQualityOfCase(qualified(caseFacts, caseFacts.caseId))})`;
}

/**
 * The stored projection of the patient_cases row of the outer query, null when it has none: a case
 * save reads it beside the case, in the same statement.
 */
export function storedProjectionOfCase(): SQL<StoredProjection | null> {
  return sql<StoredProjection | null>`(select ${projectionJson()} from ${caseFacts} where ${qualified(caseFacts, caseFacts.caseId)} = ${qualified(patientCases, patientCases.id)})`;
}

/** The stored projection of a case, in one read. */
function storedProjectionStatement(on: Executor) {
  return on.select({ projection: projectionJson() }).from(caseFacts).where(eq(caseFacts.caseId, CASE_ID)).limit(1);
}

/** Whether two rows hold the same value in every column (a missing value is null). */
function sameRow(keys: readonly string[], a: object, b: object): boolean {
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  return keys.every((key) => (x[key] ?? null) === (y[key] ?? null));
}

/** Whether two lists hold the same rows, in any order. */
function sameRows(keys: readonly string[], a: readonly object[], b: readonly object[]): boolean {
  const canonical = (rows: readonly object[]) =>
    rows.map((row) => JSON.stringify(keys.map((key) => (row as Record<string, unknown>)[key] ?? null))).sort().join('\n');
  return a.length === b.length && canonical(a) === canonical(b);
}

/** Adds `delta` to the rollup's counters (n + delta), creating the ones missing. */
export async function addToRollup(executor: Executor, delta: ReadonlyArray<RollupKey & { n: number }>): Promise<void> {
  for (let i = 0; i < delta.length; i += 1000) {
    await executor
      .insert(caseFactsRollup)
      .values(delta.slice(i, i + 1000).map(({ day, dimA, segA, dimB, segB, n }) => ({ day, dimA, segA, dimB, segB, n })))
      .onConflictDoUpdate({
        target: [caseFactsRollup.dimA, caseFactsRollup.dimB, caseFactsRollup.day, caseFactsRollup.segA, caseFactsRollup.segB],
        set: { n: sql`${caseFactsRollup.n} + excluded.n` },
      });
  }
}

/**
 * What a case write changes in its projection: each part null when it stays as stored (most saves
 * change nothing the reports read: a room, a note), and the rollup's counters to move.
 */
export interface ProjectionChange {
  caseId: string;
  facts: FactsRow | null;
  infants: InfantRow[] | null;
  indications: IndicationRow[] | null;
  rollup: Array<RollupKey & { n: number }>;
  /** The data-quality review and its counters, null when they stay as stored. */
  quality: QualityChange | null;
}

/**
 * The change that brings the projection stored as `stored` (null: none yet) to the one of the case
 * stored as `row`, derived by the one derivation of @pnss/libs/reports.
 */
export function projectionChange(stored: StoredProjection | null, row: CaseRow): ProjectionChange {
  const { facts, infants, indications } = deriveCaseFacts(toCaseForm(row));
  const before: RollupSource | null = stored
    ? { ...stored.facts, indications: stored.indications.map((i) => ({ isCaesarean: i.isCaesarean === true, segment: String(i.segment) })) }
    : null;
  return {
    caseId: row.id,
    facts: stored && sameRow(FACTS_KEYS, stored.facts, facts) ? null : facts,
    infants: stored && sameRows(INFANT_KEYS, stored.infants, infants) ? null : infants,
    indications: stored && sameRows(INDICATION_KEYS, stored.indications, indications) ? null : indications,
    rollup: rollupDelta(before, { ...facts, indications }),
    quality: qualityChange(stored?.quality, deriveQualityRow(row)),
  };
}

/** Whether the change writes nothing. */
export function changesNothing(change: ProjectionChange): boolean {
  return change.facts === null && change.infants === null && change.indications === null && change.rollup.length === 0 && change.quality === null;
}

/** Writes a projection change, in the transaction of the case write it follows. */
export async function writeProjectionChange(executor: Executor, change: ProjectionChange): Promise<void> {
  const { caseId, facts, infants, indications, rollup, quality } = change;
  if (facts) {
    await prepared(executor, 'case_facts_upsert', (on) =>
      on.insert(caseFacts).values(placeholdersOf<FactsRow, keyof FactsRow & string>(FACTS_KEYS)).onConflictDoUpdate({ target: caseFacts.caseId, set: excludedSet(caseFacts, caseFacts.caseId) }),
    ).execute({ ...facts });
  }
  if (infants) {
    await prepared(executor, 'case_infants_delete', (on) => on.delete(caseInfants).where(eq(caseInfants.caseId, CASE_ID))).execute({ caseId });
    await insertRows(executor, caseInfants, 'case_infants_insert', INFANT_KEYS, infants);
  }
  if (indications) {
    await prepared(executor, 'case_indications_delete', (on) => on.delete(caseIndications).where(eq(caseIndications.caseId, CASE_ID))).execute({ caseId });
    await insertRows(executor, caseIndications, 'case_indications_insert', INDICATION_KEYS, indications);
  }
  if (rollup.length > 0) await addToRollup(executor, rollup);
  if (quality) await writeQualityChange(executor, quality);
}

/**
 * Writes the reporting projection of a case (case_facts, case_infants, case_indications and its
 * counts in case_facts_rollup) from the case as stored. Called with the transaction of every case
 * write (insert, save, close, reopen, archive, unarchive), so reports never see a case half-written.
 */
export async function writeCaseFacts(executor: Executor, row: CaseRow): Promise<void> {
  const [stored] = await prepared(executor, 'case_projection_find', storedProjectionStatement).execute({ caseId: row.id });
  await writeProjectionChange(executor, projectionChange(stored?.projection ?? null, row));
}

/** Counted cases a step of a rollup rebuild reads at once (about 90 counters a group, fewer a case). */
const REBUILD_CASES_PER_STEP = 50_000;

type CountedGroup = Omit<RollupSource, 'counted' | 'indications'> & { segments: string[]; n: number };

/** The first day a counted case counts on; null when there is none. */
async function firstCountingDay(executor: Executor): Promise<string | null> {
  const result = (await executor.execute(sql`
    select min(counting_date)::text as day from case_facts where counted and counting_date is not null`)) as { rows: Array<{ day: string | null }> };
  return result.rows[0]?.day ?? null;
}

/**
 * The day after the last of a step that starts on `from`: the day of the `casesPerStep`-th counted
 * case from `from` on, or the next day when `from` alone holds that many; null when the rest fits.
 */
async function stepEnd(executor: Executor, from: string, casesPerStep: number): Promise<string | null> {
  const result = (await executor.execute(sql`
    select greatest(d, ${from}::date + 1)::text as day from (
      select counting_date as d from case_facts
      where counted and counting_date >= ${from}::date
      order by counting_date offset ${casesPerStep} limit 1) step`)) as { rows: Array<{ day: string }> };
  return result.rows[0]?.day ?? null;
}

/** The counted cases of the days from `from` up to `until` (excluded; null: to the end), grouped by everything the rollup reads. */
async function countedGroups(executor: Executor, from: string, until: string | null): Promise<CountedGroup[]> {
  const result = (await executor.execute(sql`
    select f.counting_date::text as "countingDate", f.mother_condition_segment as "motherConditionSegment",
           f.age_segment as "ageSegment", f.aog_segment as "aogSegment", f.direct_death_segment as "directDeathSegment",
           f.death_timing_segment as "deathTimingSegment", f.pregnancy_type_segment as "pregnancyTypeSegment",
           f.delivery_manner_segment as "deliveryMannerSegment", f.is_obstetric as "isObstetric", f.is_caesarean as "isCaesarean",
           f.robson_segment as "robsonSegment", f.icd_mm_segment as "icdMmSegment",
           coalesce(i.segments, '{}') as segments, count(*)::int as n
    from case_facts f
    left join lateral (
      select array_agg(distinct segment order by segment) as segments
      from case_indications where case_id = f.case_id and is_caesarean) i on true
    where f.counted and f.counting_date >= ${from}::date ${until === null ? sql`` : sql`and f.counting_date < ${until}::date`}
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13`)) as { rows: CountedGroup[] };
  return result.rows;
}

/**
 * At start-up: cases stored before the projection existed (or written around it, e.g. by a bulk
 * load) get their facts, and the rollup is rebuilt from the facts when it does not count the same
 * cases (every counted case has exactly one CaseType count).
 */
@Injectable()
export class CaseFactsBackfill implements OnApplicationBootstrap {
  private readonly logger = new Logger('CaseFacts');

  constructor(private readonly database: DatabaseService) {}

  async onApplicationBootstrap(): Promise<void> {
    const written = await this.backfill();
    if (written > 0) this.logger.log(`Reporting projection written for ${written} existing cases`);
    const derived = await this.rederive();
    if (derived > 0) this.logger.log(`Reporting projection derived again for ${derived} cases written by an older derivation`);
    if (derived > 0 || !(await this.rollupInStep())) {
      const cases = await this.rebuildRollup();
      this.logger.log(`Report rollup rebuilt from ${cases} counted cases`);
    }
    const reviewed = await backfillQuality((work) => this.database.transaction(work));
    if (reviewed > 0) this.logger.log(`Data-quality review written for ${reviewed} cases`);
  }

  /** Writes the facts of every case without them, 500 at a time; returns how many. */
  async backfill(batchSize = 500): Promise<number> {
    let total = 0;
    // Once through the cases in id order (a search from the start every batch is quadratic).
    let after: string | null = null;
    for (;;) {
      const missing = sql`not exists (select 1 from ${caseFacts} f where f.case_id = ${patientCases.id})`;
      const rows = await this.database.db
        .select()
        .from(patientCases)
        .where(after === null ? missing : and(gt(patientCases.id, after), missing))
        .orderBy(asc(patientCases.id))
        .limit(batchSize);
      if (rows.length === 0) return total;
      after = rows[rows.length - 1]!.id;
      await this.database.transaction(async (tx) => {
        for (const row of rows) await writeCaseFacts(tx, row);
      });
      total += rows.length;
    }
  }

  /**
   * Derives again the projection of every case whose facts an older derivation wrote (libs
   * CASE_FACTS_DERIVATION), `batchSize` cases a transaction: their facts, infants and indications are
   * replaced, not moved counter by counter, so the caller rebuilds the rollup afterwards. Each batch
   * takes the rebuild's lock and reads the stale rows inside it, so two servers starting at once
   * never derive the same case twice. Returns how many cases were derived.
   */
  async rederive(batchSize = 500): Promise<number> {
    let total = 0;
    for (;;) {
      const done = await this.database.transaction(async (tx) => {
        await this.database.lock(tx, 'case_facts_rederive');
        const rows = await tx
          .select({ row: patientCases })
          .from(patientCases)
          .innerJoin(caseFacts, eq(caseFacts.caseId, patientCases.id))
          .where(sql`${caseFacts.derivation} < ${CASE_FACTS_DERIVATION}`)
          .limit(batchSize);
        if (rows.length === 0) return 0;
        const ids = rows.map(({ row }) => row.id);
        const sets = rows.map(({ row }) => deriveCaseFacts(toCaseForm(row)));
        await tx.delete(caseInfants).where(inArray(caseInfants.caseId, ids));
        await tx.delete(caseIndications).where(inArray(caseIndications.caseId, ids));
        await tx.delete(caseFacts).where(inArray(caseFacts.caseId, ids));
        await tx.insert(caseFacts).values(sets.map((set) => set.facts));
        const infants = sets.flatMap((set) => set.infants);
        const indications = sets.flatMap((set) => set.indications);
        // In slices, so no insert nears PostgreSQL's 65,535 parameters (twenty infants a case are allowed).
        for (let i = 0; i < infants.length; i += 1000) await tx.insert(caseInfants).values(infants.slice(i, i + 1000));
        for (let i = 0; i < indications.length; i += 1000) await tx.insert(caseIndications).values(indications.slice(i, i + 1000));
        return rows.length;
      });
      if (done === 0) return total;
      total += done;
    }
  }

  /** Whether the rollup counts as many cases as the facts do. */
  async rollupInStep(): Promise<boolean> {
    const result = (await this.database.db.execute(sql`
      select (select count(*)::int from case_facts where counted and counting_date is not null) as facts,
             (select coalesce(sum(n), 0)::int from case_facts_rollup where dim_a = ${CASE_TYPE_DIMENSION} and dim_b = ${ROLLUP_NONE}) as rollup`)) as {
      rows: Array<{ facts: number; rollup: number }>;
    };
    const [counts] = result.rows;
    return Number(counts.facts) === Number(counts.rollup);
  }

  /**
   * Recounts the whole rollup from the facts, in one transaction; returns the counted cases. It goes
   * through the counting days in steps of about `casesPerStep` cases (a day is never split, and every
   * counter belongs to one day): each step's cases are grouped in SQL by everything the rollup reads,
   * each group's keys are added with its size by the one derivation of libs, and the step's counters
   * are written before the next step is read. So what is held at once is one step's counters, not a
   * nation's (a bulk load of 1.3M cases counted in one go held about a gigabyte).
   */
  async rebuildRollup(casesPerStep = REBUILD_CASES_PER_STEP): Promise<number> {
    return this.database.transaction(async (tx) => {
      await this.database.lock(tx, 'case_facts_rollup');
      await tx.delete(caseFactsRollup);
      let cases = 0;
      // Each step starts where the last ended (a day without cases costs nothing).
      let from = await firstCountingDay(tx);
      while (from !== null) {
        const until = await stepEnd(tx, from, casesPerStep);
        const counters = new Map<string, RollupKey & { n: number }>();
        for (const group of await countedGroups(tx, from, until)) {
          const n = Number(group.n);
          const source: RollupSource = { ...group, counted: true, indications: group.segments.map((segment) => ({ isCaesarean: true, segment })) };
          for (const key of rollupKeys(source)) {
            const id = rollupKeyId(key);
            const counter = counters.get(id);
            if (counter) counter.n += n;
            else counters.set(id, { ...key, n });
          }
          cases += n;
        }
        await addToRollup(tx, [...counters.values()]);
        from = until;
      }
      return cases;
    });
  }
}
