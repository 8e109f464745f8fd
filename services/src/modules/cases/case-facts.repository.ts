import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import {
  CASE_TYPE_DIMENSION, ROLLUP_NONE, type RollupKey, type RollupSource, deriveCaseFacts, rollupDelta, rollupKeyId, rollupKeys,
} from '@pnss/libs/reports';
import { eq, sql } from 'drizzle-orm';
import { caseFacts, caseFactsRollup, caseIndications, caseInfants } from '../../database/case-facts.schema.js';
import { DatabaseService, type Executor } from '../../database/database.service.js';
import { patientCases } from '../../database/patients.schema.js';
import { type CaseRow, toCaseForm } from './case-record.js';

/** The stored facts of a case as the rollup reads them, or null when it has none yet. */
async function storedRollupSource(executor: Executor, caseId: string): Promise<RollupSource | null> {
  const [facts] = await executor.select().from(caseFacts).where(eq(caseFacts.caseId, caseId)).limit(1);
  if (!facts) return null;
  const indications = await executor
    .select({ isCaesarean: caseIndications.isCaesarean, segment: caseIndications.segment })
    .from(caseIndications)
    .where(eq(caseIndications.caseId, caseId));
  return { ...facts, indications };
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
 * Writes the reporting projection of a case (case_facts, case_infants, case_indications and its
 * counts in case_facts_rollup) from the case as stored, with the one derivation of
 * @pnss/libs/reports. Called with the transaction of every case write (insert, save, close, reopen,
 * archive, unarchive), so reports never see a case half-written.
 */
export async function writeCaseFacts(executor: Executor, row: CaseRow): Promise<void> {
  const before = await storedRollupSource(executor, row.id);
  const { facts, infants, indications } = deriveCaseFacts(toCaseForm(row));
  const { caseId: _caseId, ...update } = facts;
  await executor.insert(caseFacts).values(facts).onConflictDoUpdate({ target: caseFacts.caseId, set: update });
  await executor.delete(caseInfants).where(eq(caseInfants.caseId, row.id));
  await executor.delete(caseIndications).where(eq(caseIndications.caseId, row.id));
  if (infants.length > 0) await executor.insert(caseInfants).values(infants);
  if (indications.length > 0) await executor.insert(caseIndications).values(indications);
  const delta = rollupDelta(before, { ...facts, indications });
  if (delta.length > 0) await addToRollup(executor, delta);
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
    if (!(await this.rollupInStep())) {
      const cases = await this.rebuildRollup();
      this.logger.log(`Report rollup rebuilt from ${cases} counted cases`);
    }
  }

  /** Writes the facts of every case without them, 500 at a time; returns how many. */
  async backfill(batchSize = 500): Promise<number> {
    let total = 0;
    for (;;) {
      const rows = await this.database.db
        .select()
        .from(patientCases)
        .where(sql`not exists (select 1 from ${caseFacts} f where f.case_id = ${patientCases.id})`)
        .limit(batchSize);
      if (rows.length === 0) return total;
      await this.database.transaction(async (tx) => {
        for (const row of rows) await writeCaseFacts(tx, row);
      });
      total += rows.length;
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
   * Recounts the whole rollup from the facts, in one transaction; returns the counted cases. The
   * cases are first grouped in SQL by everything the rollup reads (a national year is a few hundred
   * thousand such groups), then each group's keys are added with its size.
   */
  async rebuildRollup(): Promise<number> {
    return this.database.transaction(async (tx) => {
      await this.database.lock(tx, 'case_facts_rollup');
      await tx.delete(caseFactsRollup);
      const result = (await tx.execute(sql`
        select f.counting_date::text as "countingDate", f.mother_condition_segment as "motherConditionSegment",
               f.age_segment as "ageSegment", f.aog_segment as "aogSegment", f.direct_death_segment as "directDeathSegment",
               f.death_timing_segment as "deathTimingSegment", f.pregnancy_type_segment as "pregnancyTypeSegment",
               f.delivery_manner_segment as "deliveryMannerSegment", f.is_pregnancy as "isPregnancy", f.is_caesarean as "isCaesarean",
               coalesce(i.segments, '{}') as segments, count(*)::int as n
        from case_facts f
        left join (
          select case_id, array_agg(distinct segment order by segment) as segments
          from case_indications where is_caesarean group by case_id
        ) i on i.case_id = f.case_id
        where f.counted and f.counting_date is not null
        group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11`)) as { rows: Array<Omit<RollupSource, 'counted' | 'indications'> & { segments: string[]; n: number }> };
      const counters = new Map<string, RollupKey & { n: number }>();
      let cases = 0;
      for (const group of result.rows) {
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
      return cases;
    });
  }
}
