// `node --import tsx bench/generate-department.ts --url postgres://... --patients 1000000 [--reset]`
//
// Writes a realistic department straight into PostgreSQL: patients with Filipino names and birth
// dates, one case each and a second case for three in ten, spread over five years of admissions
// (70% OB, 4% still open, half of those still admitted, 1% archived). Every closed OB case is a
// delivery with its infants, manner, indications and the mother's outcome, so that the mortality and
// indication reports have something to count. Rows are made by PostgreSQL itself (INSERT ... SELECT
// over generate_series, 50,000 rows a statement), so a million patients take minutes, not hours.
// Names, dates, outcomes and ids are a pure function of the row number: two runs give the same
// data, and the bench knows what a search will find.
//
// The schema is migrated first (the services' own migrations). The list counters of migration
// 0006 are kept by their triggers as the rows go in; VACUUM ANALYZE at the end sets the
// visibility map, so list pages are index-only scans from the first request.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CS_INDICATIONS } from '@pnss/libs/lookups';
import {
  AOG_TYPE, DELIVERY_MANNER, FETAL_PRESENTATION, INFANT_STATUS, INFANT_STATUSES, LABOR_ONSET, MOTHER_CONDITION, PREGNANCY_TYPE, TIMINGS,
  isMortalityStatus,
} from '@pnss/libs/enums';
import pg from 'pg';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export const FIRST_NAMES = [
  'Maria', 'Ana', 'Rosa', 'Josefina', 'Carmen', 'Teresa', 'Luz', 'Elena', 'Cristina', 'Angelica', 'Jasmine', 'Kristine',
  'Mary Grace', 'Mary Joy', 'Jennifer', 'Michelle', 'Rowena', 'Marites', 'Lorna', 'Evelyn', 'Gloria', 'Imelda', 'Aurora',
  'Corazon', 'Remedios', 'Lourdes', 'Rosario', 'Erlinda', 'Norma', 'Marilou', 'Analyn', 'Jocelyn', 'Rachelle', 'Joy',
  'Princess', 'Camille', 'Nicole', 'Patricia', 'Catherine', 'Katherine', 'Jessa', 'Janine', 'Shiela', 'Aileen', 'Arlene',
  'Charmaine', 'Daisy', 'Divina', 'Editha', 'Felicidad', 'Grace', 'Hazel', 'Irene', 'Jenny', 'Kimberly', 'Leah', 'Liza',
  'Ma. Cecilia', 'Marivic', 'Melanie', 'Mylene', 'Nenita', 'Ofelia', 'Pilar', 'Queenie', 'Regina', 'Sarah', 'Sheryl',
  'Trinidad', 'Ursula', 'Veronica', 'Wilma', 'Yolanda', 'Zenaida', 'Abigail', 'Bea', 'Clarissa', 'Dolores', 'Estrella',
  'Fe', 'Gemma', 'Herminia', 'Isabel', 'Juliet', 'Karen', 'Lea', 'Marjorie', 'Nora', 'Olivia', 'Perla', 'Rhea', 'Sonia',
  'Tess', 'Vilma', 'Winnie', 'Ysabel', 'Zeny', 'Alma', 'Belen', 'Cynthia',
];
export const MIDDLE_NAMES = [
  'Santos', 'Reyes', 'Cruz', 'Bautista', 'Ocampo', 'Garcia', 'Mendoza', 'Torres', 'Tomas', 'Andrada', 'Castillo',
  'Flores', 'Villanueva', 'Ramos', 'Castro', 'Rivera', 'Aquino', 'Navarro', 'Salazar', 'Mercado', null, null, null,
];
export const LAST_NAMES = [
  'Dela Cruz', 'Garcia', 'Reyes', 'Ramos', 'Mendoza', 'Santos', 'Flores', 'Gonzales', 'Bautista', 'Villanueva', 'Fernandez',
  'Cruz', 'De Guzman', 'Lopez', 'Perez', 'Castillo', 'Francisco', 'Rivera', 'Aquino', 'Castro', 'Sanchez', 'Torres',
  'De Leon', 'Domingo', 'Martinez', 'Rodriguez', 'Santiago', 'Soriano', 'Delos Santos', 'Diaz', 'Hernandez', 'Tolentino',
  'Valdez', 'Ramirez', 'Morales', 'Mercado', 'Tan', 'Aguilar', 'Navarro', 'Manalo', 'Gomez', 'Dizon', 'Del Rosario',
  'Javier', 'Corpuz', 'Gutierrez', 'Salvador', 'Velasco', 'Miranda', 'Sarmiento', 'Pascual', 'Lim', 'Marquez', 'Robles',
  'Panganiban', 'Mallari', 'Macaraeg', 'Dimaculangan', 'Agbayani', 'Bernardo', 'Cabrera', 'Dela Pena', 'Espiritu',
  'Fajardo', 'Gatchalian', 'Ilagan', 'Jimenez', 'Katigbak', 'Lacson', 'Magbanua', 'Nepomuceno', 'Ocampo', 'Pangilinan',
  'Quiambao', 'Rosales', 'Sison', 'Tiongson', 'Umali', 'Vergara', 'Yap', 'Zamora', 'Abad', 'Baltazar', 'Calderon',
  'Dantes', 'Evangelista', 'Fabian', 'Galang', 'Hilario', 'Ignacio', 'Jacinto', 'Lacsamana', 'Mangubat', 'Natividad',
  'Olivares', 'Padilla', 'Quisumbing', 'Roxas', 'Samonte', 'Tuazon',
];

