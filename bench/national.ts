// The national census at national size (issue 29 "Scale"), called by bench/run.ts on PostgreSQL:
//
// - every national view of the society's hub, one call at a time as a user clicks, each call with
//   another period, answered by the API (monthly counts kept by the ingest, migration 0027) and by
//   bench/national-baseline.ts (the hand-written SQL for the same figure, straight over the fact
//   tables), interleaved; both bodies compared byte for byte first (the standing's `computedAt`, the
//   clock, aside), and the bench fails when one differs;
// - a real package of 10,000 cases (1,000 with --quick) sent to the hub and ingested by its
//   `national-ingest` job, then its rebuild (version 2, replacing the 10,000), beside the same fact
//   rows written by hand-written SQL (one transaction: the rows, their infants, their monthly counts),
//   whose rows are then compared with the ones the ingest wrote.
//
// The data: bench/national-data.ts (five years of a million cases a year, 120 departments, written
// when the database holds none, or with --generate-national; --quick writes two small years).
import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import type { CaseForm } from '@pnss/libs/api';
import { deriveNationalFacts, type NationalFactsSet } from '@pnss/libs/reports';
import type { PackagedCase } from '@pnss/libs/submissions';
import { nationalCase } from './generate-national.js';
import type { NationalBaselineOptions } from './national-baseline.js';
import { departmentIdOf, generateNationalFacts, generatedPeriod } from './national-data.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const INGEST_DEPARTMENT = 'NATD-INGEST';
const BARE_DEPARTMENT = 'NATD-BARE';

export interface NationalBenchOptions {
  api: string;
  token: string;
  databaseUrl: string;
  /** The services' build the API runs (the baseline takes the figure code from it). */
  servicesDist: string;
  baselinePort: number;
  scratch: string;
  quick: boolean;
  generate: boolean;
  /** The ingest alone (--national-ingest-only), not the views. */
  ingestOnly?: boolean;
  log?: (line: string) => void;
}

interface View {
  name: string;
  path: (call: number) => string;
  standing?: boolean;
}

/** 'YYYY-MM' `back` months before `month`. */
function monthsBack(month: string, back: number): string {
  const [year, m] = month.split('-').map(Number);
  const at = new Date(Date.UTC(year, m - 1 - back, 1));
  return at.toISOString().slice(0, 7);
}

