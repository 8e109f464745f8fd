// `node --import tsx bench/generate-national.ts --facts --url postgres://... [--years 5] [--cases-per-year 1000000] [--departments 120] [--reset]`
// writes the society's side instead: five years of national facts of many departments, with their
// infants and deaths, by SQL alone (bench/national-data.ts says what and in which proportions).
//
// `node --import tsx bench/generate-national.ts --url postgres://... [--cases 1000000] [--reset] [--no-migrate]`
// `node --import tsx bench/generate-national.ts --pglite DATA_DIR/pglite --cases 100000` (the embedded database's folder)
// (it runs the built libs, as the server does: `npm run build -w libs` first)
//
// A realistic national year for the reports: --cases closed, open and archived cases (one patient
// each) discharged over the last 365 days, with plausible proportions (PSA/DOH-like): about 80% OB,
// of which 85% singletons, 1.5% multiple, 9% miscarriages, 3% ectopic, 1.5% molar; caesarean in
// about 30% of deliveries with one or two indications (repeat caesarean, CPD, fetal distress
// first); about 0.12% maternal deaths (direct causes first, postpartum timing first); 1.5% perinatal
// deaths; 92% closed, 5% open, 3% archived. Forms are made in JavaScript with a seeded generator
// (two runs give the same data), their reporting projection derived by the libs' own
// deriveCaseFacts, and every table written with multi-row INSERT ... SELECT FROM unnest(...), 10,000
// cases a statement, so a million cases take minutes.
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { emptyCaseForm, type CaseForm, type Infant } from '@pnss/libs/api';
import { deriveCaseFacts, type RollupKey, rollupKeyId, rollupKeys } from '@pnss/libs/reports';
import { nationalFactsMain } from './national-data.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const DAY_MS = 86_400_000;

/** mulberry32: a small seeded generator, so the data is a pure function of the seed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Weighted<T> = ReadonlyArray<readonly [T, number]>;

function chooser<T>(table: Weighted<T>): (r: number) => T {
  const total = table.reduce((s, [, w]) => s + w, 0);
  const cumulative = table.map(([value], i) => [value, table.slice(0, i + 1).reduce((s, [, x]) => s + x, 0) / total] as const);
  return (r) => cumulative.find(([, upto]) => r < upto)?.[0] ?? table[table.length - 1][0];
}

const pregnancyType = chooser<number>([[1, 85], [2, 1.5], [3, 9], [4, 3], [5, 1.5]]);
const vaginalManner = chooser<number>([[2, 90], [3, 2.5], [4, 0.7], [5, 0.8], [6, 3], [7, 0.3], [8, 0.1], [9, 0.1], [10, 2], [11, 0.2], [12, 0.3]]);
const csIndication = chooser<number>([
  [107, 30], [101, 14], [104, 12], [102, 8], [105, 7], [103, 4], [113, 4], [114, 4], [109, 2.5], [110, 2], [106, 1.5],
  [112, 1], [108, 1.5], [115, 1.5], [111, 0.6], [116, 0.5], [117, 0.6], [118, 0.4], [119, 0.8], [120, 0.3], [121, 1], [122, 0.4], [123, 1], [999999, 0.9],
]);
const directType = chooser<number>([[11, 32], [12, 27], [13, 14], [14, 6], [15, 3], [16, 18]]);
const indirectType = chooser<number>([[21, 30], [22, 25], [23, 8], [24, 10], [25, 8], [26, 9], [27, 5], [28, 5]]);
const antecedent = chooser<number>([[1, 70], [2, 25], [3, 5]]);
const timing = chooser<number>([[1, 20], [2, 15], [3, 50], [4, 15]]);
const infantStatus = chooser<number>([[1, 985], [2, 4], [3, 1], [4, 6], [5, 3], [6, 1]]);
const state = chooser<'closed' | 'open' | 'archived'>([['closed', 92], ['open', 5], ['archived', 3]]);

/** Completed weeks of gestation at delivery, term-heavy. */
function deliveryWeeks(r: () => number): number {
  const x = r();
  if (x < 0.02) return 22 + Math.floor(r() * 6);
  if (x < 0.06) return 28 + Math.floor(r() * 5);
  if (x < 0.14) return 33 + Math.floor(r() * 4);
  if (x < 0.99) return 37 + Math.floor(r() * 5);
  return 42 + Math.floor(r() * 2);
}

