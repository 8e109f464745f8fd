import type { NationalCompletenessAnswer, NationalCompletenessCell } from '@pnss/libs/api';
import { sql } from 'drizzle-orm';
import type { DatabaseService } from '../../src/database/database.service.js';
import { NATIONAL_LATE_DAYS, monthsBetween } from '../../src/modules/national/national-figures.service.js';

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(database: DatabaseService, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await database.db.execute(query)) as unknown as Rows<T>).rows;

/**
 * The completeness grid's cells as the services worked them out before migration 0029, from the
 * packages at every call: the counted version of each submission and the held packages covering the
 * period, each month given the counted package of the highest version, else 'held' when a held one
 * covers it, else 'missing'; late when the submission first reached the hub more than
 * NATIONAL_LATE_DAYS after the end of the month. The reference the kept coverage must agree with.
 * Before, two counted packages of one version covering a month came in whatever order PostgreSQL
 * read them; here, as in migration 0029, the one received last counts it, then the submission id.
 */
export async function completenessBefore(database: DatabaseService, departments: readonly string[], from: string, to: string): Promise<NationalCompletenessAnswer['rows']> {
  const coverage = await rowsOf<{ departmentId: string; submissionId: string; version: number; startDate: string; endDate: string; firstReceivedAt: Date | string; receivedAt: Date | string; state: string }>(database, sql`
    with firsts as (
      select department_id, submission_id, min(received_at) as first_received_at from hub_packages where state = 'received' group by 1, 2
    )
    select p.department_id as "departmentId", p.submission_id as "submissionId", p.version, p.start_date::text as "startDate",
           p.end_date::text as "endDate", f.first_received_at as "firstReceivedAt", p.received_at as "receivedAt", 'counted' as state
    from national_submissions s join hub_packages p on p.id = s.hub_package_id
    join firsts f on f.department_id = p.department_id and f.submission_id = p.submission_id
    union all
    select p.department_id, p.submission_id, p.version, p.start_date::text, p.end_date::text, f.first_received_at, p.received_at, 'held'
    from national_ingest i join hub_packages p on p.id = i.hub_package_id
    join firsts f on f.department_id = p.department_id and f.submission_id = p.submission_id
    where i.state = 'held'`);
  const cases = await rowsOf<{ departmentId: string; month: string; cases: number }>(database, sql`
    select department_id as "departmentId", discharge_month as month, cases from national_month_cases`);
  const months = monthsBetween(from, to);
  return departments.map((departmentId) => ({
    departmentId,
    cells: months.map((month): NationalCompletenessCell => {
      const covering = coverage.filter((c) => c.departmentId === departmentId && c.startDate.slice(0, 7) <= month && c.endDate.slice(0, 7) >= month);
      const counted = covering.filter((c) => c.state === 'counted').sort((a, b) => b.version - a.version
        || new Date(b.receivedAt).getTime() - new Date(a.receivedAt).getTime() || (a.submissionId < b.submissionId ? -1 : 1))[0];
      if (!counted) return { month, state: covering.length > 0 ? 'held' : 'missing', cases: 0, submissionId: null, version: null, receivedAt: null };
      const [year, m] = month.split('-').map(Number);
      const late = new Date(counted.firstReceivedAt).getTime() > Date.UTC(year, m, 1) + NATIONAL_LATE_DAYS * 86_400_000;
      return {
        month, state: late ? 'late' : 'submitted', cases: cases.filter((c) => c.departmentId === departmentId && c.month === month).reduce((s, c) => s + Number(c.cases), 0),
        submissionId: counted.submissionId, version: Number(counted.version), receivedAt: new Date(counted.receivedAt).toISOString(),
      };
    }),
  }));
}

/**
 * The rows of national_coverage that differ from the coverage counted again from scratch (the rule of
 * migration 0029 over every package), either way; none when the kept table agrees with the data.
 */
export async function coverageDisagreements(database: DatabaseService): Promise<unknown[]> {
  return rowsOf(database, sql`
    with scratch as (
      select distinct on (p.department_id, m.month) m.month, p.department_id, p.state, p.submission_id, p.version, p.received_at, f.first_received_at
      from (
        select hp.department_id, hp.submission_id, hp.version, hp.start_date, hp.end_date, hp.received_at, 'counted' as state
        from national_submissions s join hub_packages hp on hp.id = s.hub_package_id
        union all
        select hp.department_id, hp.submission_id, hp.version, hp.start_date, hp.end_date, hp.received_at, 'held'
        from national_ingest i join hub_packages hp on hp.id = i.hub_package_id where i.state = 'held'
      ) p
      join (select department_id, submission_id, min(received_at) as first_received_at from hub_packages where state = 'received' group by 1, 2) f
        on f.department_id = p.department_id and f.submission_id = p.submission_id
      cross join lateral (
        select to_char(g, 'YYYY-MM') as month
        from generate_series(date_trunc('month', p.start_date::timestamp), date_trunc('month', p.end_date::timestamp), interval '1 month') as g
      ) m
      order by p.department_id, m.month, p.state = 'counted' desc, p.version desc, p.received_at desc, p.submission_id
    ), kept as (
      select month, department_id, state, submission_id, version, received_at, first_received_at from national_coverage
    )
    (select 'kept, not in the data' as side, * from (select * from kept except select * from scratch) k)
    union all
    (select 'in the data, not kept', * from (select * from scratch except select * from kept) s)`);
}
