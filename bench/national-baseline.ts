// The national views by hand-written SQL (issue 29 "Scale"): a bare Fastify + pg server that answers
// the society's national routes with the plain SQL for each figure, straight over the fact tables
// (national_cases, national_infants: one row per case and per infant, migration 0021), and builds the
// answer from those rows with the services' own figure code (NationalFiguresService and
// NationalStandingService of services/dist, given this SQL in place of their repository). What differs
// from the API is where the counts come from: the API reads the monthly counts its ingest keeps
// (migration 0027); this reads every case of the period. bench/national.ts checks that both answer
// the same bytes before it times them. No session, no permissions, no rate limit, no audit: the SQL and
// the answer alone. Started by bench/national.ts: `node --import tsx national-baseline.ts OPTIONS.json`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import pg from 'pg';

export interface NationalBaselineOptions {
  port: number;
  databaseUrl: string;
  /** The services' build to take the figure code from (services/dist or the bench's copy of it). */
  servicesDist: string;
}

interface Scope {
  from: string;
  to: string;
  departmentId: string | null;
}

type Figures = {
  figures(query: Record<string, unknown>): Promise<unknown>;
  funnel(query: Record<string, unknown>): Promise<unknown>;
  completeness(query: Record<string, unknown>): Promise<unknown>;
  departments(): Promise<unknown>;
};
type Standing = { standing(department: string | undefined, key: string | undefined, query: Record<string, unknown>): Promise<unknown> };

/** The plain SQL of each figure over the fact tables: what the services' repository ran before migration 0027. */
export function handWritten(pool: pg.Pool) {
  const rows = async <T>(name: string, text: string, values: unknown[]): Promise<T[]> => (await pool.query({ name, text, values })).rows as T[];
  const where = (scope: Scope) => (scope.departmentId === null ? 'discharge_month between $1 and $2' : 'discharge_month between $1 and $2 and department_id = $3');
  const params = (scope: Scope) => (scope.departmentId === null ? [scope.from, scope.to] : [scope.from, scope.to, scope.departmentId]);
  const suffix = (scope: Scope) => (scope.departmentId === null ? 'all' : 'one');
  let readings = 0;
  return {
    cases: (scope: Scope) => rows(`cases_${suffix(scope)}`, `
      select department_id as "departmentId", count(*)::int as cases, count(*) filter (where is_obstetric)::int as obstetric
      from national_cases where ${where(scope)} group by 1`, params(scope)),
    deaths: (scope: Scope) => rows(`deaths_${suffix(scope)}`, `
      select department_id as "departmentId", icd_mm_segment as segment, death_timing_segment as timing, count(*)::int as n
      from national_cases where is_maternal_death and ${where(scope)} group by 1, 2, 3`, params(scope)),
    robson: (scope: Scope) => rows(`robson_${suffix(scope)}`, `
      select department_id as "departmentId", robson_segment as segment, count(*)::int as women, count(*) filter (where is_caesarean)::int as caesareans
      from national_cases where robson_segment is not null and ${where(scope)} group by 1, 2`, params(scope)),
    births: (scope: Scope) => rows(`births_${suffix(scope)}`, `
      select department_id as "departmentId", status, case when is_stillbirth then weight end as weight,
             case when is_stillbirth then gestation_min end as "gestationMin", case when is_stillbirth then gestation_max end as "gestationMax",
             count(*)::int as n
      from national_infants where is_obstetric and ${where(scope)} group by 1, 2, 3, 4, 5`, params(scope)),
    // The package covering each department's month, worked out from the packages at every call: what the
    // services read from national_coverage (migration 0029), whose triggers apply the same rule.
    coverage: (from: string, to: string) => rows('coverage', `
      with firsts as (
        select department_id, submission_id, min(received_at) as first_received_at from hub_packages where state = 'received' group by 1, 2
      ), covering as (
        select p.department_id, p.submission_id, p.version, p.start_date, p.end_date, p.received_at, 'counted' as state
        from national_submissions s join hub_packages p on p.id = s.hub_package_id
        where p.end_date >= $1::date and p.start_date < ($2::date + interval '1 month')
        union all
        select p.department_id, p.submission_id, p.version, p.start_date, p.end_date, p.received_at, 'held'
        from national_ingest i join hub_packages p on p.id = i.hub_package_id
        where i.state = 'held' and p.end_date >= $1::date and p.start_date < ($2::date + interval '1 month')
      )
      select distinct on (c.department_id, m.month) c.department_id as "departmentId", m.month, c.state, c.submission_id as "submissionId", c.version,
             floor(extract(epoch from f.first_received_at) * 1000)::float8 as "firstReceivedMs",
             to_char(c.received_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "receivedAt", coalesce(n.cases, 0)::int as cases
      from covering c join firsts f on f.department_id = c.department_id and f.submission_id = c.submission_id
      cross join lateral (
        select to_char(g, 'YYYY-MM') as month
        from generate_series(greatest(date_trunc('month', c.start_date::timestamp), $1::timestamp), least(date_trunc('month', c.end_date::timestamp), $2::timestamp), interval '1 month') as g
      ) m
      left join (
        select department_id, discharge_month, count(*) as cases from national_cases where discharge_month between $3 and $4 group by 1, 2
      ) n on n.department_id = c.department_id and n.discharge_month = m.month
      order by c.department_id, m.month, c.state = 'counted' desc, c.version desc, c.received_at desc, c.submission_id`, [`${from}-01`, `${to}-01`, from, to]),
    departments: () => rows('departments', `
      with known as (
        select department_id from hub_api_keys union select department_id from hub_packages where state = 'received'
      ), counted as (
        select department_id, min(discharge_month) as first_month, max(discharge_month) as last_month, count(*)::int as cases
        from national_cases group by 1
      )
      select k.department_id as "departmentId", c.first_month as "firstMonth", c.last_month as "lastMonth", coalesce(c.cases, 0)::int as cases
      from known k left join counted c on c.department_id = k.department_id order by 1`, []),
    departmentOfKey: async (keyHash: string) =>
      (await rows<{ departmentId: string }>('key', `select department_id as "departmentId" from hub_api_keys where key_hash = $1 and revoked_at is null limit 1`, [keyHash]))[0]
        ?.departmentId ?? null,
    // The services keep an answer while the national data's generation stays the same (migration 0028);
    // the hand-written SQL keeps nothing: its generation is another at every read, so every answer is computed.
    generation: async () => String((readings += 1)),
    dataAsOf: async () => {
      const [row] = await rows<{ at: Date | null }>('as_of', 'select max(ingested_at) as at from national_submissions', []);
      return row?.at ? new Date(row.at) : null;
    },
  };
}