function maternalAge(r: () => number): number {
  // A skewed normal around 27: teenage and 35+ pregnancies present in realistic shares.
  const z = Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
  return Math.max(14, Math.min(49, Math.round(27 + 6 * z)));
}

function infant(r: () => number, weeks: number): Infant {
  const status = infantStatus(r());
  const weight = Math.max(450, Math.round(3100 - (40 - weeks) * 180 + (r() - 0.5) * 900));
  const dead = status >= 2;
  return {
    status, anomalies: r() < 0.02, anomalyOthers: null, pediatricAge: weeks, pediatricWeight: weight,
    pediatricHeight: Math.round(30 + weight / 100), apgar1m: dead ? Math.floor(r() * 4) : 7 + Math.floor(r() * 3),
    apgar5m: dead ? Math.floor(r() * 5) : 8 + Math.floor(r() * 2), injury: r() < 0.01 ? 1 + Math.floor(r() * 7) : 8,
    causeofdeath: dead ? 1 + Math.floor(r() * 5) : null, specificcause: dead ? 101 : null,
  };
}

/** Case i of the national year (a pure function of i and the run's seed). */
export function nationalCase(i: number, seed: number, today: number, ids: { caseId: string; patientId: string; caseNum: string }): CaseForm {
  const r = random(seed * 1_000_003 + i);
  const form = emptyCaseForm(ids.patientId, ids.caseNum);
  form._id = ids.caseId;
  const discharge = today - Math.floor(r() * 365) * DAY_MS;
  const stay = 1 + Math.floor(r() * 5);
  form.dischargeDate = new Date(discharge).toISOString().slice(0, 10);
  form.admissionDate = new Date(discharge - stay * DAY_MS).toISOString().slice(0, 10);
  form.age = maternalAge(r);
  form.weight = 50 + Math.round(r() * 30);
  form.height = 148 + Math.round(r() * 20);
  form.MIGSSurgeon = 3;
  form.MIGSAssist = 3;
  const s = state(r());
  form.isClose = s === 'closed';
  form.isArchived = s === 'archived';
  if (r() < 0.8) {
    form.caseFormType = 1;
    form.isPregnancy = true;
    form.pregnancyType = pregnancyType(r());
    form.admissionAOGType = 1;
    if (form.pregnancyType === 1 || form.pregnancyType === 2) {
      const weeks = deliveryWeeks(r);
      form.admissionWeeks = weeks;
      form.isDelivered = r() < 0.96;
      if (form.isDelivered) {
        form.deliveryWeeks = weeks;
        form.deliveryDays = Math.floor(r() * 7);
        form.deliveryDate = new Date(discharge - Math.max(1, stay - 1) * DAY_MS).toISOString().slice(0, 10);
        form.institutionalDelivery = r() < 0.97 ? 1 : 2;
        const twins = form.pregnancyType === 2;
        form.infantsNumber = twins ? 2 : 1;
        const caesarean = r() < (twins ? 0.6 : 0.3);
        form.deliveryManner = caesarean ? (r() < 0.005 ? 16 : 1) : vaginalManner(r());
        if (caesarean) {
          form.primaryRepeat = r() < 0.6 ? 1 : 2;
          form.incision = r() < 0.97 ? 1 : 2;
          form.deliveryIndication = [...new Set([csIndication(r()), ...(r() < 0.25 ? [csIndication(r())] : [])])];
        } else if (form.deliveryManner === 5 || form.deliveryManner === 6) {
          form.deliveryIndication = [form.deliveryManner === 5 ? 501 : 601];
        }
        if (twins && !caesarean && r() < 0.1) {
          form.deliveryManner2 = 1;
          form.primaryRepeat2 = 1;
          form.incision2 = 1;
          form.deliveryIndication2 = [r() < 0.5 ? 112 : 104];
        }
        form.neonatal = Array.from({ length: form.infantsNumber }, () => infant(r, weeks));
      }
    } else {
      form.admissionWeeks = form.pregnancyType === 5 ? 10 + Math.floor(r() * 10) : 5 + Math.floor(r() * 15);
    }
  } else {
    form.caseFormType = 2;
    form.isGyne = true;
    form.gyneOrgan = 1 + Math.floor(r() * 8);
    form.organCondition = r() < 0.75 ? 1 : r() < 0.8 ? 2 : 3;
    if (r() < 0.03) {
      form.gtdDiagnosis = 1 + Math.floor(r() * 4);
      form.gtdComplication = 1 + Math.floor(r() * 8);
    }
  }
  // Maternal outcome: about 120 deaths in 100,000 OB cases; gyne cases rarely die.
  const deathChance = form.isPregnancy ? 0.0012 : 0.0003;
  const x = r();
  form.motherCondition = x < deathChance ? 3 : x < 0.015 ? 2 : 1;
  if (form.motherCondition === 3) {
    form.antecedent = form.isPregnancy ? antecedent(r()) : 3;
    form.antecedentType = form.antecedent === 1 ? directType(r()) : form.antecedent === 2 ? indirectType(r()) : 31 + Math.floor(r() * 3);
    form.antecedentCause = form.antecedentType * 100 + 1;
    form.immediateCause = 1 + Math.floor(r() * 8);
    form.deathTiming = form.isPregnancy ? timing(r()) : 5;
    form.deathReviewed = r() < 0.9;
  }
  return form;
}

