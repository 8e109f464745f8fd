// The bare baseline: the fastest honest server this stack (Node.js, Fastify, pg, PostgreSQL with the
// project's schema and indexes) can be for the same answers, written by hand, to measure the API
// against the limit rather than against a second copy of itself.
//
// - The token is verified once (fast-jwt, HS256, `exp` required) and remembered by its text until it
//   expires: a later request with the same token costs one Map lookup and a clock read.
// - Every statement is a named prepared statement (planned once per connection), and each answer is
//   the fewest round trips the schema allows, on the project's own indexes (migrations 0006, 0009,
//   0011): a patient with her flags from patient_case_stats in one statement; a page's 100 ids from
//   the name-order index then those rows (a deferred join) beside the counter; a search's typed words
//   from the word dictionary, then the range of the one word (its count kept in the dictionary) or of
//   the pairs of two words, the page and its count in one statement; past the pairs ("ma de"), each
//   word's name words' ranges merged in list order and joined on the list's key, the page and its
//   count read only as far as they reach.
// - The rows come out of PostgreSQL with the answer's keys in the answer's order (column aliases), so
//   the answer is JSON.stringify of what pg gives, with no mapping; only the case form, a hundred
//   fields of which most live in a JSONB document, is laid over the libs' empty form as the API does.
// - Nothing else: no session check (the session check figure answers its user from memory, as the
//   services do from their session cache), no permissions, no validation, no rate limit, no audit
//   row, no security headers.
// - With `auditReads` (the audited baseline, a second process), one thing more: each patient-data
//   read stores its audit row and the rows are chained, as cheaply as the schema allows
//   (bench/baseline-audit.ts). It is the limit for the job the API does, which keeps that row.
//
// run.ts checks that each of these answers is, byte for byte, the API's answer for the same request,
// and fails the bench when one is not. The case save and the sign-in are not written by hand: their
// figures replay the statements the services ran (captured from the pg driver by sql-capture.mjs),
// which is the same SQL by construction.
import bcrypt from 'bcryptjs';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { createSigner, createVerifier } from 'fast-jwt';
import pg from 'pg';
import { type CaseForm, type SessionUser, WORKLIST_COUNT_CAP, emptyCaseForm } from '@pnss/libs/api';
import { type ReadRow, ReadAuditStore, readRow } from './baseline-audit.js';

export interface CapturedStatement {
  name: string;
  /** Which pool client ran it in the services. */
  client: number;
  text: string;
  values: unknown[];
  /** How many of this capture's statements had finished when it started. */
  after: number;
}

export interface BaselineFigure {
  statements: CapturedStatement[];
  /** Values of the captured request that the caller's request replaces (ids and versions of a save). */
  substitute?: Record<string, string | number>;
}

export interface BaselineOptions {
  port: number;
  databaseUrl: string;
  jwtSecret: string;
  /** The replayed figures (the case save, the sign-in, the Data Quality view), by name, served at /b/<name>. */
  figures: Record<string, BaselineFigure>;
  /** The session check's answer: the signed-in user as the services answer it (their session cache's stand-in). */
  sessionAnswer?: string;
  /**
   * The audited baseline: every patient-data read also stores its audit row, as cheaply as this schema
   * allows, before its answer leaves, and the rows are chained (bench/baseline-audit.ts).
   */
  auditReads?: boolean;
}

/** Replaces every captured value named in `from` by the value of the same key in `to`. */
function substitute(values: unknown[], from: Record<string, string | number> | undefined, to: Record<string, unknown>): unknown[] {
  if (!from) return values;
  return values.map((value) => {
    let next = value;
    for (const [key, old] of Object.entries(from)) {
      const now = to[key];
      if (now === undefined) continue;
      if (typeof old === 'number' && next === old) next = now;
      else if (typeof old === 'string' && typeof next === 'string' && next.includes(old)) next = next.split(old).join(String(now));
    }
    return next;
  });
}