/** The row number's name, as the SQL below picks it: the bench searches for names it knows exist. */
export function nameOf(i: number): { firstName: string; lastName: string } {
  return {
    firstName: FIRST_NAMES[(i * 7919) % FIRST_NAMES.length],
    lastName: LAST_NAMES[Math.floor(i / 7) % LAST_NAMES.length],
  };
}

/** The id of patient i: md5-derived, so cases can name their patient without reading it back. */
export const PATIENT_ID_SQL = (i: string) => `md5('pnss-gen-patient-' || ${i})::uuid`;

const PATIENTS_SQL = `
  INSERT INTO patients (id, first_name, middle_name, last_name, birth_date, pediatric_confirmed, created_at, updated_at)
  SELECT ${PATIENT_ID_SQL('i')},
         ($3::text[])[(1 + (i * 7919) % array_length($3::text[], 1))::int],
         ($4::text[])[(1 + (i * 104729) % array_length($4::text[], 1))::int],
         ($5::text[])[(1 + (i / 7) % array_length($5::text[], 1))::int],
         date '1965-01-01' + ((i * 2654435761::bigint) % 15000)::int,
         false,
         now() - ((i % 1800) || ' days')::interval,
         now() - ((i % 1800) || ' days')::interval
  FROM generate_series($1::bigint, $2::bigint) AS i`;