const snake = (name: string) => name.replace(/([A-Z])/g, (c) => `_${c.toLowerCase()}`);

/** The PostgreSQL type of each projected column, for unnest(). */
const FACT_TYPES: Record<string, string> = {
  caseId: 'uuid', derivation: 'int2', isObstetric: 'bool', counted: 'bool', isClose: 'bool', isArchived: 'bool', countingDate: 'date', admissionDate: 'date', dischargeDate: 'date',
  deliveryDate: 'date', caseFormType: 'int2', isPregnancy: 'bool', isGyne: 'bool', isDelivered: 'bool', age: 'int2', ageSegment: 'text',
  aogWeeks: 'int2', aogSegment: 'text', pregnancyType: 'int2', pregnancyTypeSegment: 'text', deliveryManner: 'int2', deliveryManner2: 'int2',
  deliveryMannerSegment: 'text', deliveryManner2Segment: 'text', isCaesarean: 'bool', motherCondition: 'int2', motherConditionSegment: 'text',
  isMaternalDeath: 'bool', antecedent: 'int2', antecedentType: 'int2', antecedentCause: 'int4', immediateCause: 'int2', directDeathSegment: 'text',
  deathTiming: 'int2', deathTimingSegment: 'text', gyneOrgan: 'int4', organCondition: 'int2', gtdDiagnosis: 'int4', gtdComplication: 'int2',
  infantsNumber: 'int2', livebirthCount: 'int2', infantDeathCount: 'int2', previousCaesareans: 'int2', laborOnset: 'int2',
  fetalPresentation: 'int2', robsonSegment: 'text', icdMmSegment: 'text',
};
const INFANT_TYPES: Record<string, string> = {
  caseId: 'uuid', position: 'int2', status: 'int2', isLivebirth: 'bool', isMortality: 'bool', weight: 'int4', pediatricAge: 'int2',
  apgar1m: 'int2', apgar5m: 'int2', anomalies: 'bool', injury: 'int2', causeOfDeath: 'int2', isLiveBorn: 'bool', isStillbirth: 'bool',
  isEarlyNeonatalDeath: 'bool', isNeonatalDeath: 'bool', gestationMin: 'int2', gestationMax: 'int2',
};
const INDICATION_TYPES: Record<string, string> = { caseId: 'uuid', twin: 'int2', manner: 'int2', indicationId: 'int4', isCaesarean: 'bool', segment: 'text' };