/**
 * Runs captured statements as the services ran them: a transaction (BEGIN ... COMMIT or ROLLBACK)
 * holds one pooled connection from its BEGIN to its end; every other statement takes a connection
 * for itself alone (pool.query), as drizzle does outside a transaction.
 */
export async function replay(pool: pg.Pool, statements: CapturedStatement[], values: (v: unknown[]) => unknown[]): Promise<unknown[][]> {
  const transactions = new Map<number, pg.PoolClient>();
  const results: unknown[][] = [];
  let done = 0;
  let failed: unknown = null;
  const waiting: Array<() => void> = [];
  const finished = () => {
    done += 1;
    for (const wake of waiting.splice(0)) wake();
  };
  const until = async (n: number) => {
    while (done < n && failed === null) await new Promise<void>((r) => waiting.push(r));
  };
  try {
    await Promise.all(
      statements.map(async (statement, index) => {
        await until(statement.after);
        if (failed !== null) return;
        try {
          let client = transactions.get(statement.client);
          if (!client && /^\s*begin\b/i.test(statement.text)) {
            client = await pool.connect();
            transactions.set(statement.client, client);
          }
          const result = client ? await client.query(statement.text, values(statement.values)) : await pool.query(statement.text, values(statement.values));
          results[index] = result.rows;
          if (client && /^\s*(commit|rollback)\b/i.test(statement.text)) {
            transactions.delete(statement.client);
            client.release();
          }
        } catch (error) {
          failed = error;
          for (const wake of waiting.splice(0)) wake();
          throw error;
        }
        finished();
      }),
    );
  } finally {
    for (const client of transactions.values()) client.release(true);
  }
  return results;
}

// ---------------------------------------------------------------------------------------------
// The statements, written for these answers.

const PAGE_SIZE = 100;
/** As the services: a typed word inside more name words than this is not searched through the terms. */
const MAX_TERM_WORDS = 64;
/** As the services: a search counts up to this many, and says there are more past it (countCapped). */
const COUNT_CAP = 1000;

/** A list item of the patients list, keys in the answer's order. */
const PATIENT_ITEM = `p.id AS "_id", p.id AS patientid, p.first_name AS "firstName", p.middle_name AS "middleName",
  p.last_name AS "lastName", NULL AS avatar, p.birth_date::text AS "birthDate",
  coalesce(s.open_cases, 0) > 0 AS "hasOpenCase", coalesce(s.admitted_cases, 0) > 0 AS "isAdmitted"`;
const NAME_ORDER = 'lower(p.last_name), lower(p.first_name), p.id';

const READY_CONDITIONS = `AND NOT EXISTS (SELECT 1 FROM census_package_cases pc WHERE pc.case_id = r.id)
      AND NOT EXISTS (SELECT 1 FROM field_queries q WHERE q.case_id = r.id AND q.status <> 'closed')
      AND NOT EXISTS (SELECT 1 FROM case_approvals a WHERE a.case_id = r.id AND a.case_version = r.version)`;