// Case k (1 or 2) of patient i. h is a per-case pseudo-random number in [0, 1000).
const CASES_SQL = `
  WITH src AS (
    SELECT i, k, ((i * 2246822519::bigint + k * 3266489917::bigint) % 1000)::int AS h
    FROM generate_series($1::bigint, $2::bigint) AS i, generate_series(1, 2) AS k
    WHERE k = 1 OR i % 10 < 3
  ), dated AS (
    SELECT i, k, h,
           current_date - (CASE WHEN h < 40 THEN h % 10 ELSE (h * 7 + i) % 1800 END)::int AS admission,
           h < 40 AS open,
           h >= 990 AS archived,
           CASE WHEN (i + k) % 10 < 7 THEN 1 ELSE 2 END AS form_type,
           -- A second per-case number in [0, 1000), independent of h, for the delivery's outcomes.
           ((i * 40503::bigint + k * 9973::bigint) % 1000)::int AS g
    FROM src
  ), outcome AS (
    -- A closed OB case is a delivery: 2% twins, 30% caesarean (with one of the caesarean indications),
    -- one mother in a thousand died (postpartal), 2% of first infants not born alive or died after
    -- birth (the mortality statuses, evenly). The codes come from libs (DELIVERY_OUTCOME_CODES).
    SELECT d.*,
           d.form_type = 1 AND NOT d.open AS delivered,
           d.g % 50 = 0 AS twins,
           CASE WHEN d.g % 10 < 3 THEN $3::int ELSE $4::int END AS manner,
           CASE WHEN d.g % 10 < 3 THEN jsonb_build_array(($11::int[])[1 + (d.i % array_length($11::int[], 1))::int])
                ELSE '[]'::jsonb END AS indications,
           (d.i + d.k) % 1000 = 0 AS died,
           jsonb_build_object(
             'status', CASE WHEN d.g BETWEEN 100 AND 119 THEN ($10::int[])[1 + d.g % array_length($10::int[], 1)] ELSE $9::int END,
             'pediatricAge', 36 + d.g % 5,
             'pediatricWeight', 2200 + (d.i * 31) % 1800,
             'apgar1m', CASE WHEN d.g BETWEEN 100 AND 119 THEN 0 ELSE 7 + d.g % 3 END,
             'apgar5m', CASE WHEN d.g BETWEEN 100 AND 119 THEN 0 ELSE 9 END,
             'anomalies', d.g % 97 = 0) AS first_infant
    FROM dated d
  ), robson AS (
    -- The answers the Robson classification reads (issue 28), in about the proportions of WHO's
    -- multi-country surveys: 42% nulliparous; 9% born at 32-36 weeks; among the caesareans of
    -- multiparous women, 45% after an earlier one (one in five after two); 45% of caesareans before
    -- labor; 20% of labors induced; among caesareans 12% breech and 2% transverse (a vaginal birth
    -- here is spontaneous cephalic, so cephalic). Codes from libs, parameters $13 to $19.
    SELECT o.*, jsonb_build_object(
             'obscoreG', o.parity + 1, 'obscoreP', o.parity, 'obscoreFT', o.parity, 'obscorePr', 0, 'obscoreAb', 0, 'obscoreLB', o.parity,
             'deliveryAOGType', $19::int, 'deliveryWeeks', CASE WHEN o.r < 9 THEN 32 + o.r % 5 ELSE 37 + o.r % 4 END, 'deliveryDays', o.r % 7,
             'previousCaesareans', CASE WHEN o.caesarean AND o.parity > 0 AND o.q < 45 THEN 1 + (((o.i * 7919 + o.k * 104729) % 997) % 5 = 0)::int ELSE 0 END,
             'laborOnset', CASE WHEN o.caesarean AND o.q2 < 45 THEN $15::int WHEN o.q2 >= 80 THEN $14::int ELSE $13::int END,
             'fetalPresentation', CASE WHEN NOT o.caesarean THEN $16::int WHEN o.q3 < 12 THEN $17::int WHEN o.q3 < 14 THEN $18::int ELSE $16::int END
           ) AS answers
    FROM (
      SELECT x.*, x.g % 10 < 3 AS caesarean,
             CASE WHEN (x.i * 13 + x.k * 7) % 100 < 42 THEN 0 ELSE 1 + (x.i * 13 + x.k * 7) % 3 END AS parity,
             ((x.i * 31 + x.k * 17) % 100)::int AS r, ((x.i * 37 + x.k * 11 + x.g) % 100)::int AS q,
             ((x.i * 41 + x.k * 3) % 100)::int AS q2, ((x.i * 43 + x.k * 19 + x.g * 3) % 100)::int AS q3
      FROM outcome x) o
  )
  INSERT INTO patient_cases (patient_id, case_num, case_form_type, is_pregnancy, is_gyne, is_close, is_archived,
                             admission_date, discharge_date, delivery_date, age, pregnancy_type, delivery_manner,
                             mother_condition, form, closed_at, created_at, updated_at)
  SELECT ${PATIENT_ID_SQL('d.i')},
         'GEN-' || lpad(d.i::text, 7, '0') || '-' || d.k,
         d.form_type, d.form_type = 1, d.form_type = 2,
         NOT d.open, d.archived,
         d.admission,
         -- Never a day after today: a discharge in the future is refused at save (and would be no real record).
         CASE WHEN d.open AND d.h % 2 = 0 THEN NULL ELSE LEAST(d.admission + (d.h % 6), current_date) END,
         CASE WHEN d.form_type = 1 AND NOT d.open THEN d.admission END,
         extract(year FROM age(d.admission, p.birth_date))::smallint,
         CASE WHEN d.delivered THEN (CASE WHEN d.twins THEN $8::int ELSE $7::int END) END,
         CASE WHEN d.delivered THEN d.manner END,
         CASE WHEN d.delivered THEN (CASE WHEN d.died THEN $5::int ELSE $6::int END) END,
         CASE WHEN NOT d.delivered THEN '{}'::jsonb
              WHEN d.twins THEN jsonb_build_object(
                'isDelivered', true, 'isTOLAC', false, 'infantsNumber', 2, 'deliveryIndication', d.indications,
                -- A second twin's manner is asked only after a first twin born without a caesarean.
                'deliveryManner2', CASE WHEN d.g % 10 < 3 THEN NULL ELSE d.manner END, 'deliveryIndication2', '[]'::jsonb,
                'deathTiming', CASE WHEN d.died THEN $12::int END,
                'neonatal', jsonb_build_array(d.first_infant, d.first_infant || jsonb_build_object(
                  'status', $9::int, 'pediatricWeight', 1900 + (d.i * 31) % 1200, 'apgar1m', 8, 'apgar5m', 9))) || d.answers
              ELSE jsonb_build_object(
                'isDelivered', true, 'isTOLAC', false, 'infantsNumber', 1, 'deliveryIndication', d.indications,
                'deathTiming', CASE WHEN d.died THEN $12::int END, 'neonatal', jsonb_build_array(d.first_infant)) || d.answers
         END,
         CASE WHEN d.open THEN NULL ELSE LEAST(d.admission + (d.h % 6), current_date)::timestamptz END,
         d.admission::timestamptz + ((d.i % 86400) || ' seconds')::interval,
         d.admission::timestamptz + ((d.i % 86400) || ' seconds')::interval
  FROM robson d JOIN patients p ON p.id = ${PATIENT_ID_SQL('d.i')}`;