async function main(): Promise<void> {
  const options = JSON.parse(readFileSync(process.argv[2], 'utf8')) as NationalBaselineOptions;
  const load = async <T>(file: string) => (await import(pathToFileURL(join(options.servicesDist, file)).href)) as T;
  const { NationalFiguresService } = await load<{ NationalFiguresService: new (repository: unknown, config: unknown) => Figures }>('modules/national/national-figures.service.js');
  const { NationalStandingService } = await load<{ NationalStandingService: new (figures: Figures, repository: unknown) => Standing }>('modules/national/national-standing.service.js');
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
  const repository = handWritten(pool);
  // The hub's configuration as the bench's server has it: the hub on, the default national stillbirth threshold.
  const config = { census: { hubEnabled: true } };
  const figures = new NationalFiguresService(repository, config);
  const standing = new NationalStandingService(figures, repository);

  const app = Fastify({ logger: false });
  const json = (body: unknown) => JSON.stringify(body);
  const answer = (work: (query: Record<string, unknown>) => Promise<unknown>) => async (request: { query: unknown }, reply: { type(t: string): { send(b: string): void } }) =>
    reply.type('application/json; charset=utf-8').send(json(await work(request.query as Record<string, unknown>)));
  app.get('/api/national/figures', answer((q) => figures.figures(q)));
  app.get('/api/national/funnel', answer((q) => figures.funnel(q)));
  app.get('/api/national/completeness', answer((q) => figures.completeness(q)));
  app.get('/api/national/departments', answer(() => figures.departments()));
  app.get('/api/hub/standing', async (request, reply) => {
    const headers = request.headers as Record<string, string | undefined>;
    const body = await standing.standing(headers['x-department-id'], headers['x-api-key'], request.query as Record<string, unknown>);
    return reply.type('application/json; charset=utf-8').send(json(body));
  });
  app.get('/b/none', async () => ({ ok: true }));
  await app.listen({ port: options.port, host: '127.0.0.1' });
  process.on('SIGTERM', () => {
    void app.close().then(() => pool.end()).then(() => process.exit(0));
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