const STATEMENTS = {
  patient: `SELECT p.id AS "_id", p.id AS patientid, p.first_name AS "firstName", p.middle_name AS "middleName",
      p.last_name AS "lastName", p.avatar, p.birth_date::text AS "birthDate", p.pediatric_confirmed AS "pediatricConfirmed",
      p.medical_history AS "medicalHistory", p.obstetric_history AS "obstetricHistory",
      coalesce(s.open_cases, 0) > 0 AS "hasOpenCase", coalesce(s.admitted_cases, 0) > 0 AS "isAdmitted", p.version
    FROM patients p LEFT JOIN patient_case_stats s ON s.patient_id = p.id WHERE p.id = $1`,
  patientsPage: `SELECT ${PATIENT_ITEM}
    FROM (SELECT id FROM patients ORDER BY lower(last_name), lower(first_name), id LIMIT $1 OFFSET $2) page
    JOIN patients p ON p.id = page.id LEFT JOIN patient_case_stats s ON s.patient_id = p.id
    ORDER BY ${NAME_ORDER}`,
  counter: `SELECT value::int AS n FROM list_counters WHERE name = $1`,
  counters: `SELECT name, value::int AS n FROM list_counters WHERE name = ANY($1::text[])`,
  casesPage: `SELECT c.id AS "_id", c.case_num AS "caseNum", c.patient_id AS patientid, c.case_form_type AS "caseFormType",
      c.is_pregnancy AS "isPregnancy", c.is_gyne AS "isGyne", c.is_close AS "isClose", c.is_archived AS "isArchived",
      c.submission_id AS "submissionId", c.admission_date::text AS "admissionDate", c.discharge_date::text AS "dischargeDate",
      c.age, p.birth_date::text AS "birthDate", p.first_name AS "firstName", p.middle_name AS "middleName",
      p.last_name AS "lastName", c.version, c.updated_at AS "updatedAt"
    FROM (SELECT id, created_at FROM patient_cases WHERE NOT is_archived ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2) page
    JOIN patient_cases c ON c.id = page.id JOIN patients p ON p.id = c.patient_id
    ORDER BY page.created_at DESC, page.id DESC`,
  // Issue 31's biggest worklist, 'ready to approve', by hand: the department's closed, unarchived cases
  // in no package (not even one being built), with no query left open, not approved at their version.
  readyPage: `SELECT c.id AS "_id", c.case_num AS "caseNum", c.patient_id AS patientid, c.case_form_type AS "caseFormType",
      c.is_pregnancy AS "isPregnancy", c.is_gyne AS "isGyne", c.is_close AS "isClose", c.is_archived AS "isArchived",
      c.submission_id AS "submissionId", c.admission_date::text AS "admissionDate", c.discharge_date::text AS "dischargeDate",
      c.age, p.birth_date::text AS "birthDate", p.first_name AS "firstName", p.middle_name AS "middleName",
      p.last_name AS "lastName", c.version, c.updated_at AS "updatedAt", page.created_at AS "openedAt"
    FROM (SELECT r.id, r.created_at FROM patient_cases r
      WHERE r.is_close AND NOT r.is_archived AND r.submission_id IS NULL ${READY_CONDITIONS}
      ORDER BY r.created_at DESC, r.id DESC LIMIT $1 OFFSET $2) page
    JOIN patient_cases c ON c.id = page.id JOIN patients p ON p.id = c.patient_id
    ORDER BY page.created_at DESC, page.id DESC`,
  // Counted one past the cap, as the services count a worklist (WORKLIST_COUNT_CAP).
  readyCount: `SELECT count(*)::int AS n FROM (SELECT 1 FROM patient_cases r
    WHERE r.is_close AND NOT r.is_archived AND r.submission_id IS NULL ${READY_CONDITIONS} LIMIT $1) reach`,
  caseForm: `SELECT id, patient_id, case_num, case_form_type, is_pregnancy, is_gyne, is_close, is_archived, submission_id,
      admission_date::text, discharge_date::text, delivery_date::text, age, pregnancy_type, delivery_manner, mother_condition,
      form, version, created_at, updated_at
    FROM patient_cases WHERE id = $1 AND patient_id = $2`,
  // Each typed word's name words (at most MAX_TERM_WORDS + 1), as the services find them, and whether
  // some name has no pair terms (more than 12 words: migration 0011).
  typedWords1: `SELECT 1 AS position, w.word, w.patients FROM (
      SELECT word, patients FROM patient_name_words WHERE word LIKE lower($1) AND patients > 0 ORDER BY word LIMIT ${MAX_TERM_WORDS + 1}) w
    ORDER BY w.word`,
  typedWords2: `SELECT typed.position, w.word, w.patients,
      EXISTS (SELECT 1 FROM patient_name_terms WHERE word = '' LIMIT 1) AS pairless
    FROM (VALUES (1, $1::text), (2, $2::text)) AS typed(position, pattern)
    CROSS JOIN LATERAL (SELECT word, patients FROM patient_name_words
      WHERE word LIKE lower(typed.pattern) AND patients > 0 ORDER BY word LIMIT ${MAX_TERM_WORDS + 1}) w
    ORDER BY typed.position, w.word`,
  // One term's page: a range of patient_name_terms, in list order, then those rows.
  termPage: `SELECT ${PATIENT_ITEM}
    FROM (SELECT patient_id FROM patient_name_terms WHERE word = $1 ORDER BY last_key, first_key, patient_id LIMIT $2 OFFSET $3) page
    JOIN patients p ON p.id = page.patient_id LEFT JOIN patient_case_stats s ON s.patient_id = p.id
    ORDER BY ${NAME_ORDER}`,
  // One pair term's page (two typed words that name one pair), with the count of its range, read as far
  // as the cap, on every row (a pair has no kept count, as a word has in the dictionary).
  pairPage: `SELECT ${PATIENT_ITEM}, (SELECT count(*) FROM (SELECT 1 FROM patient_name_terms WHERE word = $1 LIMIT ${COUNT_CAP + 1}) range)::int AS total
    FROM (SELECT patient_id FROM patient_name_terms WHERE word = $1 ORDER BY last_key, first_key, patient_id LIMIT $2 OFFSET $3) page
    JOIN patients p ON p.id = page.patient_id LEFT JOIN patient_case_stats s ON s.patient_id = p.id
    ORDER BY ${NAME_ORDER}`,
  // Several terms' page (each range read as far as the page reaches, merged, a patient once), with
  // the count of their union on the first row.
  termsPage: `SELECT ${PATIENT_ITEM}, (SELECT count(*) FROM (SELECT DISTINCT r.patient_id FROM unnest($1::text[]) AS term(word)
        CROSS JOIN LATERAL (SELECT patient_id FROM patient_name_terms t WHERE t.word = term.word LIMIT ${COUNT_CAP + 1}) r) reached)::int AS total
    FROM (SELECT r.patient_id, r.last_key, r.first_key FROM unnest($1::text[]) AS term(word)
      CROSS JOIN LATERAL (SELECT last_key, first_key, patient_id FROM patient_name_terms t WHERE t.word = term.word
        ORDER BY last_key, first_key, patient_id LIMIT $2) r
      GROUP BY r.last_key, r.first_key, r.patient_id ORDER BY r.last_key, r.first_key, r.patient_id LIMIT $3 OFFSET $4) page
    JOIN patients p ON p.id = page.patient_id LEFT JOIN patient_case_stats s ON s.patient_id = p.id
    ORDER BY ${NAME_ORDER}`,
  // The same page without its count: one of the terms alone has more patients than the cap.
  termsPageUncounted: `SELECT ${PATIENT_ITEM}
    FROM (SELECT r.patient_id, r.last_key, r.first_key FROM unnest($1::text[]) AS term(word)
      CROSS JOIN LATERAL (SELECT last_key, first_key, patient_id FROM patient_name_terms t WHERE t.word = term.word
        ORDER BY last_key, first_key, patient_id LIMIT $2) r
      GROUP BY r.last_key, r.first_key, r.patient_id ORDER BY r.last_key, r.first_key, r.patient_id LIMIT $3 OFFSET $4) page
    JOIN patients p ON p.id = page.patient_id LEFT JOIN patient_case_stats s ON s.patient_id = p.id
    ORDER BY ${NAME_ORDER}`,
} as const;

