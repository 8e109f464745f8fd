import { Injectable } from '@nestjs/common';
import { type SQL, and, asc, count as count_, eq, gt, ilike, inArray, like, sql } from 'drizzle-orm';
import type { AnyPgColumn, SubqueryWithSelection } from 'drizzle-orm/pg-core';
import { DatabaseService, type Executor, prepared } from '../../database/database.service.js';
import { listCounter, listCounterColumn } from '../../common/queries/list-counters.js';
import { listCounters, patientCaseStats } from '../../database/list-performance.schema.js';
import { patientNameTerms, patientNameWords } from '../../database/name-search.schema.js';
import { patientCases, patients } from '../../database/patients.schema.js';
import { SEARCH_COUNT_CAP } from '@pnss/libs/api';
import type { ReadAudit } from '../audit/read-audit.js';
import { auditedRows } from '../audit/audit.repository.js';
import type { PatientCaseFilter, PatientTag } from './dto/list-query.dto.js';
import {
  ADMITTED_CASE, GYNE_CASE, NOT_ARCHIVED_CASE, OB_CASE, OPEN_CASE, admittedBetween, allOf, containsPattern,
} from '../../common/queries/patient-case.filters.js';

export type PatientRow = typeof patients.$inferSelect;
export type NewPatientRow = typeof patients.$inferInsert;
export type PatientChanges = Partial<
  Pick<PatientRow, 'firstName' | 'middleName' | 'lastName' | 'avatar' | 'birthDate' | 'pediatricConfirmed' | 'medicalHistory' | 'obstetricHistory'>
>;

export interface PatientFlags {
  hasOpenCase: boolean;
  isAdmitted: boolean;
}
/**
 * What a patient's answer shows (Patient: her fields, her version, her flags), and nothing more: the
 * bookkeeping columns (who and when created and updated) made the driver parse two timestamps into
 * dates on every read by id that no answer carries.
 */
const viewColumns = {
  id: patients.id, firstName: patients.firstName, middleName: patients.middleName, lastName: patients.lastName, avatar: patients.avatar,
  birthDate: patients.birthDate, pediatricConfirmed: patients.pediatricConfirmed, medicalHistory: patients.medicalHistory,
  obstetricHistory: patients.obstetricHistory, version: patients.version,
};
export type PatientViewRow = Pick<PatientRow, keyof typeof viewColumns> & PatientFlags;

/**
 * What a list item shows, and nothing more: a page of 100 rows read with the bookkeeping columns too
 * (version, who and when created and updated) made the driver parse 200 timestamps into dates that
 * no answer carries.
 */
const listColumns = {
  id: patients.id, firstName: patients.firstName, middleName: patients.middleName, lastName: patients.lastName, birthDate: patients.birthDate,
};
export type PatientListRow = Pick<PatientRow, keyof typeof listColumns> & PatientFlags;

export interface PatientListFilter {
  search?: string;
  tag?: PatientTag;
  cases?: PatientCaseFilter;
  fromdate?: string;
  todate?: string;
}

/** The search matches every word of the text in the first, middle or last name, whatever the case. */
const MAX_SEARCH_WORDS = 5;

/** A search's count is read this far (SEARCH_COUNT_CAP + 1): one more than the cap says there are more. */
const COUNT_REACH = SEARCH_COUNT_CAP + 1;

/** A page and its count; `capped` when a search matched more than SEARCH_COUNT_CAP (its count is then the cap). */
export interface PatientPageRows {
  rows: PatientListRow[];
  count: number;
  capped?: boolean;
}

/** A count read up to COUNT_REACH, as the answer gives it. */
function cappedCount(n: number): { count: number; capped?: boolean } {
  return n > SEARCH_COUNT_CAP ? { count: SEARCH_COUNT_CAP, capped: true } : { count: n };
}

function caseExists(conditions: SQL[]): SQL {
  return sql`exists (select 1 from ${patientCases} where ${patientCases.patientId} = ${patients.id} and ${allOf(conditions)})`;
}

/** The counter that answers a list's count exactly, when only the tag filters it. */
function counterFor(filter: PatientListFilter): string | null {
  if (filter.search || (filter.cases && filter.cases !== 'all') || filter.fromdate || filter.todate) return null;
  if (filter.tag === 'openCase') return 'open_case_patients';
  if (filter.tag === 'admitted') return 'admitted_patients';
  return 'patients';
}