const POSTPARTAL = TIMINGS.find((t) => t.label === 'Postpartal')?.id;
if (POSTPARTAL === undefined) throw new Error('libs TIMINGS has no Postpartal timing');

/** The codes of a delivery's outcomes, from libs: CASES_SQL's parameters $3 to $19, in this order. */
const DELIVERY_OUTCOME_CODES = [
  DELIVERY_MANNER.CAESAREAN,
  DELIVERY_MANNER.SPONTANEOUS_CEPHALIC,
  MOTHER_CONDITION.DIED,
  MOTHER_CONDITION.IMPROVED,
  PREGNANCY_TYPE.SINGLETON,
  PREGNANCY_TYPE.MULTIPLE,
  INFANT_STATUS.LIVEBIRTH,
  INFANT_STATUSES.map((s) => s.id).filter(isMortalityStatus),
  // "Others" asks for a text the generator does not write.
  CS_INDICATIONS.filter((i) => !i.prompt).map((i) => i.id),
  POSTPARTAL,
  LABOR_ONSET.SPONTANEOUS,
  LABOR_ONSET.INDUCED,
  LABOR_ONSET.NO_LABOR,
  FETAL_PRESENTATION.CEPHALIC,
  FETAL_PRESENTATION.BREECH,
  FETAL_PRESENTATION.TRANSVERSE_OR_OBLIQUE,
  AOG_TYPE.EXACT,
];

