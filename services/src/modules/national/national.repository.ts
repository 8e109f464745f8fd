import { Injectable } from '@nestjs/common';
import { type SQL, sql } from 'drizzle-orm';
import { DatabaseService } from '../../database/database.service.js';

/** A period of months, 'YYYY-MM' both, inclusive; one department or all. */
export interface NationalScope {
  from: string;
  to: string;
  departmentId: string | null;
}

export interface CaseCountRow { departmentId: string; cases: number; obstetric: number }
export interface DeathCountRow { departmentId: string; segment: string; timing: string | null; n: number }
export interface RobsonCountRow { departmentId: string; segment: string; women: number; caesareans: number }
export interface BirthCountRow { departmentId: string; status: number | null; weight: number | null; gestationMin: number | null; gestationMax: number | null; n: number }
/**
 * The package that covers a department's month (migration 0029): its counted version, or a held
 * package when none is counted; with the month's cases (national_month_cases).
 */
export interface CoverageRow {
  departmentId: string;
  month: string;
  state: 'counted' | 'held';
  submissionId: string;
  version: number;
  /** When the submission was first received (its first version), in milliseconds: what 'late' is measured by. */
  firstReceivedMs: number;
  /** When this version was received, ISO 8601 to the millisecond (UTC). */
  receivedAt: string;
  cases: number;
}

/** Months 'YYYY-MM' from `from` to `to`, both included. */
export interface MonthRange { from: string; to: string }

/**
 * A period as whole years of the yearly level, plus the months to add and to take away at its
 * edges (migration 0028): a year the period covers in part is read either as its months inside the
 * period, or as the whole year less its months outside, whichever reads fewer rows. `yearCost` is
 * what a year of the yearly level costs in months of the monthly counts (its rows ÷ a month's rows),
 * and months after `current` cost nothing in that choice (they hold no data yet; they are still taken
 * away). The sums are the same either way: only the rows read differ.
 */
export function periodParts(from: string, to: string, yearCost: number, current = new Date().toISOString().slice(0, 7)):
  { years: string[]; add: MonthRange[]; subtract: MonthRange[] } {
  const years: string[] = [];
  const add: MonthRange[] = [];
  const subtract: MonthRange[] = [];
  const months = (a: string, b: string) => (a > b ? 0 : (Number(b.slice(0, 4)) - Number(a.slice(0, 4))) * 12 + Number(b.slice(5)) - Number(a.slice(5)) + 1);
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year += 1) {
    const first = `${year}-01`;
    const last = `${year}-12`;
    const inside = { from: from > first ? from : first, to: to < last ? to : last };
    const before = inside.from > first ? { from: first, to: previousMonth(inside.from) } : null;
    const after = inside.to < last ? { from: nextMonth(inside.to), to: last } : null;
    const held = (range: MonthRange | null) => (range === null ? 0 : months(range.from, range.to < current ? range.to : current));
    if (before === null && after === null) years.push(String(year));
    else if (yearCost + held(before) + held(after) < months(inside.from, inside.to)) {
      years.push(String(year));
      // Every month outside is taken away, those after `current` too: should one hold data, the sum is still exact.
      for (const range of [before, after]) if (range !== null) subtract.push(range);
    } else add.push(inside);
  }
  return { years, add, subtract };
}

function nextMonth(month: string): string {
  const [year, m] = month.split('-').map(Number);
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
}

function previousMonth(month: string): string {
  const [year, m] = month.split('-').map(Number);
  return m === 1 ? `${year - 1}-12` : `${year}-${String(m - 1).padStart(2, '0')}`;
}

/** A year of the yearly case counts reads about as many rows as 1.6 months of the monthly ones; of the birth counts, 8 (a stillbirth row each). */
const CASE_YEAR_COST = 2;
const BIRTH_YEAR_COST = 8;

const monthsIn = (ranges: readonly MonthRange[]): SQL =>
  ranges.length === 0 ? sql`false` : sql`(${sql.join(ranges.map((r) => sql`discharge_month between ${r.from} and ${r.to}`), sql` or `)})`;
const yearsIn = (years: readonly string[]): SQL =>
  years.length === 0 ? sql`false` : sql`discharge_year in (${sql.join(years.map((y) => sql`${y}`), sql`, `)})`;

/**
 * The national figures' SQL: counts grouped by department and by what the libs rules need (ICD-MM
 * group, Robson group, birth outcome with the weight and gestation a stillbirth threshold is applied
 * to), read from the monthly counts the ingest keeps beside the fact tables (migration 0027), so a
 * national period is a few thousand rows, not its cases. `npm run bench` runs the same figures from
 * the fact tables (migration 0021) by hand and checks that the answers are equal byte for byte.
 */
@Injectable()
export class NationalRepository {
  constructor(private readonly database: DatabaseService) {}

  private where(scope: NationalScope): SQL {
    return sql`discharge_month between ${scope.from} and ${scope.to}${this.department(scope)}`;
  }

  private department(scope: NationalScope): SQL {
    return scope.departmentId === null ? sql`` : sql` and department_id = ${scope.departmentId}`;
  }

  /** Each department's cases of the period, from each month's cases (migration 0028: a row per department and month). */
  cases(scope: NationalScope): Promise<CaseCountRow[]> {
    return this.rows(sql`
      select department_id as "departmentId", sum(cases)::int as cases, sum(obstetric)::int as obstetric
      from national_month_cases where ${this.where(scope)} group by 1`);
  }