/**
 * A typed word inside at most this many name words is searched through those words (patient_name_terms
 * for a search of one or two words, patients_name_words_idx otherwise); past it (a letter or two
 * typed), through the trigram index. A two-word search also takes at most this many pairs.
 */
const MAX_TERM_WORDS = 64;

/** Name words, with how many patients have each (patient_name_words). */
type NameWords = ReadonlyArray<{ word: string; patients: number }>;

/** A word of the search, with the name words that contain it; null past MAX_TERM_WORDS. */
interface TypedWord {
  text: string;
  within: NameWords | null;
}

/** Byte order of the UTF-8 text, as PostgreSQL's "C" collation orders it (code point order). */
function byCodePoint(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  for (let i = 0; i < Math.min(x.length, y.length); i += 1) {
    const d = (x[i].codePointAt(0) ?? 0) - (y[i].codePointAt(0) ?? 0);
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

/**
 * The pair terms (migration 0011) of a two-word search: one per name word of the first typed word and
 * name word of the second, written "a b" with a before b in byte order, as pnss_name_terms writes them.
 * Null when a name word contains both typed words (a patient with that one word matches, and has no
 * pair for it) or when there would be more than MAX_TERM_WORDS pairs.
 */
function namePairs(first: NameWords, second: NameWords): string[] | null {
  if (first.length * second.length > MAX_TERM_WORDS) return null;
  const seconds = new Set(second.map((w) => w.word));
  if (first.some((w) => seconds.has(w.word))) return null;
  return first.flatMap((a) => second.map((b) => [a.word, b.word].sort(byCodePoint).join(' ')));
}

function searchWords(search: string | undefined): string[] {
  return (search ?? '').split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
}

/** The list's order, as patients_name_order_idx holds it. */
const NAME_ORDER = [asc(sql`lower(${patients.lastName})`), asc(sql`lower(${patients.firstName})`), asc(patients.id)] as const;

/**
 * Exactly the expression of patients_name_trgm_idx (migration 0006), so the trigram index serves the
 * search: the ' ' separators are SQL literals, never parameters.
 */
const FULL_NAME = sql`(${patients.firstName} || ' ' || coalesce(${patients.middleName}, '') || ' ' || ${patients.lastName})`;

/** Exactly the expression of patients_name_words_idx (migration 0010): the words of the name, as 0009 splits them. */
const NAME_WORDS = sql`pnss_name_words(${patients.firstName}, ${patients.middleName}, ${patients.lastName})`;

/** The name holds one of `words` (a typed word's dictionary words): served by patients_name_words_idx. */
function nameHoldsOneOf(words: ReadonlyArray<{ word: string }>): SQL {
  return sql`${NAME_WORDS} && array[${sql.join(words.map((w) => sql`${w.word}`), sql`, `)}]::text[]`;
}


const ID = sql.placeholder('id');

/** A patient by id: what every case save and case screen reads (a prepared statement, database.service `prepared`). */
function findByIdStatement(on: Executor) {
  return on.select().from(patients).where(eq(patients.id, ID)).limit(1);
}

/** A patient by id with the flags the preview shows. */
function findViewStatement(on: Executor) {
  return on
    .select({ ...viewColumns, ...FLAGS })
    .from(patients)
    .leftJoin(patientCaseStats, eq(patientCaseStats.patientId, patients.id))
    .where(eq(patients.id, ID))
    .limit(1);
}


/**
 * Every typed word's name words, in one statement for `count` typed words: for each (by `position`
 * from 1, in the order typed), the name words that contain it (lowercased, as the words are) and some
 * patient has now, in a fixed order, at most MAX_TERM_WORDS + 1 of them, with how many patients have
 * each; and on every row, whether some name has no pair terms (migration 0011: more than 12 different
 * words), which a two-word search must know before it reads pairs. The typed words are a VALUES list
 * of `count` rows, not an unnested array of unknown length, so PostgreSQL keeps one generic plan after
 * a few runs instead of planning the statement again at every search.
 */
function typedWordsStatement(count: number) {
  return (on: Executor) => {
    const w = patientNameWords;
    const rows = Array.from({ length: count }, (_, i) => sql`(${sql.raw(String(i + 1))}, ${sql.placeholder(`p${i}`)}::text)`);
    const typed = sql`(values ${sql.join(rows, sql`, `)}) as typed(position, pattern)`;
    const found = on
      .select({ word: w.word, patients: w.patients })
      .from(w)
      .where(and(like(w.word, sql`lower(typed.pattern)`), gt(w.patients, 0)))
      .orderBy(w.word)
      .limit(MAX_TERM_WORDS + 1)
      .as('found');
    const pairless = on.select({ one: sql`1` }).from(patientNameTerms).where(eq(patientNameTerms.word, '')).limit(1);
    return on
      .select({ position: sql<number>`typed.position`, word: found.word, patients: found.patients, pairless: sql<boolean>`exists (${pairless})` })
      .from(typed)
      .crossJoinLateral(found)
      .orderBy(sql`typed.position`, found.word);
  };
}

/** The patients of one name word: an index range of patient_name_terms, already in list order. */
const TERMS_ORDER = [asc(patientNameTerms.lastKey), asc(patientNameTerms.firstKey), asc(patientNameTerms.patientId)] as const;

/**
 * A patient's flags, in her list row and read by id alike, from patient_case_stats (one row per
 * patient, kept by the triggers of migration 0006 from OPEN_CASE and ADMITTED_CASE, archived cases
 * left out): one primary-key probe instead of two EXISTS over her cases (issue 33). Named, so that an
 * audited statement (audit.repository.ts, auditedRows) can read them back from its CTE.
 */
const FLAGS = {
  hasOpenCase: sql<boolean>`coalesce(${patientCaseStats.openCases}, 0) > 0`.as('has_open_case'),
  isAdmitted: sql<boolean>`coalesce(${patientCaseStats.admittedCases}, 0) > 0`.as('is_admitted'),
};

function toRow<T extends { hasOpenCase: unknown; isAdmitted: unknown }>(r: T): T & PatientFlags {
  return { ...r, hasOpenCase: Boolean(r.hasOpenCase), isAdmitted: Boolean(r.isAdmitted) };
}

/**
 * A page's ids, as every list page selects them: one uuid, so that pages of patients and of name terms
 * are the same subquery to pageRowsOf. Named page_id, a name no joined table has: drizzle writes a
 * subquery's aliased field unqualified where it is used.
 */
function pageIdOf(column: AnyPgColumn | SQL) {
  return { pageId: sql<string>`${column}`.as('page_id') };
}

/**
 * The list rows of a page whose ids were found first (a deferred join): only those rows are read from
 * patients, with their flags (and `extra`, a count say), in the list's order.
 */
function pageRowsOf<E extends Record<string, SQL.Aliased>>(
  on: Executor,
  pageIds: SubqueryWithSelection<ReturnType<typeof pageIdOf>, 'page_ids'>,
  extra: E = {} as E,
) {
  return on
    .select({ ...listColumns, ...FLAGS, ...extra })
    .from(pageIds)
    .innerJoin(patients, eq(patients.id, pageIds.pageId))
    .leftJoin(patientCaseStats, eq(patientCaseStats.patientId, patients.id))
    .orderBy(...NAME_ORDER);
}

/** The one term a statement reads (its `term` parameter), and several terms (a text[] `terms`). */
const TERM = sql`${sql.placeholder('term')}`;
const TERMS = sql`${sql.placeholder('terms')}::text[]`;

/** One term's page: an index range of patient_name_terms, already in list order, then those rows. */
function termPageIds(on: Executor) {
  const t = patientNameTerms;
  return on
    .select(pageIdOf(t.patientId))
    .from(t)
    .where(eq(t.word, TERM))
    .orderBy(...TERMS_ORDER)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page_ids');
}

function termPageStatement(on: Executor) {
  return pageRowsOf(on, termPageIds(on));
}

/**
 * How many patients have one term, up to SEARCH_COUNT_CAP + 1: its range, counted by an index-only
 * scan that stops there.
 */
function termCount(on: Executor, term: SQL) {
  const range = on.select({ one: sql`1` }).from(patientNameTerms).where(eq(patientNameTerms.word, term)).limit(COUNT_REACH).as('range');
  return on.select({ n: count_() }).from(range);
}

function termCountStatement(on: Executor) {
  return termCount(on, TERM);
}

/**
 * How many patients have one of several terms (a text[]), a patient with two of them once, up to
 * SEARCH_COUNT_CAP + 1: each term's range is read that far at most (a patient is once in a range, so
 * a range that long has already that many patients), so the count costs at most (terms × 1,001) index
 * entries however many match.
 */
function termsCount(on: Executor, terms: SQL) {
  const t = patientNameTerms;
  const range = on.select({ patientId: t.patientId }).from(t).where(eq(t.word, sql`term.word`)).limit(COUNT_REACH).as('range');
  const reached = on
    .selectDistinct({ patientId: range.patientId })
    .from(sql`unnest(${terms}) as term(word)`)
    .crossJoinLateral(range)
    .as('reached');
  return on.select({ n: count_() }).from(reached);
}

function termsCountStatement(on: Executor) {
  return termsCount(on, TERMS);
}

/**
 * One term's page with the term's count on every row, in one statement: the count is a scalar
 * subquery over the same range, read once.
 */
function countedTermPageStatement(on: Executor) {
  return pageRowsOf(on, termPageIds(on), { total: sql<string>`(${termCount(on, TERM)})`.as('total') });
}

/**
 * The page of several terms (name words, or pairs of words) in one statement. The page is among the
 * first `reach` (skip + limit) patients of each term's range, so each range is read that far only, in
 * key order, and the ranges are merged, a patient with two of the terms once (grouped by the key).
 * The count, on every row, reads the ranges whole, a patient with two of the terms once. (The terms
 * are an array of any length, so this statement is planned at each run, as it was before.)
 */
function termsPageIds(on: Executor) {
  const t = patientNameTerms;
  const range = on
    .select({ lastKey: t.lastKey, firstKey: t.firstKey, patientId: t.patientId })
    .from(t)
    .where(eq(t.word, sql`term.word`))
    .orderBy(...TERMS_ORDER)
    .limit(sql.placeholder('reach'))
    .as('range');
  const rangeKey = [range.lastKey, range.firstKey, range.patientId] as const;
  return on
    .select(pageIdOf(range.patientId))
    .from(sql`unnest(${TERMS}) as term(word)`)
    .crossJoinLateral(range)
    .groupBy(...rangeKey)
    .orderBy(...rangeKey)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page_ids');
}

function termsPageStatement(on: Executor) {
  return pageRowsOf(on, termsPageIds(on), { total: sql<string>`(${termsCount(on, TERMS)})`.as('total') });
}

/** The page of several terms without a count: one of them alone has more patients than the cap. */
function termsPageUncountedStatement(on: Executor) {
  return pageRowsOf(on, termsPageIds(on));
}

/**
 * One typed word's patients in the list's order, from patient_name_terms (0009): the ranges of its
 * `count` name words (parameters `${prefix}0`, `${prefix}1`, ...), each an index-only scan already in
 * key order, merged (a Merge Append), a patient with two of the words twice, side by side.
 */
function wordStream(prefix: string, count: number): SQL {
  const t = patientNameTerms;
  const key = sql`${t.lastKey}, ${t.firstKey}, ${t.patientId}`;
  return sql.join(
    Array.from({ length: count }, (_, i) => sql`(select ${key} from ${t} where ${t.word} = ${sql.placeholder(`${prefix}${i}`)} order by ${key})`),
    sql` union all `,
  );
}

/**
 * The patients of a two-word search, in the list's order, at most `reach` of them: the streams of the
 * first word's `firsts` name words and the second's `seconds` (wordStream) joined on the list's key (a
 * Merge Join of two ordered streams), a patient once. Both streams are read only as far as the
 * `reach`-th match: no sort of every match, and no name's words computed again (as through the GIN
 * index of 0010, whose page alone took 0.4 s for "ma de" at 200,000 patients at load 3, 1.5 s at load 20).
 */
function pairedWordsMatches(firsts: number, seconds: number, reach: SQL): SQL {
  return sql`select distinct a.last_key, a.first_key, a.patient_id
    from (${wordStream('a', firsts)}) as a
    join (${wordStream('b', seconds)}) as b on b.last_key = a.last_key and b.first_key = a.first_key and b.patient_id = a.patient_id
    order by a.last_key, a.first_key, a.patient_id
    limit ${reach}`;
}

/** The count of pairedWordsMatches, up to COUNT_REACH. */
function pairedWordsCount(firsts: number, seconds: number) {
  return (on: Executor) => on.select({ n: count_() }).from(sql`(${pairedWordsMatches(firsts, seconds, sql.raw(String(COUNT_REACH)))}) as matched`);
}

/**
 * A two-word search's page from pairedWordsMatches, with its count (up to COUNT_REACH) on every row, in
 * one pass: the matches are read once, as far as the page or the count's cap reaches (whichever is
 * further), counted over that (a window, computed before the page's LIMIT), and the page is taken from
 * them. (The page and the count read apart walked the two streams twice: "ma de" took 36 ms inside
 * PostgreSQL at a million patients, 24 ms of it the count's walk.) A prepared statement for each number
 * of branches of the two streams (streamBranches; the words are its parameters), so that after a few
 * runs it is not planned again (a plan of 89 branches took 9 ms).
 */
function pairedWordsPage(firsts: number, seconds: number) {
  return (on: Executor) => {
    const reach = sql`greatest(${sql.placeholder('reach')}::int, ${sql.raw(String(COUNT_REACH))})`;
    const pageIds = on
      .select({ ...pageIdOf(sql`matched.patient_id`), total: sql<string>`count(*) over ()`.as('total') })
      .from(sql`(${pairedWordsMatches(firsts, seconds, reach)}) as matched`)
      .orderBy(sql`matched.last_key`, sql`matched.first_key`, sql`matched.patient_id`)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .as('page_ids');
    return pageRowsOf(on, pageIds, { total: sql<string>`${pageIds.total}`.as('total') });
  };
}

/**
 * How many branches a typed word's stream has for `n` name words: the next power of two, so that the
 * prepared statements are at most 7 × 7 shapes on a connection, not one for each pair of numbers.
 */
function streamBranches(n: number): number {
  return 2 ** Math.ceil(Math.log2(Math.max(n, 1)));
}

/**
 * A term no name has: a pair of words is two words around one space, never the space alone. The
 * branches beyond a typed word's name words read its empty range.
 */
const NO_TERM = ' ';

/** The parameters of pairedWordsPage and pairedWordsCount: the name words of each typed word, then NO_TERM to fill its branches. */
function pairedWordsValues(first: NameWords, second: NameWords): Record<string, string> {
  const of = (prefix: string, words: NameWords) =>
    Array.from({ length: streamBranches(words.length) }, (_, i) => [`${prefix}${i}`, words[i]?.word ?? NO_TERM] as const);
  return Object.fromEntries([...of('a', first), ...of('b', second)]);
}

/** The two case counts of the home screen in one read. */
function caseCountersStatement(on: Executor) {
  return on
    .select({ name: listCounters.name, n: listCounters.value })
    .from(listCounters)
    .where(inArray(listCounters.name, ['cases', 'open_cases']));
}

/** All SQL of the patients feature: the patients table, and the case conditions its lists filter on. */
@Injectable()
export class PatientsRepository {
  constructor(private readonly database: DatabaseService) {}

  async findById(id: string, executor: Executor = this.database.db): Promise<PatientRow | null> {
    const [row] = await prepared(executor, 'patients_find_by_id', findByIdStatement).execute({ id });
    return row ?? null;
  }

  /** The patient with the flags the preview shows; with the `audit` of a read, where its row is stored is auditedRows' to say. */
  async findView(id: string, executor: Executor = this.database.db, audit?: ReadAudit): Promise<PatientViewRow | null> {
    const [row] = await auditedRows(executor, 'patients_find_view', findViewStatement, { id }, audit);
    return row ? toRow(row) : null;
  }

  async insert(tx: Executor, values: NewPatientRow): Promise<PatientRow> {
    const [row] = await tx.insert(patients).values(values).returning();
    return row;
  }

  /** Writes only when the stored version is still `expectedVersion`; null when it is not (or the patient is gone). */
  async updateIfVersion(
    tx: Executor,
    id: string,
    expectedVersion: number,
    changes: PatientChanges,
    actorId: string | null,
  ): Promise<PatientRow | null> {
    const [row] = await tx
      .update(patients)
      .set({ ...changes, version: sql`${patients.version} + 1`, updatedAt: new Date(), updatedBy: actorId })
      .where(and(eq(patients.id, id), eq(patients.version, expectedVersion)))
      .returning();
    return row ?? null;
  }

  /**
   * One page in SQL, fast at a million patients (migration 0006):
   * - the page's 100 ids first, walking patients_name_order_idx in the list's order (an index-only
   *   scan: page 50 skips 5,000 index entries, not 5,000 rows), then their columns and flags for
   *   those 100 rows only (a deferred join);
   * - the flags from patient_case_stats (one row per patient, kept by triggers) instead of two
   *   EXISTS over patient_cases per row;
   * - the count from list_counters when the list is not filtered, or filtered by one tag alone, read
   *   by the page's own statement;
   * - a search through the name words that contain each typed word (0009): one word alone from
   *   patient_name_terms, two words from the terms of their pairs (0011) or, past the pairs, from their
   *   name words' ranges merged in list order (pageByPairedWords), otherwise (three words, or beside a
   *   tag, case type or dates) from patients_name_words_idx (0010).
   * Filters by case (type, dates, tag) stay one EXISTS over patient_cases (partial indexes).
   * With `audit`, the page's statement stores the read's audit row itself where it can (pageRows); a
   * page read otherwise leaves it to the audit hook.
   */
  async page(filter: PatientListFilter, limit: number, skip: number, audit?: ReadAudit): Promise<PatientPageRows> {
    const db = this.database.db;
    const words = searchWords(filter.search);
    // Without its search, the list would be the whole one: no tag, case type or dates.
    const otherwiseUnfiltered = counterFor({ ...filter, search: undefined }) === 'patients';
    // Each typed word's name words first, all in one statement (a dictionary of a few thousand short words).
    const { typed, pairless } = await this.typedWords(words);
    // A typed word that no name holds: no patient matches every word.
    if (typed.some((w) => w.within?.length === 0)) return { rows: [], count: 0 };
    // One or two words and no other filter: the ranges of their terms, words or pairs of words.
    if (otherwiseUnfiltered) {
      const [first, second] = typed.map((w) => w.within);
      if (typed.length === 1 && first) {
        // One name word: its count is kept in the dictionary. Several: one with more patients than the cap
        // says there are more than the cap, without counting.
        const most = Math.max(...first.map((w) => w.patients));
        return this.pageByTerms(first.map((w) => w.word), first.length === 1 ? first[0].patients : null, most, limit, skip, audit);
      }
      if (typed.length === 2 && first && second) {
        const pairs = namePairs(first, second);
        if (pairs && !pairless) return this.pageByTerms(pairs, null, 0, limit, skip, audit);
        // Too many pairs (a word or two of a few letters), a name word holding both typed words, or a
        // name without pairs: the two words' ranges merged in the list's order.
        return this.pageByPairedWords(first, second, limit, skip, audit);
      }
    }
    const where = this.where(filter, typed);
    const counter = counterFor(filter);
    if (counter) {
      // Filtered by the tag alone (the list every round opens): one prepared statement per tag, whose
      // condition the counter's name fixes, with the counter's value on every row.
      const counted = await auditedRows(db, `patients_page_${counter}`, (on) => {
        const pageIds = on
          .select(pageIdOf(patients.id))
          .from(patients)
          .where(where)
          .orderBy(...NAME_ORDER)
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset'))
          .as('page_ids');
        return pageRowsOf(on, pageIds, { total: listCounterColumn(counter) });
      }, { limit, offset: skip }, audit);
      // A page past the end has no row to carry the count.
      const count = counted.length > 0 ? Number(counted[0].total) : await this.counter(counter);
      return { rows: counted.map(({ total: _total, ...r }) => toRow(r)), count };
    }
    if (words.length > 0) return this.searchedPage(where, limit, skip);
    // Filtered (search, case type, dates): the matching rows are found once, and counted in the same
    // pass (count(*) over ()) instead of a second query finding them all again.
    const pageIds = db
      .select({ id: patients.id, total: sql<number>`count(*) over ()`.as('total') })
      .from(patients)
      .where(where)
      .orderBy(...NAME_ORDER)
      .limit(limit)
      .offset(skip)
      .as('page_ids');
    const rows = await db
      .select({ ...listColumns, ...FLAGS, total: pageIds.total })
      .from(pageIds)
      .innerJoin(patients, eq(patients.id, pageIds.id))
      .leftJoin(patientCaseStats, eq(patientCaseStats.patientId, patients.id))
      .orderBy(...NAME_ORDER);
    let count = rows.length > 0 ? Number(rows[0].total) : 0;
    if (rows.length === 0 && skip > 0) {
      // A page past the end still says how many there are.
      const [total] = await db.select({ n: count_() }).from(patients).where(where);
      count = total.n;
    }
    return { rows: rows.map(({ total: _total, ...r }) => toRow(r)), count };
  }

  /**
   * A search beside other filters, of three words or more, or of a word inside too many name words (a
   * letter or two): the page in the list's order, and the count apart, read up to the cap, so that
   * neither grows with the matches past it. (Counted in the page's pass, count(*) over (), it read
   * every match: 2.6 s for "a" and 21 s for "ma de" at 200,000 patients.)
   */
  private async searchedPage(where: SQL | undefined, limit: number, skip: number): Promise<PatientPageRows> {
    const db = this.database.db;
    const pageIds = db.select({ id: patients.id }).from(patients).where(where).orderBy(...NAME_ORDER).limit(limit).offset(skip).as('page_ids');
    const matches = db.select({ one: sql`1` }).from(patients).where(where).limit(COUNT_REACH).as('matches');
    const [rows, [counted]] = await Promise.all([
      db
        .select({ ...listColumns, ...FLAGS })
        .from(pageIds)
        .innerJoin(patients, eq(patients.id, pageIds.id))
        .leftJoin(patientCaseStats, eq(patientCaseStats.patientId, patients.id))
        .orderBy(...NAME_ORDER),
      db.select({ n: count_() }).from(matches),
    ]);
    return { rows: rows.map(toRow), ...cappedCount(counted.n) };
  }

  /**
   * A search from patient_name_terms (migrations 0009, 0011): the patients who have one of `terms` (name
   * words, or pairs of words), paged by an index-only scan of the terms' primary key, whose key is the
   * list's order, then the page's 100 rows from patients, in one statement. `count` is given when it is
   * known (a word's, kept in its dictionary row); otherwise the statement counts the terms' ranges, a
   * patient with two of them once, on every row of the page.
   */
  private async pageByTerms(
    terms: readonly string[],
    count: number | null,
    atLeast: number,
    limit: number,
    skip: number,
    audit: ReadAudit | undefined,
  ): Promise<PatientPageRows> {
    const db = this.database.db;
    if (terms.length === 1 && count !== null) {
      const rows = await auditedRows(db, 'patients_search_term_page', termPageStatement, { term: terms[0], limit, offset: skip }, audit);
      return { rows: rows.map(toRow), count };
    }
    if (atLeast > SEARCH_COUNT_CAP) {
      const values = { terms: [...terms], reach: skip + limit, limit, offset: skip };
      const rows = await auditedRows(db, 'patients_search_terms_page_uncounted', termsPageUncountedStatement, values, audit);
      return { rows: rows.map(toRow), count: SEARCH_COUNT_CAP, capped: true };
    }
    const counted =
      terms.length === 1
        ? await auditedRows(db, 'patients_search_term_page_counted', countedTermPageStatement, { term: terms[0], limit, offset: skip }, audit)
        : await auditedRows(db, 'patients_search_terms_page', termsPageStatement, { terms: [...terms], reach: skip + limit, limit, offset: skip }, audit);
    const rows = counted.map(({ total: _total, ...r }) => toRow(r));
    if (counted.length > 0) return { rows, ...cappedCount(Number(counted[0].total)) };
    // An empty page: none at all, or a page past the end, which still says how many there are.
    return { rows, ...cappedCount(skip === 0 ? 0 : await this.countTerms(terms)) };
  }

  /**
   * A two-word search from the ranges of each word's name words in patient_name_terms, merged in the
   * list's order (pairedWordsMatches): the page and its count, read up to the cap, in one statement.
   */
  private async pageByPairedWords(
    first: NameWords, second: NameWords, limit: number, skip: number, audit: ReadAudit | undefined,
  ): Promise<PatientPageRows> {
    const db = this.database.db;
    const [firsts, seconds] = [streamBranches(first.length), streamBranches(second.length)];
    const shape = `${firsts}_${seconds}`;
    const words = pairedWordsValues(first, second);
    const counted = await auditedRows(db, `patients_search_paired_${shape}`, pairedWordsPage(firsts, seconds), {
      ...words, reach: skip + limit, limit, offset: skip,
    }, audit);
    const rows = counted.map(({ total: _total, ...r }) => toRow(r));
    if (counted.length > 0) return { rows, ...cappedCount(Number(counted[0].total)) };
    // An empty page: none at all, or a page past the end, which still says how many there are.
    if (skip === 0) return { rows, count: 0 };
    const [total] = await prepared(db, `patients_search_paired_count_${shape}`, pairedWordsCount(firsts, seconds)).execute(words);
    return { rows, ...cappedCount(Number(total.n)) };
  }

  /** How many patients have one of `terms`, a patient with two of them once, up to COUNT_REACH. */
  private async countTerms(terms: readonly string[]): Promise<number> {
    const db = this.database.db;
    const [row] =
      terms.length === 1
        ? await prepared(db, 'patients_search_term_count', termCountStatement).execute({ term: terms[0] })
        : await prepared(db, 'patients_search_terms_count', termsCountStatement).execute({ terms: [...terms] });
    return Number(row.n);
  }

  /**
   * The words of the search with the name words that contain each, whatever its case (null past
   * MAX_TERM_WORDS), and whether some name has no pair terms: one statement (typedWordsStatement).
   */
  private async typedWords(words: readonly string[]): Promise<{ typed: TypedWord[]; pairless: boolean }> {
    if (words.length === 0) return { typed: [], pairless: false };
    const patterns = Object.fromEntries(words.map((text, i) => [`p${i}`, containsPattern(text)]));
    const found = await prepared(this.database.db, `patients_search_words_${words.length}`, typedWordsStatement(words.length)).execute(patterns);
    const typed = words.map((text, i) => {
      const within = found.filter((row) => Number(row.position) === i + 1).map(({ word, patients }) => ({ word, patients }));
      return { text, within: within.length <= MAX_TERM_WORDS ? within : null };
    });
    return { typed, pairless: found.some((row) => row.pairless) };
  }

  /** One of the counts kept by the triggers of migration 0006 (exact, in step with every committed change). */
  private counter(name: string): Promise<number> {
    return listCounter(this.database.db, name);
  }

  async countPatients(): Promise<number> {
    return this.counter('patients');
  }

  async countPatientsWith(kind: 'openCase' | 'admitted'): Promise<number> {
    return this.counter(kind === 'openCase' ? 'open_case_patients' : 'admitted_patients');
  }

  /** All cases and open cases, archived ones left out. */
  async countCases(): Promise<{ all: number; open: number }> {
    const rows = await prepared(this.database.db, 'patients_case_counters', caseCountersStatement).execute();
    const value = (name: string) => Number(rows.find((r) => r.name === name)?.n ?? 0);
    return { all: value('cases'), open: value('open_cases') };
  }

  /** The list's conditions; `typed` is the search's words with their name words (typedWord). */
  private where(filter: PatientListFilter, typed: readonly TypedWord[]): SQL | undefined {
    const conditions: SQL[] = [];
    // Each word in the first, middle or last name. A word has no space, so it is inside the full name
    // exactly when it is inside one of the name's words: the name holds one of the words that contain
    // it (patients_name_words_idx). Inside too many words (a letter or two), one ILIKE over the three
    // names joined by spaces, served by patients_name_trgm_idx.
    for (const { text, within } of typed) conditions.push(within ? nameHoldsOneOf(within) : ilike(FULL_NAME, containsPattern(text)));

    // One EXISTS for all case conditions: "Admitted" with "OB Cases" means admitted on an OB case.
    const caseConditions: SQL[] = [];
    if (filter.tag === 'openCase') caseConditions.push(OPEN_CASE);
    if (filter.tag === 'admitted') caseConditions.push(ADMITTED_CASE);
    if (filter.cases === 'ob') caseConditions.push(OB_CASE);
    if (filter.cases === 'gyne') caseConditions.push(GYNE_CASE);
    caseConditions.push(...admittedBetween(filter.fromdate, filter.todate));
    if (caseConditions.length > 0) conditions.push(caseExists([...caseConditions, NOT_ARCHIVED_CASE]));

    return conditions.length > 0 ? and(...conditions) : undefined;
  }
}