type StatementName = keyof typeof STATEMENTS;

/** As the services: a term no name has (a pair is two words around one space), filling a stream's branches. */
const NO_TERM = ' ';

/** As the services: a typed word's stream has the next power of two of branches, its name words then NO_TERM. */
function streamBranches(n: number): number {
  return 2 ** Math.ceil(Math.log2(Math.max(n, 1)));
}

/**
 * A two-word search past the pairs (too many of them, a name word holding both typed words, or a name
 * without pairs): each typed word's name words' ranges of patient_name_terms merged in the list's
 * order (one branch each, $1.. for the first word, then the second's), joined on the list's key, a
 * patient once, read once as far as the page ($n+1: skip + limit) or the cap reaches, whichever is
 * further, and counted there; the page ($n+2, $n+3) then those rows, with the count on each row.
 */
function pairedWordsStatement(firsts: number, seconds: number): string {
  const stream = (from: number, count: number) =>
    Array.from({ length: count }, (_, i) =>
      `(SELECT last_key, first_key, patient_id FROM patient_name_terms WHERE word = $${from + i} ORDER BY last_key, first_key, patient_id)`).join(' UNION ALL ');
  const matches = (reach: string) => `SELECT DISTINCT a.last_key, a.first_key, a.patient_id
    FROM (${stream(1, firsts)}) a JOIN (${stream(1 + firsts, seconds)}) b
      ON b.last_key = a.last_key AND b.first_key = a.first_key AND b.patient_id = a.patient_id
    ORDER BY a.last_key, a.first_key, a.patient_id LIMIT ${reach}`;
  const n = firsts + seconds;
  // The matches read once, as far as the page or the count's cap reaches, counted by a window before the page's LIMIT.
  return `SELECT ${PATIENT_ITEM}, page.total::int AS total
    FROM (SELECT patient_id, last_key, first_key, count(*) OVER () AS total FROM (${matches(`greatest($${n + 1}::int, ${COUNT_CAP + 1})`)}) m
      ORDER BY last_key, first_key, patient_id LIMIT $${n + 2} OFFSET $${n + 3}) page
    JOIN patients p ON p.id = page.patient_id LEFT JOIN patient_case_stats s ON s.patient_id = p.id
    ORDER BY ${NAME_ORDER}`;
}