export interface GenerateOptions {
  url: string;
  patients: number;
  /** Empties patients and cases (and what hangs off them) first. */
  reset: boolean;
  migrate: boolean;
  log?: (line: string) => void;
}

async function migrate(url: string): Promise<void> {
  const require = createRequire(join(root, 'services', 'package.json'));
  // drizzle-orm is a dependency of the services, not of the bench: load the services' own copy.
  const { drizzle } = (await import(pathToFileURL(require.resolve('drizzle-orm/node-postgres')).href)) as {
    drizzle: (options: { client: pg.Pool }) => unknown;
  };
  const { migrate: run } = (await import(pathToFileURL(require.resolve('drizzle-orm/node-postgres/migrator')).href)) as {
    migrate: (db: unknown, options: { migrationsFolder: string }) => Promise<void>;
  };
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    await run(drizzle({ client: pool }), { migrationsFolder: join(root, 'services', 'drizzle') });
  } finally {
    await pool.end();
  }
}

/**
 * The reporting projection (case_facts, case_infants, case_indications) of every case without it,
 * derived by the services' own code (toCaseForm + deriveCaseFacts of @pnss/libs/reports, from
 * services/dist: run `npm run build -w @pnss/services` first) and written 5,000 cases a statement,
 * so the server's start-up backfill finds nothing left to do.
 */
async function writeFacts(url: string, log: (line: string) => void): Promise<void> {
  const require = createRequire(join(root, 'services', 'package.json'));
  const load = async <T>(path: string) => (await import(pathToFileURL(path).href)) as T;
  const dist = join(root, 'services', 'dist');
  if (!existsSync(join(dist, 'database', 'schema.js'))) {
    log('services/dist is missing: the reporting projection is left to the server start-up');
    return;
  }
  const { drizzle } = await load<{ drizzle: (o: { client: pg.Pool; schema: unknown }) => FactsDb }>(require.resolve('drizzle-orm/node-postgres'));
  const { sql, getTableColumns } = await load<{
    sql: (strings: TemplateStringsArray, ...values: unknown[]) => unknown;
    getTableColumns: (table: unknown) => Record<string, { name: string }>;
  }>(require.resolve('drizzle-orm'));
  const schema = await load<Record<string, unknown>>(join(dist, 'database', 'schema.js'));
  const { toCaseForm } = await load<{ toCaseForm: (row: unknown) => unknown }>(join(dist, 'common', 'records', 'case-record.js'));
  const { deriveCaseFacts } = await load<{ deriveCaseFacts: (form: unknown) => { facts: object; infants: object[]; indications: object[] } }>(
    require.resolve('@pnss/libs/reports'),
  );
  if (!schema.caseFacts) return;
  // The data-quality review of each case (issue 31), by the services' own derivation, when this build has it.
  const quality = existsSync(join(dist, 'modules', 'case-facts', 'case-quality.projection.js'))
    ? await load<{ deriveQualityRow: (row: unknown) => Record<string, unknown>; rebuildQualityRollup: (db: unknown) => Promise<void> }>(
      join(dist, 'modules', 'case-facts', 'case-quality.projection.js'))
    : null;
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const db = drizzle({ client: pool, schema });
  let written = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  try {
    // Walks the cases in id order (keyset), so each batch is an index range, not a scan of all before it.
    for (;;) {
      const rows = (await db
        .select()
        .from(schema.patientCases)
        .where(sql`patient_cases.id > ${after} and not exists (select 1 from case_facts f where f.case_id = patient_cases.id)`)
        .orderBy(sql`patient_cases.id`)
        .limit(5000)) as Array<{ id: string }>;
      if (rows.length === 0) break;
      after = rows[rows.length - 1].id;
      const derived = rows.map((row) => deriveCaseFacts(toCaseForm(row)));
      // One JSON parameter per table (json_populate_recordset), not 40 parameters a row.
      for (const [table, name, items] of [
        [schema.caseFacts, 'case_facts', derived.map((d) => d.facts)],
        [schema.caseInfants, 'case_infants', derived.flatMap((d) => d.infants)],
        [schema.caseIndications, 'case_indications', derived.flatMap((d) => d.indications)],
        [schema.caseQuality, 'case_quality', quality && schema.caseQuality ? rows.map((row) => quality.deriveQualityRow(row)) : []],
      ] as const) {
        if (items.length === 0) continue;
        const columns = Object.entries(getTableColumns(table));
        const records = items.map((item) =>
          Object.fromEntries(columns.filter(([key]) => key in item).map(([key, column]) => [column.name, (item as Record<string, unknown>)[key]])),
        );
        const names = Object.keys(records[0]).map((n) => `"${n}"`).join(', ');
        await pool.query(`INSERT INTO ${name} (${names}) SELECT ${names} FROM json_populate_recordset(null::${name}, $1::json)`, [JSON.stringify(records)]);
      }
      written += rows.length;
      if (written % 100_000 < 5000) log(`reporting projection: ${written.toLocaleString('en')} cases`);
    }
    if (quality && written > 0) await quality.rebuildQualityRollup(db);
  } finally {
    await pool.end();
  }
}

