import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';

/**
 * One-word name search without visiting the patients table (migration 0009). Both tables are
 * written only by the statement-level triggers on patients, in the transaction of the change; the
 * application only reads them.
 */

/**
 * Every word that is or was in a patient's name, lowercased: the search finds the words that contain
 * the typed text here (a trigram index over a few thousand short words), then their patients in
 * patient_name_terms. A word whose last patient was renamed stays, with no patient.
 */
export const patientNameWords = pgTable(
  'patient_name_words',
  {
    word: text('word').primaryKey(),
    /** How many patients have the word in their name now: a one-word search's count, without counting. */
    patients: integer('patients').notNull().default(0),
  },
  (t) => [index('patient_name_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops'))],
);

/**
 * One row per patient and word of their name (first, middle and last, split on white space,
 * lowercased, each word once), with the list's order (lower(last_name), lower(first_name), id) in the
 * key: a word's patients are one range of the primary key, in list order, read and counted without
 * the table.
 */
export const patientNameTerms = pgTable(
  'patient_name_terms',
  {
    word: text('word').notNull(),
    lastKey: text('last_key').notNull(),
    firstKey: text('first_key').notNull(),
    patientId: uuid('patient_id').notNull(),
  },
  (t) => [primaryKey({ name: 'patient_name_terms_pk', columns: [t.word, t.lastKey, t.firstKey, t.patientId] })],
);