/** What the generator needs of a connection: pg's Client and PGlite both answer it. */
export interface SqlClient {
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

/** INSERT INTO table (cols) SELECT * FROM unnest($1::t[], ...): one statement for many rows. */
async function insertRows(client: SqlClient, table: string, types: Record<string, string>, rows: ReadonlyArray<Record<string, unknown>>): Promise<void> {
  if (rows.length === 0) return;
  const fields = Object.keys(types);
  const columns = fields.map((f) => `"${snake(f)}"`).join(', ');
  const params = fields.map((f, i) => `$${i + 1}::${types[f]}[]`).join(', ');
  const values = fields.map((f) => rows.map((row) => row[f] ?? null));
  const started = Date.now();
  await client.query(`INSERT INTO ${table} (${columns}) SELECT * FROM unnest(${params})`, values);
  if (process.env.GENERATE_TIMINGS) console.info(`  ${table}: ${rows.length} rows in ${Date.now() - started} ms`);
}

const CASE_COLUMN_FIELDS = new Set([
  '_id', 'patientid', 'caseNum', 'caseFormType', 'isPregnancy', 'isGyne', 'isClose', 'isArchived', 'submissionId', 'admissionDate',
  'dischargeDate', 'deliveryDate', 'age', 'pregnancyType', 'deliveryManner', 'motherCondition', 'version', 'createdAt', 'updatedAt',
]);

/** The JSONB document of a form, without the columns and without empty answers (the reader fills them back in). */
function compactDocument(form: CaseForm): string {
  const document: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(form)) {
    if (CASE_COLUMN_FIELDS.has(field) || value === null || value === undefined || value === false) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    document[field] = value;
  }
  return JSON.stringify(document);
}

function uuidOf(seed: number, kind: number, i: number): string {
  const hex = (n: number, width: number) => (n >>> 0).toString(16).padStart(width, '0').slice(-width);
  return `${hex(seed, 8)}-${hex(kind, 4)}-4${hex(i >>> 16, 3)}-8${hex(i >>> 4, 3)}-${hex(i, 12)}`;
}

export interface NationalOptions {
  /** PostgreSQL, or `pglite:<folder>` for the embedded database's folder (DATA_DIR/pglite). */
  url: string;
  cases: number;
  reset: boolean;
  migrate: boolean;
  seed?: number;
  log?: (line: string) => void;
}

