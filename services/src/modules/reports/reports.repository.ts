import { Injectable } from '@nestjs/common';
import { type SQL, sql } from 'drizzle-orm';
import { CAESAREAN_DIMENSION, ROLLUP_NONE, type ReportRange } from '@pnss/libs/reports';
import { DatabaseService } from '../../database/database.service.js';

/** The report categories whose cases can fall in several segments (one per CS indication). */
const LIST_DIMENSIONS = new Set(['csindication']);

export interface TableCountRow {
  /** 'cell' (row and column segment), 'row' (row segment), 'col' (column total), 'all' (grand total). */
  part: 'cell' | 'row' | 'col' | 'all';
  r: string | null;
  c: string | null;
  n: number;
}

/** Infants of the counted obstetric cases by birth outcome; a stillbirth keeps its weight and gestation for the threshold. */
export interface BirthGroupRow {
  status: number | null;
  weight: number | null;
  gestationMin: number | null;
  gestationMax: number | null;
  n: number;
}

export interface PairCountRow {
  dimA: string;
  segA: string;
  dimB: string;
  segB: string;
  n: number;
}

/**
 * Every report figure is one SQL aggregate over the daily rollup of the counted cases
 * (case_facts_rollup, kept with case_facts by the case writer): the sums of a dimension's or a
 * pair's counts over the days of the range. Nothing is counted in memory.
 */
@Injectable()
export class ReportsRepository {
  constructor(private readonly database: DatabaseService) {}

  /**
   * Cells (row by column segment), row counts, column totals and the grand total, in one statement.
   * The totals count each case once: for a category whose case can hold several segments (CS
   * indications) they are taken from the caesarean deliveries instead of summed.
   */
  async table(range: ReportRange, rows: string, cross: string | null): Promise<TableCountRow[]> {
    const totals = LIST_DIMENSIONS.has(rows) ? CAESAREAN_DIMENSION : rows;
    const inRange = sql`day between ${range.from} and ${range.to}`;
    const parts: SQL[] = [
      sql`select 'row' as part, seg_a as r, null::text as c, sum(n)::int as n from case_facts_rollup
          where dim_a = ${rows} and dim_b = ${ROLLUP_NONE} and ${inRange} group by seg_a`,
      sql`select 'all', null, null, coalesce(sum(n), 0)::int from case_facts_rollup
          where dim_a = ${totals} and dim_b = ${ROLLUP_NONE} and ${inRange}`,
    ];
    if (cross) {
      parts.push(
        sql`select 'cell', seg_a, seg_b, sum(n)::int from case_facts_rollup
            where dim_a = ${rows} and dim_b = ${cross} and ${inRange} group by seg_a, seg_b`,
        sql`select 'col', null, seg_b, sum(n)::int from case_facts_rollup
            where dim_a = ${totals} and dim_b = ${cross} and ${inRange} group by seg_b`,
      );
    }
    return this.rows<TableCountRow>(sql.join(parts, sql` union all `));
  }

  /** The counts of the given dimensions and pairs ([dimA, dimB], dimB '' for one dimension) over the range, in one statement. */
  async pairs(range: ReportRange, pairs: ReadonlyArray<readonly [string, string]>): Promise<PairCountRow[]> {
    const wanted = sql.join(pairs.map(([a, b]) => sql`(${a}, ${b})`), sql`, `);
    const rows = await this.rows<PairCountRow>(sql`
      select dim_a as "dimA", seg_a as "segA", dim_b as "dimB", seg_b as "segB", sum(n)::int as n
      from case_facts_rollup
      where (dim_a, dim_b) in (${wanted}) and day between ${range.from} and ${range.to}
      group by dim_a, dim_b, seg_a, seg_b`);
    return rows.map((r) => ({ ...r, n: Number(r.n) }));
  }

  /**
   * The infants of the counted obstetric cases of the range, grouped by status; a stillbirth also by
   * its weight and gestation, which the stillbirth threshold is applied to (libs countBirths), so a
   * national year is a few hundred groups, not its births. `is_stillbirth` is libs' isStillbirthStatus.
   */
  async births(range: ReportRange): Promise<BirthGroupRow[]> {
    const rows = await this.rows<BirthGroupRow>(sql`
      select i.status, case when i.is_stillbirth then i.weight end as weight,
             case when i.is_stillbirth then i.gestation_min end as "gestationMin",
             case when i.is_stillbirth then i.gestation_max end as "gestationMax", count(*)::int as n
      from case_facts f join case_infants i on i.case_id = f.case_id
      where f.counted and f.is_obstetric and f.counting_date between ${range.from} and ${range.to}
      group by 1, 2, 3, 4`);
    return rows.map((r) => ({ ...r, n: Number(r.n) }));
  }

  private async rows<T>(query: SQL): Promise<T[]> {
    // Both drivers answer { rows }.
    const result = (await this.database.db.execute(query)) as { rows: unknown[] };
    return result.rows as T[];
  }
}
