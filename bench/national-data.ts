// Five years of national census data at the society's hub, written by PostgreSQL itself (INSERT ...
// SELECT over generate_series, one statement a year per table), for the national views' bench:
//
//   node --import tsx bench/national-data.ts --url postgres://... [--years 5] [--cases-per-year 1000000] [--departments 120]
//
// (or `node --import tsx bench/generate-national.ts --facts ...`, the same). What it writes, in the
// proportions of a national obstetric census (PSA/DOH- and WHO-like):
// - `--departments` departments of very different sizes (the largest about thirty times the smallest,
//   a Zipf-like spread), each sending one package a month for `--years` years up to last month; about
//   2% of department-months never sent (missing on the completeness grid), 5% sent more than 60 days
//   after the month (late), and 3% of submissions rebuilt once (version 2 counted, version 1 superseded);
// - per case: 80% obstetric, 20% gynecologic (counted as cases, never in maternal or perinatal figures);
//   of the obstetric, 86% gave birth in the department (a Robson group), the rest abortive outcomes;
//   1.5% of births are twins (Robson group 8, two infants), the others singletons spread over the
//   Robson groups with WHO-like sizes and caesarean rates (about 32% in all);
// - maternal deaths in 0.09% of obstetric cases (an MMR of about 100 per 100,000 live births), by
//   ICD-MM group (haemorrhage and hypertension first, 3% coincidental, which the MMR leaves out, 3%
//   unmapped) and timing (postpartum first);
// - per infant: 1.5% stillborn (a third of them before 28 weeks and 1000 g, under the international
//   threshold), 0.8% early and 0.2% late neonatal deaths, birth weight by gestation.
// The national facts (national_cases, national_infants), the version counted (national_submissions),
// each package's ingest (national_ingest, 'ingested' or 'superseded') and the monthly counts the views
// read (national_case_counts, national_birth_counts, as the ingest keeps them) are written, and the keys
// of every counted package's cases in hub_package_cases (record id, patient key, case types, month:
// what a hub holds of each received case, migration 0030; the collision check of every upload reads
// them), unless --no-hub-cases. The packages' files are empty: nothing reads them after the ingest.
// --reset empties the hub's tables first (TRUNCATE: a bench database only).
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export interface NationalFactsOptions {
  url: string;
  years: number;
  casesPerYear: number;
  departments: number;
  reset: boolean;
  migrate: boolean;
  /** The keys of the packages' cases in hub_package_cases, as a hub holds them (default true). */
  hubCases?: boolean;
  log?: (line: string) => void;
}

/** The generated departments' ids ('NATD-001', ...), the largest first. */
export const departmentIdOf = (d: number) => `NATD-${String(d).padStart(3, '0')}`;

async function migrate(url: string): Promise<void> {
  const require = createRequire(join(root, 'services', 'package.json'));
  const { drizzle } = (await import(pathToFileURL(require.resolve('drizzle-orm/node-postgres')).href)) as { drizzle: (o: { client: pg.Pool }) => unknown };
  const { migrate: run } = (await import(pathToFileURL(require.resolve('drizzle-orm/node-postgres/migrator')).href)) as {
    migrate: (db: unknown, o: { migrationsFolder: string }) => Promise<void>;
  };
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    await run(drizzle({ client: pool }), { migrationsFolder: join(root, 'services', 'drizzle') });
  } finally {
    await pool.end();
  }
}

/** 'YYYY-MM' of the month `back` months before the current one (UTC). */
function monthBefore(back: number): string {
  const now = new Date();
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  return at.toISOString().slice(0, 7);
}

/** The last month of generated data (last month) and the first, `years` years before. */
export function generatedPeriod(years: number): { from: string; to: string } {
  return { from: monthBefore(years * 12), to: monthBefore(1) };
}

// Cumulative shares of the singleton births by Robson group, and each group's caesarean rate (WHO-like).
const ROBSON: ReadonlyArray<readonly [string, number, number]> = [
  ['1', 0.3, 0.18], ['2a', 0.08, 0.35], ['2b', 0.05, 1], ['3', 0.28, 0.05], ['4a', 0.06, 0.1], ['4b', 0.03, 1], ['5.1', 0.07, 0.75],
  ['5.2', 0.02, 0.9], ['6', 0.01, 0.9], ['7', 0.01, 0.85], ['9', 0.004, 0.9], ['10', 0.05, 0.4], ['unclassifiable', 0.036, 0.35],
];
const ICD_MM: ReadonlyArray<readonly [string, number]> = [
  ['1', 0.08], ['2', 0.2], ['3', 0.27], ['4', 0.1], ['5', 0.08], ['6', 0.03], ['7', 0.15], ['8', 0.03], ['9', 0.03], ['unmapped', 0.03],
];
const TIMING: ReadonlyArray<readonly [string, number]> = [['antepartal', 0.2], ['intrapartal', 0.15], ['postpartum', 0.5], ['puerperal', 0.15]];