function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** UTF-8 byte order, as PostgreSQL's "C" collation orders the pair terms. */
function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The page number of `page` (or `offset`), as the services read it: 0 when absent. */
function pageOf(query: Record<string, string | undefined>): number {
  const raw = query.page ?? query.offset;
  const page = raw === undefined ? 0 : Number(raw);
  return Number.isInteger(page) && page >= 0 ? page : 0;
}

class Unsupported extends Error {}

/** The case-form fields its JSONB document holds: all but those in columns of their own (as the services store them). */
const IN_COLUMNS = new Set([
  '_id', 'patientid', 'caseNum', 'caseFormType', 'isPregnancy', 'isGyne', 'isClose', 'isArchived', 'submissionId',
  'admissionDate', 'dischargeDate', 'deliveryDate', 'age', 'pregnancyType', 'deliveryManner', 'motherCondition',
  'version', 'createdAt', 'updatedAt',
]);
const FORM_FIELDS = new Set(Object.keys(emptyCaseForm('')).filter((field) => !IN_COLUMNS.has(field)).concat('gyneForm'));

export async function startBaseline(options: BaselineOptions): Promise<() => Promise<void>> {
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
  const audit = options.auditReads ? new ReadAuditStore(pool) : null;
  const reader = ((): { id: string | null; username: string | null } => {
    const user = options.sessionAnswer ? (JSON.parse(options.sessionAnswer) as Partial<SessionUser>) : {};
    return { id: user._id ?? null, username: user.username ?? null };
  })();
  /** The audited read under way on a request (the audited baseline only). */
  const reads = new WeakMap<FastifyRequest, { row: ReadRow; alone: boolean }>();
  /** A statement's rows; a patient-data read's (`request` given) with its audit row stored, in the audited baseline. */
  const query = async <R extends pg.QueryResultRow>(name: string, text: string, values: unknown[], request?: FastifyRequest): Promise<R[]> => {
    const read = request && audit ? reads.get(request) : undefined;
    if (!read || !audit) return (await pool.query<R>({ name, text, values })).rows;
    reads.delete(request as FastifyRequest);
    return audit.rows<R>(name, text, values, read.row, read.alone);
  };
  const run = <R extends pg.QueryResultRow>(name: StatementName, values: unknown[], request?: FastifyRequest): Promise<R[]> =>
    query<R>(`b_${name}`, STATEMENTS[name], values, request);

  const verify = createVerifier({ key: options.jwtSecret, algorithms: ['HS256'], requiredClaims: ['exp'] });
  const sign = createSigner({ key: options.jwtSecret, algorithm: 'HS256' });
  /** A token verified once, remembered until its `exp` (seconds). */
  const verified = new Map<string, number>();
  const app = Fastify({ logger: false });
  const json = (reply: FastifyReply, body: string) => reply.type('application/json; charset=utf-8').send(body);

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.url === '/b/sign_in') return;
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7) : '';
    const exp = verified.get(token);
    if (exp === undefined || exp * 1000 <= Date.now()) {
      try {
        const claims = verify(token) as { exp: number };
        if (verified.size > 10_000) verified.clear();
        verified.set(token, claims.exp);
      } catch {
        verified.delete(token);
        return reply.code(401).send({ statusCode: 401, message: 'Please sign in to continue' });
      }
    }
    if (!audit || request.method !== 'GET') return;
    const row = readRow(request.url, request.query as Record<string, string | undefined>, reader, request.ip);
    if (!row) return;
    const read = audit.begin();
    reads.set(request, { row, alone: read.alone });
    reply.raw.once('close', read.end);
  });

  app.get<{ Params: { id: string } }>('/api/patients/:id', async (request, reply) => {
    const [row] = await run('patient', [request.params.id], request);
    if (!row) return reply.code(404).send({ statusCode: 404 });
    return json(reply, JSON.stringify(row));
  });

  app.get<{ Querystring: Record<string, string | undefined> }>('/api/patients', async (request, reply) => {
    const { search, tag, cases, fromdate, todate } = request.query;
    if ((tag && tag !== 'allPatients') || (cases && cases !== 'all') || fromdate || todate) throw new Unsupported('filters');
    const page = pageOf(request.query);
    const skip = page * PAGE_SIZE;
    const words = (search ?? '').split(/\s+/).filter(Boolean);
    if (words.length === 0) {
      const [items, [count]] = await Promise.all([run('patientsPage', [PAGE_SIZE, skip], request), run<{ n: number }>('counter', ['patients'])]);
      return json(reply, JSON.stringify({ items, count: count.n, offset: page }));
    }
    if (words.length > 2) throw new Unsupported('three words');
    const found = await (words.length === 1
      ? run<{ position: number; word: string; patients: number; pairless?: boolean }>('typedWords1', [containsPattern(words[0])])
      : run<{ position: number; word: string; patients: number; pairless?: boolean }>('typedWords2', words.map(containsPattern)));
    const within = words.map((_, i) => found.filter((r) => r.position === i + 1));
    if (within.some((w) => w.length === 0)) {
      // No name has a typed word: an empty page, whose read is audited all the same.
      await query('b_nothing', 'SELECT NULL::uuid AS "_id" WHERE false', [], request);
      return json(reply, JSON.stringify({ items: [], count: 0, offset: page }));
    }
    if (within.some((w) => w.length > MAX_TERM_WORDS)) throw new Unsupported('a word inside too many name words');
    if (words.length === 1 && within[0].length === 1) {
      const items = await run('termPage', [within[0][0].word, PAGE_SIZE, skip], request);
      return json(reply, JSON.stringify({ items, count: within[0][0].patients, offset: page }));
    }
    let terms: string[];
    if (words.length === 1) terms = within[0].map((w) => w.word);
    else {
      const [first, second] = within;
      const seconds = new Set(second.map((w) => w.word));
      if (first.length * second.length > MAX_TERM_WORDS || first.some((w) => seconds.has(w.word)) || found.some((r) => r.pairless)) {
        const [a, b] = [streamBranches(first.length), streamBranches(second.length)];
        const fill = (ws: typeof first, n: number) => Array.from({ length: n }, (_, i) => ws[i]?.word ?? NO_TERM);
        const rows = await query<{ total: number }>(
          `b_paired_${a}_${b}`,
          pairedWordsStatement(a, b),
          [...fill(first, a), ...fill(second, b), skip + PAGE_SIZE, PAGE_SIZE, skip],
          request,
        );
        if (rows.length === 0) throw new Unsupported('an empty page of two words past the pairs');
        const count = rows[0].total;
        for (const row of rows) delete (row as { total?: number }).total;
        const capped = count > COUNT_CAP;
        return json(reply, JSON.stringify({ items: rows, count: capped ? COUNT_CAP : count, offset: page, ...(capped ? { countCapped: true } : {}) }));
      }
      terms = first.flatMap((a) => second.map((b) => [a.word, b.word].sort(byCodePoint).join(' ')));
    }
    if (words.length === 1 && Math.max(...within[0].map((w) => w.patients)) > COUNT_CAP) {
      const items = await run('termsPageUncounted', [terms, skip + PAGE_SIZE, PAGE_SIZE, skip], request);
      return json(reply, JSON.stringify({ items, count: COUNT_CAP, offset: page, countCapped: true }));
    }
    const rows = await (terms.length === 1
      ? run<{ total: number }>('pairPage', [terms[0], PAGE_SIZE, skip], request)
      : run<{ total: number }>('termsPage', [terms, skip + PAGE_SIZE, PAGE_SIZE, skip], request));
    if (rows.length === 0) throw new Unsupported('an empty page of several terms');
    const count = rows[0].total;
    for (const row of rows) delete (row as { total?: number }).total;
    const capped = count > COUNT_CAP;
    return json(reply, JSON.stringify({ items: rows, count: capped ? COUNT_CAP : count, offset: page, ...(capped ? { countCapped: true } : {}) }));
  });

  app.get<{ Querystring: Record<string, string | undefined> }>('/api/patientcases', async (request, reply) => {
    const { search, tag, cases, fromdate, todate } = request.query;
    if (search || (tag && tag !== 'all' && tag !== 'allPatients') || (cases && cases !== 'all') || fromdate || todate) throw new Unsupported('filters');
    const page = pageOf(request.query);
    const [rows, [count]] = await Promise.all([
      run<{ updatedAt: Date }>('casesPage', [PAGE_SIZE, page * PAGE_SIZE], request),
      run<{ n: number }>('counter', ['cases']),
    ]);
    return json(reply, JSON.stringify({ items: rows, count: count.n, offset: page }));
  });

  app.get<{ Querystring: Record<string, string | undefined> }>('/api/worklists/ready-to-approve', async (request, reply) => {
    if (request.query.search || request.query.fromdate || request.query.todate) throw new Unsupported('filters');
    const page = pageOf(request.query);
    const [rows, [count]] = await Promise.all([
      run('readyPage', [PAGE_SIZE, page * PAGE_SIZE], request),
      run<{ n: number }>('readyCount', [WORKLIST_COUNT_CAP + 1]),
    ]);
    const capped = count.n > WORKLIST_COUNT_CAP;
    return json(reply, JSON.stringify({ items: rows, count: capped ? WORKLIST_COUNT_CAP : count.n, offset: page, ...(capped ? { countCapped: true } : {}) }));
  });

  app.get<{ Params: { patientid: string; caseid: string } }>('/api/patients/:patientid/cases/:caseid', async (request, reply) => {
    const [row] = await run<Record<string, unknown> & { form: Record<string, unknown>; created_at: Date; updated_at: Date }>('caseForm', [
      request.params.caseid,
      request.params.patientid,
    ], request);
    if (!row) return reply.code(404).send({ statusCode: 404 });
    const form = emptyCaseForm(row.patient_id as string, row.case_num as string);
    const target = form as unknown as Record<string, unknown>;
    for (const field of Object.keys(row.form)) if (FORM_FIELDS.has(field)) target[field] = row.form[field];
    Object.assign(target, {
      _id: row.id, patientid: row.patient_id, caseNum: row.case_num, caseFormType: row.case_form_type, isPregnancy: row.is_pregnancy,
      isGyne: row.is_gyne, isClose: row.is_close, isArchived: row.is_archived, submissionId: row.submission_id,
      admissionDate: row.admission_date, dischargeDate: row.discharge_date, deliveryDate: row.delivery_date, age: row.age,
      pregnancyType: row.pregnancy_type, deliveryManner: row.delivery_manner, motherCondition: row.mother_condition,
      version: row.version, createdAt: row.created_at.toISOString(), updatedAt: row.updated_at.toISOString(),
    } satisfies Partial<Record<keyof CaseForm, unknown>>);
    return json(reply, JSON.stringify(form));
  });

  const counter = (path: string, name: string, key: string) =>
    app.get(path, async (_request, reply) => {
      const [row] = await run<{ n: number }>('counter', [name]);
      return json(reply, `{"${key}":${row.n}}`);
    });
  counter('/api/patients/all/count', 'patients', 'numOfPatients');
  counter('/api/patients/admitted/count', 'admitted_patients', 'numOfAdmittedPatients');
  counter('/api/patients/opencase/count', 'open_case_patients', 'numOfPatientWithOpenCase');
  app.get('/api/patients/allcases/count', async (_request, reply) => {
    const rows = await run<{ name: string; n: number }>('counters', [['cases', 'open_cases']]);
    const n = (name: string) => rows.find((r) => r.name === name)?.n ?? 0;
    return json(reply, `{"numOfCases":${n('cases')},"numOfOpenCases":${n('open_cases')}}`);
  });

  // The session check: the user, from memory (the services answer it from their session cache).
  app.post('/api/accounts/auth', async (_request, reply) => json(reply, options.sessionAnswer ?? '{}'));

  // The replayed figures: the case save and the sign-in.
  const handle = async (name: string, body: Record<string, unknown>) => {
    const figure = options.figures[name];
    if (!figure) throw new Error(`no figure ${name}`);
    const rows = await replay(pool, figure.statements, (values) => substitute(values, figure.substitute, body));
    // Sign-in: the same password check (bcrypt, the stored hash's cost) and a signed token.
    const hash = rows.flat().map((row) => (row as { password_hash?: unknown }).password_hash).find((h) => typeof h === 'string');
    if (typeof hash === 'string' && typeof body.password === 'string') {
      if (!(await bcrypt.compare(body.password, hash))) throw new Error('wrong password');
      return { token: sign({ sub: 'bench', exp: Math.floor(Date.now() / 1000) + 3600 }), rows };
    }
    return rows.length === 1 ? rows[0] : { items: rows[0], count: rows[1] };
  };
  app.get('/b/none', async () => ({}));
  app.post<{ Params: { name: string }; Body: Record<string, unknown> }>('/b/:name', async (request) => handle(request.params.name, request.body ?? {}));
  app.setErrorHandler((error, _request, reply) => {
    const status = error instanceof Unsupported ? 501 : 500;
    void reply.code(status).send({ statusCode: status, message: error instanceof Error ? error.message : String(error) });
  });
  await app.listen({ port: options.port, host: '127.0.0.1' });
  return async () => {
    await app.close();
    await audit?.close();
    await pool.end();
  };
}

// Run as its own process by run.ts: argv[2] is a JSON file with the options.
if (process.argv[1]?.endsWith('baseline.ts') && process.argv[2]) {
  const { readFileSync } = await import('node:fs');
  const options = JSON.parse(readFileSync(process.argv[2], 'utf8')) as BaselineOptions;
  const stop = await startBaseline(options);
  // An orderly exit on SIGTERM, so a --cpu-prof profile is written; within 2 s even if a request
  // hangs (the bench waits for this process to go before it ends).
  process.once('SIGTERM', () => {
    setTimeout(() => process.exit(0), 2000).unref();
    void stop().finally(() => process.exit(0));
  });
  process.send?.('ready');
}
