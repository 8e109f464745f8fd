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
export interface MonthCountRow { departmentId: string; month: string; cases: number }
export interface CoverageRow {
  departmentId: string;
  submissionId: string;
  version: number;
  startDate: string;
  endDate: string;
  /** When the submission was first received (its first version): what 'late' is measured by. */
  firstReceivedAt: Date;
  receivedAt: Date;
  state: 'counted' | 'held';
}

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
    const department = scope.departmentId === null ? sql`` : sql` and department_id = ${scope.departmentId}`;
    return sql`discharge_month between ${scope.from} and ${scope.to}${department}`;
  }

  cases(scope: NationalScope): Promise<CaseCountRow[]> {
    return this.rows(sql`
      select department_id as "departmentId", sum(n)::int as cases, coalesce(sum(n) filter (where is_obstetric), 0)::int as obstetric
      from national_case_counts where ${this.where(scope)} group by 1`);
  }

  deaths(scope: NationalScope): Promise<DeathCountRow[]> {
    return this.rows(sql`
      select department_id as "departmentId", icd_mm_segment as segment, death_timing_segment as timing, sum(n)::int as n
      from national_case_counts where is_maternal_death and ${this.where(scope)} group by 1, 2, 3`);
  }

  robson(scope: NationalScope): Promise<RobsonCountRow[]> {
    return this.rows(sql`
      select department_id as "departmentId", robson_segment as segment, sum(n)::int as women, coalesce(sum(n) filter (where is_caesarean), 0)::int as caesareans
      from national_case_counts where robson_segment is not null and ${this.where(scope)} group by 1, 2`);
  }

  /** The infants of obstetric cases; a stillbirth also by its weight and gestation (libs countBirths applies the threshold). */
  births(scope: NationalScope): Promise<BirthCountRow[]> {
    return this.rows(sql`
      select department_id as "departmentId", status, weight, gestation_min as "gestationMin", gestation_max as "gestationMax", sum(n)::int as n
      from national_birth_counts where ${this.where(scope)} group by 1, 2, 3, 4, 5`);
  }

  months(scope: NationalScope): Promise<MonthCountRow[]> {
    return this.rows(sql`
      select department_id as "departmentId", discharge_month as month, sum(n)::int as cases
      from national_case_counts where ${this.where(scope)} group by 1, 2`);
  }

  /** The counted version of each submission, and the held packages, with the months their manifests cover. */
  coverage(from: string, to: string): Promise<CoverageRow[]> {
    const firstDay = `${from}-01`;
    const lastMonth = `${to}-01`;
    return this.rows(sql`
      with firsts as (
        select department_id, submission_id, min(received_at) as first_received_at from hub_packages where state = 'received' group by 1, 2
      )
      select p.department_id as "departmentId", p.submission_id as "submissionId", p.version, p.start_date::text as "startDate",
             p.end_date::text as "endDate", f.first_received_at as "firstReceivedAt", p.received_at as "receivedAt", 'counted' as state
      from national_submissions s join hub_packages p on p.id = s.hub_package_id
      join firsts f on f.department_id = p.department_id and f.submission_id = p.submission_id
      where p.end_date >= ${firstDay}::date and p.start_date < (${lastMonth}::date + interval '1 month')
      union all
      select p.department_id, p.submission_id, p.version, p.start_date::text, p.end_date::text, f.first_received_at, p.received_at, 'held'
      from national_ingest i join hub_packages p on p.id = i.hub_package_id
      join firsts f on f.department_id = p.department_id and f.submission_id = p.submission_id
      where i.state = 'held' and p.end_date >= ${firstDay}::date and p.start_date < (${lastMonth}::date + interval '1 month')`);
  }

  /** Every department the hub knows (a key or a package), with its counted months and cases. */
  departments(): Promise<Array<{ departmentId: string; firstMonth: string | null; lastMonth: string | null; cases: number }>> {
    return this.rows(sql`
      with known as (
        select department_id from hub_api_keys union select department_id from hub_packages where state = 'received'
      ), counted as (
        select department_id, min(discharge_month) as first_month, max(discharge_month) as last_month, sum(n)::int as cases
        from national_case_counts group by 1
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