function percentile(sorted: number[], q: number): number {
  return sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * q) - 1)];
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not start`);
}

export async function runNationalBench(options: NationalBenchOptions): Promise<void> {
  const log = options.log ?? ((line: string) => console.info(line));
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  let baseline: ChildProcess | null = null;
  try {
    const years = options.quick ? 2 : 5;
    const held = (await client.query<{ n: string }>(`select count(*) as n from national_submissions where department_id like 'NATD-%'`)).rows[0];
    if (options.quick || options.generate || Number(held.n) === 0) {
      await generateNationalFacts({
        url: options.databaseUrl, years, casesPerYear: options.quick ? 20_000 : 1_000_000, departments: options.quick ? 12 : 120,
        reset: true, migrate: false, log: (line) => log(`  data: ${line}`),
      });
    }
    const departments = (await client.query<{ id: string }>(`select distinct department_id as id from national_submissions where department_id like 'NATD-%' order by 1`)).rows
      .map((r) => r.id).filter((id) => id !== INGEST_DEPARTMENT);
    await removeIngestDepartments(client);
    const size = (await client.query<Record<string, string>>(`
      select (select count(*) from national_cases) as cases, (select count(*) from national_infants) as infants,
             (select min(discharge_month) from national_case_counts) as first, (select max(discharge_month) from national_case_counts) as last,
             (select count(*) from national_case_counts) as case_counts, (select count(*) from national_birth_counts) as birth_counts`)).rows[0];
    const period = { from: size.first ?? generatedPeriod(years).from, to: size.last ?? generatedPeriod(years).to };
    log(`national data: ${Number(size.cases).toLocaleString('en')} cases and ${Number(size.infants).toLocaleString('en')} infants of ${departments.length} departments, ` +
      `${period.from} to ${period.to}; the monthly counts the API reads: ${Number(size.case_counts).toLocaleString('en')} + ${Number(size.birth_counts).toLocaleString('en')} rows`);

    // A department's key, for its standing.
    const keyOf = async (departmentId: string) => {
      const answer = await fetch(`${options.api}/api/hub/keys`, {
        method: 'POST', headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ departmentId }),
      });
      if (!answer.ok) throw new Error(`POST /api/hub/keys: ${answer.status} ${await answer.text()}`);
      return ((await answer.json()) as { key: string }).key;
    };
    if (options.ingestOnly) {
      await ingestBench(client, options, log, keyOf);
      return;
    }
    const standingDepartment = departments[Math.min(4, departments.length - 1)] ?? departmentIdOf(1);
    const standingKey = await keyOf(standingDepartment);

    const optionsFile = join(options.scratch, 'national-baseline.json');
    writeFileSync(optionsFile, JSON.stringify({ port: options.baselinePort, databaseUrl: options.databaseUrl, servicesDist: options.servicesDist } satisfies NationalBaselineOptions));
    // Plain Node.js (its own type stripping), not tsx: the services' build must resolve @pnss/libs to its build, as the API's does.
    baseline = fork(join(root, 'bench', 'national-baseline.ts'), [optionsFile], { execArgv: [], stdio: 'inherit' });
    const bare = `http://127.0.0.1:${options.baselinePort}`;
    await waitFor(`${bare}/b/none`, baseline);

    const year = (call: number) => {
      const to = monthsBack(period.to, call % Math.max(1, years * 12 - 12));
      return `from=${monthsBack(to, 11)}&to=${to}`;
    };
    const whole = `from=${period.from}&to=${period.to}`;
    const views: View[] = [
      { name: 'figures, 12 months, all departments', path: (i) => `/api/national/figures?${year(i)}` },
      { name: `figures, ${years} years, all departments`, path: () => `/api/national/figures?${whole}` },
      { name: 'figures, 12 months, one department', path: (i) => `/api/national/figures?${year(i)}&departmentId=${departments[i % departments.length]}` },
      { name: 'funnel MMR, 12 months', path: (i) => `/api/national/funnel?${year(i)}&indicator=mmr` },
      { name: 'funnel perinatal (national threshold), 12 months', path: (i) => `/api/national/funnel?${year(i)}&indicator=perinatal&threshold=national` },
      { name: `funnel caesarean, ${years} years`, path: () => `/api/national/funnel?${whole}&indicator=caesarean` },
      { name: 'completeness, 12 months', path: (i) => `/api/national/completeness?${year(i)}` },
      { name: `completeness, ${years} years`, path: () => `/api/national/completeness?${whole}` },
      { name: 'departments', path: () => '/api/national/departments' },
      { name: `a department's standing, 12 months`, path: (i) => `/api/hub/standing?${year(i)}`, standing: true },
    ];
    const headersOf = (view: View): Record<string, string> =>
      view.standing ? { 'x-department-id': standingDepartment, 'x-api-key': standingKey } : { authorization: `Bearer ${options.token}` };
    const call = async (base: string, view: View, i: number) => {
      const started = performance.now();
      const answer = await fetch(`${base}${view.path(i)}`, { headers: headersOf(view) });
      const body = await answer.text();
      const ms = performance.now() - started;
      if (!answer.ok) throw new Error(`${view.name}: ${base}${view.path(i)} answered ${answer.status} ${body.slice(0, 300)}`);
      return { ms, body };
    };

    // The same answer: each view, for a few periods, byte for byte (the standing's clock aside).
    const differ: string[] = [];
    const clockless = (body: string) => body.replace(/"computedAt":"[^"]*"/, '"computedAt":"…"');
    for (const view of views) {
      for (const i of [0, 1, 7]) {
        const [ours, theirs] = await Promise.all([call(options.api, view, i), call(bare, view, i)]);
        const a = clockless(ours.body);
        const b = clockless(theirs.body);
        if (a !== b) {
          const at = [...a].findIndex((ch, k) => ch !== b[k]);
          differ.push(`${view.name} (${view.path(i)}): the API answered ${a.length} characters, the hand-written SQL ${b.length}; first difference at ${at}: ` +
            `API …${a.slice(Math.max(0, at - 80), at + 80)}… SQL …${b.slice(Math.max(0, at - 80), at + 80)}…`);
        }
      }
    }
    if (differ.length > 0) throw new Error(`the national views do not answer what the hand-written SQL answers:\n${differ.join('\n')}`);
    log(`same answers: the API's and the hand-written SQL's bodies are equal, byte for byte, for ${views.length} views × 3 periods`);

    const calls = options.quick ? 5 : 20;
    // The API keeps a view's answer until the national data change (their generation, migration 0028):
    // "as clicked" calls another period each call (a period already asked is answered from what was kept),
    // "computed" raises the generation by hand before each call, as an ingest would, so every answer is computed again.
    const raise = () => client.query('update national_generation set generation = generation + 1 where id = 1');
    log(`\n| national view (${calls} calls, one at a time, another period each) | API as clicked p50 / p95 / max ms | API computed (data changed before each call) p50 / p95 / max ms | hand-written SQL p50 / p95 / max ms | API÷SQL p95 (computed) |`);
    log('|---|---|---|---|---|');
    for (const view of views) {
      await call(options.api, view, calls + 1);
      await call(bare, view, calls + 1);
      const times = { api: [] as number[], computed: [] as number[], bare: [] as number[] };
      for (let i = 0; i < calls; i += 1) {
        // Interleaved, the order swapped each call: both sides meet the same machine.
        const order = i % 2 === 0 ? (['api', 'bare'] as const) : (['bare', 'api'] as const);
        for (const side of order) times[side].push((await call(side === 'api' ? options.api : bare, view, i)).ms);
      }
      for (let i = 0; i < calls; i += 1) {
        await raise();
        times.computed.push((await call(options.api, view, i)).ms);
      }
      const f = (list: number[]) => {
        const sorted = [...list].sort((x, y) => x - y);
        return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), max: sorted[sorted.length - 1] };
      };
      const a = f(times.api);
      const c = f(times.computed);
      const b = f(times.bare);
      const ms = (n: number) => n.toFixed(n >= 100 ? 0 : 1);
      log(`| ${view.name} | ${ms(a.p50)} / ${ms(a.p95)} / ${ms(a.max)} | ${ms(c.p50)} / ${ms(c.p95)} / ${ms(c.max)} | ${ms(b.p50)} / ${ms(b.p95)} / ${ms(b.max)} | ${(c.p95 / b.p95).toFixed(2)}× |`);
    }

    // Inside PostgreSQL: the cases' counts of a national year, from the monthly counts and from the cases.
    const explain = async (text: string, values: unknown[]) => {
      let plan: string[] = [];
      for (let run = 0; run < 2; run += 1) plan = (await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${text}`, values)).rows.map((r) => r['QUERY PLAN']);
      return Number(plan.map((line) => /Execution Time: ([\d.]+) ms/.exec(line)?.[1]).find(Boolean));
    };
    const lastYear = [monthsBack(period.to, 11), period.to];
    const rolled = await explain(`select department_id, sum(n)::int, coalesce(sum(n) filter (where is_obstetric), 0)::int from national_case_counts where discharge_month between $1 and $2 group by 1`, lastYear);
    const raw = await explain(`select department_id, count(*)::int, count(*) filter (where is_obstetric)::int from national_cases where discharge_month between $1 and $2 group by 1`, lastYear);
    const rolledBirths = await explain(`select department_id, status, weight, gestation_min, gestation_max, sum(n)::int from national_birth_counts where discharge_month between $1 and $2 group by 1, 2, 3, 4, 5`, lastYear);
    const rawBirths = await explain(`select department_id, status, case when is_stillbirth then weight end, case when is_stillbirth then gestation_min end, case when is_stillbirth then gestation_max end, count(*)::int from national_infants where is_obstetric and discharge_month between $1 and $2 group by 1, 2, 3, 4, 5`, lastYear);
    log(`\nin PostgreSQL (EXPLAIN ANALYZE, warm), the last 12 months: the cases by department ${rolled.toFixed(1)} ms from the monthly counts, ${raw.toFixed(1)} ms from the cases; ` +
      `the births ${rolledBirths.toFixed(1)} ms from the monthly counts, ${rawBirths.toFixed(1)} ms from the infants`);

    await ingestBench(client, options, log, keyOf);
  } finally {
    await removeIngestDepartments(client).catch(() => undefined);
    await client.end();
    baseline?.kill('SIGTERM');
  }
}

/** What the ingest bench wrote: its department's packages (and with them their facts) and the bare copy. */
async function removeIngestDepartments(client: pg.Client): Promise<void> {
  for (const table of ['national_case_counts', 'national_birth_counts', 'national_case_counts_yearly', 'national_birth_counts_yearly', 'national_month_cases']) {
    await client.query(`delete from ${table} where department_id = any($1::text[])`, [[INGEST_DEPARTMENT, BARE_DEPARTMENT]]);
  }
  await client.query('delete from national_cases where department_id = any($1::text[])', [[INGEST_DEPARTMENT, BARE_DEPARTMENT]]);
  await client.query('delete from hub_packages where department_id = $1', [INGEST_DEPARTMENT]);
  await client.query('delete from hub_api_keys where department_id = $1', [INGEST_DEPARTMENT]);
}

type Build = (identity: { departmentId: string; submissionId: string; version: number; createdAt: string }, cases: readonly PackagedCase[]) => { bytes: Uint8Array };
type Package = (secret: string, forms: readonly CaseForm[], options: { freeText: boolean }) => PackagedCase[];

async function ingestBench(client: pg.Client, options: NationalBenchOptions, log: (line: string) => void, keyOf: (d: string) => Promise<string>): Promise<void> {
  const cases = options.quick ? 1000 : 10_000;
  const { buildPackageFile, packagedCases } = (await import(pathToFileURL(join(options.servicesDist, 'modules', 'submissions', 'package-file.js')).href)) as {
    buildPackageFile: Build; packagedCases: Package;
  };
  const key = await keyOf(INGEST_DEPARTMENT);
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  // A department's closed cases of the last year (bench/generate-national.ts nationalCase: its proportions), as it packages them.
  const forms = Array.from({ length: cases }, (_, i) => ({
    ...nationalCase(i, 7, today, { caseId: randomUUID(), patientId: randomUUID(), caseNum: `ING-${i}` }), version: 1, isClose: true, isArchived: false,
  }));
  const packaged = packagedCases('the national bench department secret, long enough', forms, { freeText: false });
  const submissionId = `BENCH-${Date.now()}`;
  log(`\n## Ingest: a package of ${cases.toLocaleString('en')} cases through the hub (upload, verify, store; then the national-ingest job)`);

  const send = async (version: number) => {
    const { bytes } = buildPackageFile({ departmentId: INGEST_DEPARTMENT, submissionId, version, createdAt: new Date().toISOString() }, packaged);
    const started = performance.now();
    // node:http rather than fetch: fetch reported a 2 MB upload the loaded server took half a minute to answer as EPIPE.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const sending = request(`${options.api}/api/hub/packages`, {
        method: 'POST',
        headers: { 'content-type': 'application/zip', 'content-length': bytes.byteLength, 'x-department-id': INGEST_DEPARTMENT, 'x-api-key': key },
      }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      sending.on('error', reject);
      sending.end(Buffer.from(bytes));
    });
    if (answer.status !== 201) throw new Error(`the package was not received: ${answer.status} ${answer.body.slice(0, 400)}`);
    const uploaded = performance.now();
    let row: { id: string; state: string; fact_cases: number } | undefined;
    for (;;) {
      row = (await client.query<{ id: string; state: string; fact_cases: number }>(`
        select i.hub_package_id as id, i.state, i.fact_cases from national_ingest i
        where i.department_id = $1 and i.submission_id = $2 and i.version = $3`, [INGEST_DEPARTMENT, submissionId, version])).rows[0];
      if (row && !['queued', 'active', 'retrying'].includes(row.state)) break;
      if (performance.now() - uploaded > 600_000) throw new Error(`the ingest of version ${version} is still ${row?.state}`);
      await new Promise((r) => setTimeout(r, 25));
    }
    if (row.state !== 'ingested') throw new Error(`version ${version} was ${row.state}, not ingested`);
    const ingested = performance.now();
    return { id: row.id, upload: uploaded - started, ingest: ingested - uploaded, total: ingested - started, bytes: bytes.byteLength, facts: row.fact_cases };
  };
  const first = await send(1);
  const second = await send(2);

  // The bare baseline: the same facts, derived by the same libs function, written by hand-written SQL in one transaction.
  const deriveStarted = performance.now();
  const facts: NationalFactsSet[] = packaged.map((c) => deriveNationalFacts(c));
  const derive = performance.now() - deriveStarted;
  const bare = async () => {
    const started = performance.now();
    await client.query('begin');
    await client.query('delete from national_cases where department_id = $1', [BARE_DEPARTMENT]);
    const f = facts.map((s) => s.facts);
    await client.query(`
      insert into national_cases (department_id, patient_key, case_id, submission_id, hub_package_id, version, derivation, discharge_month, is_obstetric,
        is_gyne, robson_segment, is_caesarean, is_maternal_death, icd_mm_segment, counts_in_ratio, death_timing_segment)
      select $1, patient_key, case_id, $2, $3::uuid, 1, 1, discharge_month, is_obstetric, is_gyne, robson_segment, is_caesarean, is_maternal_death,
             icd_mm_segment, counts_in_ratio, death_timing_segment
      from unnest($4::text[], $5::text[], $6::text[], $7::bool[], $8::bool[], $9::text[], $10::bool[], $11::bool[], $12::text[], $13::bool[], $14::text[])
        as r(patient_key, case_id, discharge_month, is_obstetric, is_gyne, robson_segment, is_caesarean, is_maternal_death, icd_mm_segment, counts_in_ratio, death_timing_segment)`,
    [BARE_DEPARTMENT, submissionId, first.id, f.map((x) => x.patientKey), f.map((x) => x.caseId), f.map((x) => x.dischargeMonth), f.map((x) => x.isObstetric),
      f.map((x) => x.isGyne), f.map((x) => x.robsonSegment), f.map((x) => x.isCaesarean), f.map((x) => x.isMaternalDeath), f.map((x) => x.icdMmSegment),
      f.map((x) => x.countsInRatio), f.map((x) => x.deathTimingSegment)]);
    const infants = facts.flatMap((s) => s.infants.map((i) => ({ ...i, patientKey: s.facts.patientKey, month: s.facts.dischargeMonth, obstetric: s.facts.isObstetric })));
    await client.query(`
      insert into national_infants (department_id, patient_key, case_id, position, discharge_month, is_obstetric, status, weight, is_live_born, is_stillbirth,
        is_early_neonatal_death, is_neonatal_death, gestation_min, gestation_max)
      select $1, * from unnest($2::text[], $3::text[], $4::int2[], $5::text[], $6::bool[], $7::int2[], $8::int4[], $9::bool[], $10::bool[], $11::bool[], $12::bool[], $13::int2[], $14::int2[])`,
    [BARE_DEPARTMENT, infants.map((i) => i.patientKey), infants.map((i) => i.caseId), infants.map((i) => i.position), infants.map((i) => i.month),
      infants.map((i) => i.obstetric), infants.map((i) => i.status), infants.map((i) => i.weight), infants.map((i) => i.isLiveBorn), infants.map((i) => i.isStillbirth),
      infants.map((i) => i.isEarlyNeonatalDeath), infants.map((i) => i.isNeonatalDeath), infants.map((i) => i.gestationMin), infants.map((i) => i.gestationMax)]);
    await client.query('delete from national_case_counts where department_id = $1', [BARE_DEPARTMENT]);
    await client.query(`insert into national_case_counts
      select department_id, discharge_month, is_obstetric, robson_segment, is_caesarean, is_maternal_death, icd_mm_segment, death_timing_segment, count(*)::int
      from national_cases where department_id = $1 group by 1, 2, 3, 4, 5, 6, 7, 8`, [BARE_DEPARTMENT]);
    await client.query('delete from national_birth_counts where department_id = $1', [BARE_DEPARTMENT]);
    await client.query(`insert into national_birth_counts
      select department_id, discharge_month, status, case when is_stillbirth then weight end, case when is_stillbirth then gestation_min end,
             case when is_stillbirth then gestation_max end, count(*)::int
      from national_infants where is_obstetric and department_id = $1 group by 1, 2, 3, 4, 5, 6`, [BARE_DEPARTMENT]);
    // Each month's cases and the yearly level (migration 0028), as the ingest keeps them.
    for (const table of ['national_month_cases', 'national_case_counts_yearly', 'national_birth_counts_yearly']) {
      await client.query(`delete from ${table} where department_id = $1`, [BARE_DEPARTMENT]);
    }
    await client.query(`insert into national_month_cases
      select department_id, discharge_month, sum(n)::int, coalesce(sum(n) filter (where is_obstetric), 0)::int
      from national_case_counts where department_id = $1 group by 1, 2`, [BARE_DEPARTMENT]);
    await client.query(`insert into national_case_counts_yearly
      select department_id, left(discharge_month, 4), is_obstetric, robson_segment, is_caesarean, is_maternal_death, icd_mm_segment, death_timing_segment, sum(n)::int
      from national_case_counts where department_id = $1 and discharge_month is not null group by 1, 2, 3, 4, 5, 6, 7, 8`, [BARE_DEPARTMENT]);
    await client.query(`insert into national_birth_counts_yearly
      select department_id, left(discharge_month, 4), status, weight, gestation_min, gestation_max, sum(n)::int
      from national_birth_counts where department_id = $1 and discharge_month is not null group by 1, 2, 3, 4, 5, 6`, [BARE_DEPARTMENT]);
    await client.query('commit');
    return performance.now() - started;
  };
  const bareFirst = await bare();
  const bareSecond = await bare();

  // The same rows: what the ingest wrote and what the hand-written SQL wrote, less the department and the package.
  const digest = async (departmentId: string) => (await client.query<Record<'cases' | 'infants' | 'counts' | 'years' | 'birth_years' | 'month_cases', string>>(`
    select (select md5(string_agg(concat_ws('|', patient_key, case_id, discharge_month, is_obstetric, is_gyne, robson_segment, is_caesarean, is_maternal_death,
              icd_mm_segment, counts_in_ratio, death_timing_segment), ',' order by patient_key, case_id)) from national_cases where department_id = $1) as cases,
           (select md5(string_agg(concat_ws('|', patient_key, case_id, position, discharge_month, is_obstetric, status, weight, is_live_born, is_stillbirth,
              is_early_neonatal_death, is_neonatal_death, gestation_min, gestation_max), ',' order by patient_key, case_id, position)) from national_infants where department_id = $1) as infants,
           (select md5(string_agg(concat_ws('|', discharge_month, is_obstetric, robson_segment, is_caesarean, is_maternal_death, icd_mm_segment, death_timing_segment, n), ','
              order by discharge_month, is_obstetric, robson_segment, is_caesarean, is_maternal_death, icd_mm_segment, death_timing_segment)) from national_case_counts where department_id = $1) as counts,
           (select md5(string_agg(concat_ws('|', discharge_year, is_obstetric, robson_segment, is_caesarean, is_maternal_death, icd_mm_segment, death_timing_segment, n), ','
              order by discharge_year, is_obstetric, robson_segment, is_caesarean, is_maternal_death, icd_mm_segment, death_timing_segment)) from national_case_counts_yearly where department_id = $1) as years,
           (select md5(string_agg(concat_ws('|', discharge_year, status, weight, gestation_min, gestation_max, n), ','
              order by discharge_year, status, weight, gestation_min, gestation_max)) from national_birth_counts_yearly where department_id = $1) as birth_years,
           (select md5(string_agg(concat_ws('|', discharge_month, cases, obstetric), ',' order by discharge_month)) from national_month_cases where department_id = $1) as month_cases`,
  [departmentId])).rows[0];
  const [ours, theirs] = [await digest(INGEST_DEPARTMENT), await digest(BARE_DEPARTMENT)];
  if (JSON.stringify(ours) !== JSON.stringify(theirs)) {
    throw new Error(`the ingest did not write the rows the hand-written SQL wrote: ${JSON.stringify(ours)} against ${JSON.stringify(theirs)}`);
  }
  const infantsOf = facts.reduce((n, s) => n + s.infants.length, 0);
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  log(`same rows: the ingest's ${facts.length.toLocaleString('en')} cases, ${infantsOf.toLocaleString('en')} infants and monthly counts, yearly counts and months' cases are the hand-written SQL's (md5 of each table's rows)`);
  log(`\n| package of ${cases.toLocaleString('en')} cases (${(first.bytes / 1024 / 1024).toFixed(1)} MB) | upload answered | then ingested (job) | in all | hand-written SQL, the same rows |`);
  log('|---|---|---|---|---|');
  log(`| version 1 (new facts) | ${s(first.upload)} | ${s(first.ingest)} | ${s(first.total)} | ${s(bareFirst)} |`);
  log(`| version 2 (a rebuild replacing them) | ${s(second.upload)} | ${s(second.ingest)} | ${s(second.total)} | ${s(bareSecond)} |`);
  log(`(the hand-written SQL is given the facts already derived: deriving them with libs deriveNationalFacts took ${s(derive)} in the bench's process; ` +
    "the job's time includes its queue's polling, at most a second)");
}