/** CASE WHEN x < c1 THEN v1 WHEN x < c2 THEN v2 ... ELSE last END over cumulative shares. */
function pick(x: string, table: ReadonlyArray<readonly [string, number]>): string {
  const total = table.reduce((s, [, w]) => s + w, 0);
  let upto = 0;
  const whens = table.slice(0, -1).map(([value, w]) => {
    upto += w / total;
    return `WHEN ${x} < ${upto.toFixed(6)} THEN '${value}'`;
  });
  return `CASE ${whens.join(' ')} ELSE '${table[table.length - 1][0]}' END`;
}

export async function generateNationalFacts(options: NationalFactsOptions): Promise<{ from: string; to: string; departments: string[] }> {
  const log = options.log ?? ((line: string) => console.info(line));
  if (options.migrate) await migrate(options.url);
  const client = new pg.Client({ connectionString: options.url });
  await client.connect();
  const started = Date.now();
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
  const period = generatedPeriod(options.years);
  const departments = Array.from({ length: options.departments }, (_, i) => departmentIdOf(i + 1));
  try {
    if (options.reset) {
      await client.query(`TRUNCATE national_case_counts, national_birth_counts, national_case_counts_yearly, national_birth_counts_yearly, national_month_cases,
        national_infants, national_cases, national_submissions, national_ingest, hub_packages CASCADE`);
    }
    await client.query('SELECT setseed(0.2026)');
    // Each department's share of the nation's cases: Zipf-like, the largest about thirty times the smallest.
    const weights = departments.map((_, i) => 1 / (i + 1) ** 0.75);
    const total = weights.reduce((s, w) => s + w, 0);
    const perMonth = weights.map((w) => (options.casesPerYear / 12) * (w / total));
    const months = options.years * 12;
    const { DATA_DICTIONARY_VERSION } = await import('@pnss/libs/submissions');
    const { NATIONAL_FACTS_DERIVATION } = await import('@pnss/libs/reports');

    // The packages: one a month per department (a few months missing), some late, some rebuilt once.
    await client.query('DROP TABLE IF EXISTS pg_temp.gen_packages');
    await client.query(`
      CREATE TEMP TABLE gen_packages AS
      SELECT gen_random_uuid() AS id, gen_random_uuid() AS first_id, d.department_id, m.month, m.k,
             d.department_id || '-' || m.month AS submission_id,
             greatest(1, round(d.per_month * (0.85 + 0.3 * random())))::int AS n,
             CASE WHEN random() < 0.03 THEN 2 ELSE 1 END AS version,
             least(now() - interval '1 hour', (m.month || '-01')::date + interval '1 month'
               + CASE WHEN random() < 0.05 THEN interval '70 days' + random() * interval '50 days' ELSE interval '3 days' + random() * interval '40 days' END) AS received_at
      FROM unnest($1::text[], $2::float8[]) AS d(department_id, per_month)
      CROSS JOIN LATERAL (
        SELECT k, to_char((date_trunc('month', now()) - make_interval(months => $3::int - k))::date, 'YYYY-MM') AS month FROM generate_series(0, $3::int - 1) AS k
      ) m
      WHERE random() >= 0.02`, [departments, perMonth, months]);
    const packages = (await client.query<{ n: string; cases: string }>('SELECT count(*) AS n, sum(n) AS cases FROM gen_packages')).rows[0];
    log(`packages: ${Number(packages.n).toLocaleString('en')} of ${departments.length} departments over ${months} months, ${Number(packages.cases).toLocaleString('en')} cases (${elapsed()})`);
    const packageColumns = `id, upload_id, department_id, submission_id, version, file_name, sha256, size, start_date, end_date, num_of_cases,
      data_dictionary_version, manifest, verification, content, received_at, state, superseded_at`;
    const packageValues = (id: string, version: string, receivedAt: string, superseded: string) => `
      ${id}, 'generated-' || ${id}, department_id, submission_id, ${version}, submission_id || '-v' || ${version} || '.zip', md5(${id}::text) || md5(submission_id),
      1000 + n * 400, (month || '-01')::date, ((month || '-01')::date + interval '1 month' - interval '1 day')::date, n, '${DATA_DICTIONARY_VERSION}',
      jsonb_build_object('departmentId', department_id, 'submissionId', submission_id, 'version', ${version}, 'numOfCases', n, 'generated', true),
      'verified', '\\x'::bytea, ${receivedAt}, 'received', ${superseded}`;
    // A rebuilt submission's first version: received first, replaced at the hub by the second.
    await client.query(`INSERT INTO hub_packages (${packageColumns})
      SELECT ${packageValues('first_id', '1', "received_at - interval '2 days'", 'received_at')} FROM gen_packages WHERE version = 2`);
    await client.query(`INSERT INTO hub_packages (${packageColumns}) SELECT ${packageValues('id', 'version', 'received_at', 'NULL::timestamptz')} FROM gen_packages`);
    await client.query(`INSERT INTO national_ingest (hub_package_id, department_id, submission_id, version, state, attempts, queued_at, ingested_at, fact_cases, fact_infants)
      SELECT first_id, department_id, submission_id, 1, 'superseded', 1, received_at - interval '2 days', NULL, 0, 0 FROM gen_packages WHERE version = 2`);
    await client.query(`INSERT INTO national_submissions (department_id, submission_id, hub_package_id, version, ingested_at)
      SELECT department_id, submission_id, id, version, received_at + interval '1 minute' FROM gen_packages`);

    // The cases, a year of packages a statement: each case's draws, then what they make of it.
    for (let year = 0; year < options.years; year += 1) {
      await client.query(`
        INSERT INTO national_cases (department_id, patient_key, case_id, submission_id, hub_package_id, version, derivation, discharge_month,
          is_obstetric, is_gyne, robson_segment, is_caesarean, is_maternal_death, icd_mm_segment, counts_in_ratio, death_timing_segment)
        SELECT department_id, encode(sha256(convert_to(submission_id || ':' || g, 'UTF8')), 'hex'), md5(submission_id || '#' || g)::uuid::text,
               submission_id, id, version, ${NATIONAL_FACTS_DERIVATION}, month, obstetric, NOT obstetric, robson,
               robson IS NOT NULL AND r_cs < CASE robson ${ROBSON.map(([g, , cs]) => `WHEN '${g}' THEN ${cs}`).join(' ')} WHEN '8' THEN 0.65 ELSE 0 END,
               death, CASE WHEN death THEN icd END, death AND icd <> '9', CASE WHEN death THEN timing END
        FROM (
          SELECT *, obstetric AND r_birth < 0.86 AND r_twin < 0.015 AS twins,
                 CASE WHEN NOT obstetric OR r_birth >= 0.86 THEN NULL WHEN r_twin < 0.015 THEN '8' ELSE ${pick('r_robson', ROBSON.map(([g, share]) => [g, share] as const))} END AS robson,
                 obstetric AND r_death < 0.0009 AS death, ${pick('r_icd', ICD_MM)} AS icd, ${pick('r_timing', TIMING)} AS timing
          FROM (
            SELECT p.id, p.department_id, p.submission_id, p.version, p.month, g, random() < 0.8 AS obstetric, random() AS r_birth, random() AS r_twin,
                   random() AS r_robson, random() AS r_cs, random() AS r_death, random() AS r_icd, random() AS r_timing
            FROM gen_packages p CROSS JOIN LATERAL generate_series(1, p.n) AS g
            WHERE p.k >= $1 AND p.k < $2
          ) draws
        ) cases`, [year * 12, year * 12 + 12]);
      // The infants of the births (two for twins): outcome, then gestation and weight by outcome.
      await client.query(`
        INSERT INTO national_infants (department_id, patient_key, case_id, position, discharge_month, is_obstetric, status, weight, is_live_born,
          is_stillbirth, is_early_neonatal_death, is_neonatal_death, gestation_min, gestation_max)
        SELECT department_id, patient_key, case_id, position, discharge_month, true, status,
               CASE WHEN r_unknown < 0.02 THEN NULL ELSE greatest(350, round(3150 - (39 - weeks) * 210 + (r_weight - 0.5) * 800))::int END,
               status IN (1, 2, 3), status IN (4, 5, 6), status = 2, status IN (2, 3),
               CASE WHEN r_unknown < 0.01 THEN NULL ELSE weeks END, CASE WHEN r_unknown < 0.01 THEN NULL ELSE weeks END
        FROM (
          SELECT *, CASE WHEN status IN (4, 5, 6) AND r_early < 0.33 THEN 20 + floor(r_weeks * 8)
                         WHEN status IN (4, 5, 6) OR (status IN (2, 3) AND r_early < 0.4) THEN 28 + floor(r_weeks * 9)
                         WHEN robson_segment = '8' THEN 32 + floor(r_weeks * 6)
                         WHEN r_early < 0.09 THEN 32 + floor(r_weeks * 5) ELSE 37 + floor(r_weeks * 5) END::int AS weeks
          FROM (
            SELECT c.department_id, c.patient_key, c.case_id, c.discharge_month, c.robson_segment, position,
                   CASE WHEN r < 0.009 THEN 4 WHEN r < 0.0135 THEN 5 WHEN r < 0.015 THEN 6 WHEN r < 0.023 THEN 2 WHEN r < 0.025 THEN 3 ELSE 1 END::smallint AS status,
                   r_weeks, r_early, r_weight, r_unknown
            FROM (
              SELECT c.*, position, random() AS r, random() AS r_weeks, random() AS r_early, random() AS r_weight, random() AS r_unknown
              FROM national_cases c JOIN gen_packages p ON p.id = c.hub_package_id AND p.k >= $1 AND p.k < $2
              CROSS JOIN LATERAL generate_series(1, CASE WHEN c.robson_segment = '8' THEN 2 ELSE 1 END) AS position
              WHERE c.robson_segment IS NOT NULL
            ) c
          ) outcome
        ) infants`, [year * 12, year * 12 + 12]);
      log(`year ${year + 1} of ${options.years}: cases and infants written (${elapsed()})`);
    }
    await client.query(`INSERT INTO national_ingest (hub_package_id, department_id, submission_id, version, state, attempts, queued_at, ingested_at, fact_cases, fact_infants)
      SELECT p.id, p.department_id, p.submission_id, p.version, 'ingested', 1, p.received_at, p.received_at + interval '1 minute', p.n,
             (SELECT count(*) FROM national_infants i WHERE i.department_id = p.department_id AND i.discharge_month = p.month)
      FROM gen_packages p`);
    // The monthly counts the views read, as the ingest keeps them (migration 0027).
    await client.query(`DELETE FROM national_case_counts WHERE department_id = ANY($1::text[])`, [departments]);
    await client.query(`DELETE FROM national_birth_counts WHERE department_id = ANY($1::text[])`, [departments]);
    await client.query(`INSERT INTO national_case_counts
      SELECT department_id, discharge_month, is_obstetric, robson_segment, is_caesarean, is_maternal_death, icd_mm_segment, death_timing_segment, count(*)::int
      FROM national_cases WHERE department_id = ANY($1::text[]) GROUP BY 1, 2, 3, 4, 5, 6, 7, 8`, [departments]);
    await client.query(`INSERT INTO national_birth_counts
      SELECT department_id, discharge_month, status, CASE WHEN is_stillbirth THEN weight END, CASE WHEN is_stillbirth THEN gestation_min END,
             CASE WHEN is_stillbirth THEN gestation_max END, count(*)::int
      FROM national_infants WHERE is_obstetric AND department_id = ANY($1::text[]) GROUP BY 1, 2, 3, 4, 5, 6`, [departments]);
    // Their yearly level and each month's cases (migration 0028), as the ingest keeps them.
    for (const table of ['national_case_counts_yearly', 'national_birth_counts_yearly', 'national_month_cases']) {
      await client.query(`DELETE FROM ${table} WHERE department_id = ANY($1::text[])`, [departments]);
    }
    await client.query(`INSERT INTO national_case_counts_yearly
      SELECT department_id, left(discharge_month, 4), is_obstetric, robson_segment, is_caesarean, is_maternal_death, icd_mm_segment, death_timing_segment, sum(n)::int
      FROM national_case_counts WHERE discharge_month IS NOT NULL AND department_id = ANY($1::text[]) GROUP BY 1, 2, 3, 4, 5, 6, 7, 8`, [departments]);
    await client.query(`INSERT INTO national_birth_counts_yearly
      SELECT department_id, left(discharge_month, 4), status, weight, gestation_min, gestation_max, sum(n)::int
      FROM national_birth_counts WHERE discharge_month IS NOT NULL AND department_id = ANY($1::text[]) GROUP BY 1, 2, 3, 4, 5, 6`, [departments]);
    await client.query(`INSERT INTO national_month_cases
      SELECT department_id, discharge_month, sum(n)::int, coalesce(sum(n) FILTER (WHERE is_obstetric), 0)::int
      FROM national_case_counts WHERE department_id = ANY($1::text[]) GROUP BY 1, 2`, [departments]);
    log(`monthly and yearly counts written (${elapsed()})`);
    if (options.hubCases !== false) {
      // What a hub holds of each received case of the current versions (migration 0030): its keys, one row per case.
      await client.query(`DELETE FROM hub_package_cases c USING hub_packages p WHERE p.id = c.hub_package_id AND p.department_id = ANY($1::text[])`, [departments]);
      await client.query(`INSERT INTO hub_package_cases (hub_package_id, case_id, patient_key, case_types, discharge_month)
        SELECT hub_package_id, case_id, patient_key, CASE WHEN is_gyne THEN '["gynecase"]' ELSE '["maternalfetalcase"]' END::jsonb, discharge_month
        FROM national_cases WHERE department_id = ANY($1::text[])`, [departments]);
      log(`the packages' cases' keys written to hub_package_cases (${elapsed()})`);
    }
    for (const table of ['hub_packages', 'hub_package_cases', 'national_ingest', 'national_submissions', 'national_cases', 'national_infants', 'national_case_counts', 'national_birth_counts',
      'national_case_counts_yearly', 'national_birth_counts_yearly', 'national_month_cases']) {
      await client.query(`VACUUM ANALYZE ${table}`);
    }
    const summary = (await client.query<Record<string, string>>(`
      SELECT (SELECT count(*) FROM national_cases) AS cases, (SELECT count(*) FROM national_cases WHERE is_gyne) AS gyne,
             (SELECT count(*) FROM national_cases WHERE robson_segment IS NOT NULL) AS births_women,
             (SELECT count(*) FROM national_cases WHERE robson_segment = '8') AS twins,
             (SELECT count(*) FROM national_cases WHERE is_caesarean) AS caesareans,
             (SELECT count(*) FROM national_cases WHERE counts_in_ratio) AS maternal_deaths,
             (SELECT count(*) FROM national_infants) AS infants, (SELECT count(*) FROM national_infants WHERE is_live_born) AS live_births,
             (SELECT count(*) FROM national_infants WHERE is_stillbirth) AS stillbirths,
             (SELECT count(*) FROM national_case_counts) AS case_counts, (SELECT count(*) FROM national_birth_counts) AS birth_counts`)).rows[0];
    const n = (key: string) => Number(summary[key]);
    log(`done in ${elapsed()}: ${n('cases').toLocaleString('en')} cases (${((100 * n('gyne')) / n('cases')).toFixed(1)}% gynecologic), ` +
      `${n('infants').toLocaleString('en')} infants; twins ${((100 * n('twins')) / n('births_women')).toFixed(2)}% of women giving birth, ` +
      `caesarean ${((100 * n('caesareans')) / n('births_women')).toFixed(1)}%, stillbirths ${((100 * n('stillbirths')) / n('infants')).toFixed(2)}% of births, ` +
      `MMR ${((100_000 * n('maternal_deaths')) / n('live_births')).toFixed(0)} per 100,000 live births; ` +
      `monthly counts: ${n('case_counts').toLocaleString('en')} + ${n('birth_counts').toLocaleString('en')} rows`);
    return { ...period, departments };
  } finally {
    await client.end();
  }
}

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

export async function nationalFactsMain(): Promise<void> {
  const url = argument('url') ?? process.env.BENCH_DATABASE_URL;
  if (!url) {
    console.error('usage: national-data.ts --url postgres://user@host/db [--years 5] [--cases-per-year 1000000] [--departments 120] [--reset] [--no-migrate] [--no-hub-cases]');
    process.exit(2);
  }
  await generateNationalFacts({
    url,
    years: Number(argument('years') ?? 5),
    casesPerYear: Number(argument('cases-per-year') ?? 1_000_000),
    departments: Number(argument('departments') ?? 120),
    reset: process.argv.includes('--reset'),
    migrate: !process.argv.includes('--no-migrate'),
    hubCases: !process.argv.includes('--no-hub-cases'),
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await nationalFactsMain();
}