/** The little of drizzle the projection writer uses. */
interface FactsDb {
  select(): { from(table: unknown): { where(condition: unknown): { orderBy(order: unknown): { limit(n: number): Promise<unknown[]> } } } };
  insert(table: unknown): { values(rows: unknown[]): Promise<unknown> };
}

export async function generateDepartment(options: GenerateOptions): Promise<void> {
  const log = options.log ?? ((line: string) => console.info(line));
  if (options.migrate) await migrate(options.url);
  const client = new pg.Client({ connectionString: options.url });
  await client.connect();
  try {
    const started = Date.now();
    if (options.reset) await client.query('TRUNCATE patient_cases, patients CASCADE');
    const { rows } = await client.query<{ n: string }>('SELECT count(*)::text AS n FROM patients');
    const existing = Number(rows[0].n);
    if (existing >= options.patients) log(`${existing} patients already there; none added (--reset starts again)`);
    const batch = 50_000;
    for (let from = existing + 1; from <= options.patients; from += batch) {
      const to = Math.min(options.patients, from + batch - 1);
      await client.query('BEGIN');
      await client.query(PATIENTS_SQL, [from, to, FIRST_NAMES, MIDDLE_NAMES, LAST_NAMES]);
      await client.query(CASES_SQL, [from, to, ...DELIVERY_OUTCOME_CODES]);
      await client.query('COMMIT');
      log(`patients ${to.toLocaleString('en')} of ${options.patients.toLocaleString('en')} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    }
    await writeFacts(options.url, log);
    // Every table, as autovacuum leaves a department in its steady state: the visibility maps that
    // index-only scans need (patient_name_terms, filled by its trigger, had none) and fresh statistics
    // (case_facts, the audit log, the name dictionary that the triggers rewrote batch after batch).
    await client.query('VACUUM ANALYZE');
    const counts = await client.query<{ patients: string; cases: string }>(
      'SELECT (SELECT count(*) FROM patients)::text AS patients, (SELECT count(*) FROM patient_cases)::text AS cases',
    );
    log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s: ${counts.rows[0].patients} patients, ${counts.rows[0].cases} cases`);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const url = argument('url') ?? process.env.BENCH_DATABASE_URL;
  if (!url) {
    console.error('usage: generate-department.ts --url postgres://user@host/db --patients 100000|1000000 [--reset] [--no-migrate]');
    process.exit(2);
  }
  await generateDepartment({
    url,
    patients: Number(argument('patients') ?? 100_000),
    reset: process.argv.includes('--reset'),
    migrate: !process.argv.includes('--no-migrate'),
  });
}