/** Opens PostgreSQL or a PGlite folder (with the extensions the services load), migrated when asked. */
async function open(url: string, migrateFirst: boolean): Promise<{ client: SqlClient; close: () => Promise<void> }> {
  if (url.startsWith('pglite:')) {
    const require = createRequire(join(root, 'services', 'package.json'));
    const load = async <T>(specifier: string) => (await import(pathToFileURL(require.resolve(specifier)).href)) as T;
    const { PGlite } = await load<{ PGlite: { create(dir: string, o: object): Promise<SqlClient & { close(): Promise<void> }> } }>('@electric-sql/pglite');
    const { pg_trgm } = await load<{ pg_trgm: unknown }>('@electric-sql/pglite/contrib/pg_trgm');
    const db = await PGlite.create(url.slice('pglite:'.length), { extensions: { pg_trgm } });
    if (migrateFirst) {
      const { drizzle } = await load<{ drizzle: (o: { client: unknown }) => unknown }>('drizzle-orm/pglite');
      const { migrate: run } = await load<{ migrate: (db: unknown, o: { migrationsFolder: string }) => Promise<void> }>('drizzle-orm/pglite/migrator');
      await run(drizzle({ client: db }), { migrationsFolder: join(root, 'services', 'drizzle') });
    }
    return { client: db, close: () => db.close() };
  }
  if (migrateFirst) await migrate(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return { client: client as unknown as SqlClient, close: () => client.end() };
}

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

export async function generateNational(options: NationalOptions): Promise<void> {
  const log = options.log ?? ((line: string) => console.info(line));
  const seed = options.seed ?? 2026;
  const { client, close } = await open(options.url, options.migrate);
  const started = Date.now();
  try {
    if (options.reset) await client.query('TRUNCATE patient_cases, patients, case_facts_rollup CASCADE');
    const rollup = new Map<string, RollupKey & { n: number }>();
    const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM patient_cases WHERE case_num LIKE 'NAT-%'`);
    const existing = Number(rows[0].n);
    const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
    const batch = 10_000;
    for (let from = existing; from < options.cases; from += batch) {
      const to = Math.min(options.cases, from + batch);
      const patients: Array<Record<string, unknown>> = [];
      const cases: Array<Record<string, unknown>> = [];
      const facts: Array<Record<string, unknown>> = [];
      const infants: Array<Record<string, unknown>> = [];
      const indications: Array<Record<string, unknown>> = [];
      for (let i = from; i < to; i += 1) {
        const ids = { caseId: uuidOf(seed, 1, i), patientId: uuidOf(seed, 2, i), caseNum: `NAT-${seed}-${i}` };
        const form = nationalCase(i, seed, today, ids);
        const birthYear = new Date(form.admissionDate!).getUTCFullYear() - (form.age ?? 27) - 1;
        patients.push({ id: ids.patientId, firstName: 'National', lastName: `Case ${i}`, birthDate: `${birthYear}-01-01` });
        cases.push({
          id: ids.caseId, patientId: ids.patientId, caseNum: ids.caseNum, caseFormType: form.caseFormType, isPregnancy: form.isPregnancy,
          isGyne: form.isGyne, isClose: form.isClose, isArchived: form.isArchived, admissionDate: form.admissionDate,
          dischargeDate: form.dischargeDate, deliveryDate: form.deliveryDate, age: form.age, pregnancyType: form.pregnancyType,
          deliveryManner: form.deliveryManner, motherCondition: form.motherCondition, form: compactDocument(form),
          closedAt: form.isClose ? `${form.dischargeDate}T12:00:00Z` : null,
        });
        const derived = deriveCaseFacts(form);
        for (const key of rollupKeys({ ...derived.facts, indications: derived.indications })) {
          const id = rollupKeyId(key);
          const counter = rollup.get(id);
          if (counter) counter.n += 1;
          else rollup.set(id, { ...key, n: 1 });
        }
        facts.push(derived.facts as unknown as Record<string, unknown>);
        infants.push(...(derived.infants as unknown as Array<Record<string, unknown>>));
        indications.push(...(derived.indications as unknown as Array<Record<string, unknown>>));
      }
      await client.query('BEGIN');
      await insertRows(client, 'patients', { id: 'uuid', firstName: 'text', lastName: 'text', birthDate: 'date' }, patients);
      await insertRows(client, 'patient_cases', {
        id: 'uuid', patientId: 'uuid', caseNum: 'text', caseFormType: 'int2', isPregnancy: 'bool', isGyne: 'bool', isClose: 'bool',
        isArchived: 'bool', admissionDate: 'date', dischargeDate: 'date', deliveryDate: 'date', age: 'int2', pregnancyType: 'int2',
        deliveryManner: 'int2', motherCondition: 'int2', form: 'jsonb', closedAt: 'timestamptz',
      }, cases);
      await insertRows(client, 'case_facts', FACT_TYPES, facts);
      await insertRows(client, 'case_infants', INFANT_TYPES, infants);
      await insertRows(client, 'case_indications', INDICATION_TYPES, indications);
      await client.query('COMMIT');
      if (to % 100_000 === 0 || to === options.cases) {
        log(`cases ${to.toLocaleString('en')} of ${options.cases.toLocaleString('en')} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
      }
    }
    // The reports' daily rollup, as the case writer keeps it (added to what is there).
    const counters = [...rollup.values()];
    for (let i = 0; i < counters.length; i += 20_000) {
      const chunk = counters.slice(i, i + 20_000);
      await client.query(
        `INSERT INTO case_facts_rollup (day, dim_a, seg_a, dim_b, seg_b, n)
         SELECT * FROM unnest($1::date[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int4[])
         ON CONFLICT (dim_a, dim_b, day, seg_a, seg_b) DO UPDATE SET n = case_facts_rollup.n + excluded.n`,
        [chunk.map((c) => c.day), chunk.map((c) => c.dimA), chunk.map((c) => c.segA), chunk.map((c) => c.dimB), chunk.map((c) => c.segB), chunk.map((c) => c.n)],
      );
    }
    log(`rollup: ${counters.length.toLocaleString('en')} daily counters`);
    for (const table of ['patients', 'patient_cases', 'case_facts', 'case_infants', 'case_indications', 'case_facts_rollup']) {
      await client.query(`VACUUM ANALYZE ${table}`);
    }
    log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await close();
  }
}

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1] && process.argv.includes('--facts')) {
  await nationalFactsMain();
} else if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const pglite = argument('pglite');
  const url = pglite ? `pglite:${pglite}` : (argument('url') ?? process.env.BENCH_DATABASE_URL);
  if (!url) {
    console.error('usage: generate-national.ts (--url postgres://user@host/db | --pglite DATA_DIR/pglite) [--cases 1000000] [--reset] [--no-migrate]');
    process.exit(2);
  }
  await generateNational({
    url,
    cases: Number(argument('cases') ?? 1_000_000),
    reset: process.argv.includes('--reset'),
    migrate: !process.argv.includes('--no-migrate'),
  });
}