  deaths(scope: NationalScope): Promise<DeathCountRow[]> {
    return this.rows(sql`
      select department_id as "departmentId", icd_mm_segment as segment, death_timing_segment as timing, sum(n)::int as n
      from national_case_counts where is_maternal_death and ${this.where(scope)} group by 1, 2, 3`);
  }

  /** The women who gave birth by Robson group, with their caesareans: the period's whole years from the yearly level, its other months from the monthly counts. */
  robson(scope: NationalScope): Promise<RobsonCountRow[]> {
    const parts = periodParts(scope.from, scope.to, CASE_YEAR_COST);
    const department = this.department(scope);
    const monthly = (sign: 1 | -1, ranges: readonly MonthRange[]) => sql`
      select department_id, robson_segment, ${sql.raw(String(sign))} * n as n, case when is_caesarean then ${sql.raw(String(sign))} * n else 0 end as caesareans
      from national_case_counts where robson_segment is not null and ${monthsIn(ranges)}${department}`;
    return this.rows(sql`
      select department_id as "departmentId", robson_segment as segment, sum(n)::int as women, sum(caesareans)::int as caesareans
      from (
        select department_id, robson_segment, n, case when is_caesarean then n else 0 end as caesareans
        from national_case_counts_yearly where robson_segment is not null and ${yearsIn(parts.years)}${department}
        union all ${monthly(1, parts.add)}
        union all ${monthly(-1, parts.subtract)}
      ) counts group by 1, 2 having sum(n) <> 0`);
  }

  /** The infants of obstetric cases; a stillbirth also by its weight and gestation (libs countBirths applies the threshold). Whole years from the yearly level. */
  births(scope: NationalScope, byDepartment = true): Promise<BirthCountRow[]> {
    const parts = periodParts(scope.from, scope.to, BIRTH_YEAR_COST);
    const department = this.department(scope);
    // All departments' births as one ('' their department), for the figures that only sum them.
    const grouped = byDepartment ? sql`department_id` : sql`''`;
    const monthly = (sign: 1 | -1, ranges: readonly MonthRange[]) => sql`
      select department_id, status, weight, gestation_min, gestation_max, ${sql.raw(String(sign))} * n as n from national_birth_counts where ${monthsIn(ranges)}${department}`;
    return this.rows(sql`
      select ${grouped} as "departmentId", status, weight, gestation_min as "gestationMin", gestation_max as "gestationMax", sum(n)::int as n
      from (
        select department_id, status, weight, gestation_min, gestation_max, n from national_birth_counts_yearly where ${yearsIn(parts.years)}${department}
        union all ${monthly(1, parts.add)}
        union all ${monthly(-1, parts.subtract)}
      ) counts group by 1, 2, 3, 4, 5 having sum(n) <> 0`);
  }

  /**
   * The package covering each department's month of the period, from the coverage the triggers of
   * migration 0029 keep (a row per covered department and month, none for a missing month), with the
   * month's cases. The times are given as text and a number, not as dates to parse: 7,200 cells at five years.
   */
  coverage(from: string, to: string): Promise<CoverageRow[]> {
    return this.rows(sql`
      select c.department_id as "departmentId", c.month, c.state, c.submission_id as "submissionId", c.version,
             floor(extract(epoch from c.first_received_at) * 1000)::float8 as "firstReceivedMs",
             to_char(c.received_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "receivedAt", coalesce(m.cases, 0)::int as cases
      from national_coverage c
      left join (
        select department_id, discharge_month, sum(cases) as cases from national_month_cases where discharge_month between ${from} and ${to} group by 1, 2
      ) m on m.department_id = c.department_id and m.discharge_month = c.month
      where c.month between ${from} and ${to}`);
  }

  /** Every department the hub knows (a key or a package), with its counted months and cases. */
  departments(): Promise<Array<{ departmentId: string; firstMonth: string | null; lastMonth: string | null; cases: number }>> {
    return this.rows(sql`
      with known as (
        select department_id from hub_api_keys union select department_id from hub_packages where state = 'received'
      ), counted as (
        select department_id, min(discharge_month) as first_month, max(discharge_month) as last_month, sum(cases)::int as cases
        from national_month_cases group by 1
      )
      select k.department_id as "departmentId", c.first_month as "firstMonth", c.last_month as "lastMonth", coalesce(c.cases, 0)::int as cases
      from known k left join counted c on c.department_id = k.department_id order by 1`);
  }

  /** The department of a live (not revoked) API key, by the key's hash; null when none. */
  async departmentOfKey(keyHash: string): Promise<string | null> {
    const [row] = await this.rows<{ departmentId: string }>(sql`
      select department_id as "departmentId" from hub_api_keys where key_hash = ${keyHash} and revoked_at is null limit 1`);
    return row?.departmentId ?? null;
  }

  /** The national data's generation (migration 0028): raised by every transaction that changes what a national view reads. */
  async generation(): Promise<string> {
    const [row] = await this.rows<{ generation: string }>(sql`select generation::text as generation from national_generation where id = 1`);
    return row?.generation ?? '0';
  }

  /** When the newest counted package was ingested. */
  async dataAsOf(): Promise<Date | null> {
    const [row] = await this.rows<{ at: Date | string | null }>(sql`select max(ingested_at) as at from national_submissions`);
    return row?.at ? new Date(row.at) : null;
  }

  private async rows<T>(query: SQL): Promise<T[]> {
    const result = (await this.database.db.execute(query)) as { rows: unknown[] };
    return result.rows as T[];
  }
}
