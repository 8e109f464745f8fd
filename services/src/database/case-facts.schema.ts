import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { patientCases } from './patients.schema.js';

/**
 * The reporting projection (SHARED-CONTRACTS.md): one row per case with everything the reports group
 * or filter on, derived by `deriveCaseFacts` of @pnss/libs/reports and written in the same transaction
 * as every case write (modules/case-facts). `counted` and `counting_date` are the counting rule.
 * A `*_segment` column holds the report dimension's segment key: null when the dimension does not
 * count the case, 'N/A' when it counts it without a group.
 */
export const caseFacts = pgTable(
  'case_facts',
  {
    caseId: uuid('case_id').primaryKey().references(() => patientCases.id, { onDelete: 'cascade' }),
    /** CASE_FACTS_DERIVATION of the code that wrote the row: an older one is derived again at start-up. */
    derivation: smallint('derivation').notNull().default(0),
    counted: boolean('counted').notNull(),
    isClose: boolean('is_close').notNull(),
    isArchived: boolean('is_archived').notNull(),
    countingDate: date('counting_date', { mode: 'string' }),
    admissionDate: date('admission_date', { mode: 'string' }),
    dischargeDate: date('discharge_date', { mode: 'string' }),
    deliveryDate: date('delivery_date', { mode: 'string' }),
    caseFormType: smallint('case_form_type'),
    isPregnancy: boolean('is_pregnancy').notNull(),
    isGyne: boolean('is_gyne').notNull(),
    isDelivered: boolean('is_delivered').notNull(),
    /** libs isObstetricCase: the cases the maternal and obstetric figures count. */
    isObstetric: boolean('is_obstetric').notNull().default(false),
    age: smallint('age'),
    ageSegment: text('age_segment'),
    aogWeeks: smallint('aog_weeks'),
    aogSegment: text('aog_segment'),
    pregnancyType: smallint('pregnancy_type'),
    pregnancyTypeSegment: text('pregnancy_type_segment'),
    deliveryManner: smallint('delivery_manner'),
    deliveryManner2: smallint('delivery_manner2'),
    deliveryMannerSegment: text('delivery_manner_segment').notNull(),
    deliveryManner2Segment: text('delivery_manner2_segment'),
    isCaesarean: boolean('is_caesarean').notNull(),
    motherCondition: smallint('mother_condition'),
    motherConditionSegment: text('mother_condition_segment'),
    isMaternalDeath: boolean('is_maternal_death').notNull(),
    antecedent: smallint('antecedent'),
    antecedentType: smallint('antecedent_type'),
    antecedentCause: integer('antecedent_cause'),
    immediateCause: smallint('immediate_cause'),
    directDeathSegment: text('direct_death_segment'),
    deathTiming: smallint('death_timing'),
    deathTimingSegment: text('death_timing_segment'),
    gyneOrgan: integer('gyne_organ'),
    organCondition: smallint('organ_condition'),
    gtdDiagnosis: integer('gtd_diagnosis'),
    gtdComplication: smallint('gtd_complication'),
    infantsNumber: smallint('infants_number'),
    livebirthCount: smallint('livebirth_count').notNull(),
    infantDeathCount: smallint('infant_death_count').notNull(),
    previousCaesareans: smallint('previous_caesareans'),
    laborOnset: smallint('labor_onset'),
    fetalPresentation: smallint('fetal_presentation'),
    /** libs robsonSegmentOf: the Robson group of a woman who gave birth in the department, 'unclassifiable', or null. */
    robsonSegment: text('robson_segment'),
    /** libs icdMmSegmentOf: the ICD-MM group of a maternal death, 'unmapped', or null. */
    icdMmSegment: text('icd_mm_segment'),
  },
  (t) => [
    // Every report: counted cases by discharge date.
    index('case_facts_counted_date_idx').on(t.countingDate).where(sql`${t.counted}`),
  ],
);

/** One row per infant of a case. */
export const caseInfants = pgTable(
  'case_infants',
  {
    caseId: uuid('case_id').notNull().references(() => patientCases.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    status: smallint('status'),
    isLivebirth: boolean('is_livebirth').notNull(),
    isMortality: boolean('is_mortality').notNull(),
    weight: integer('weight'),
    pediatricAge: smallint('pediatric_age'),
    apgar1m: smallint('apgar1m'),
    apgar5m: smallint('apgar5m'),
    anomalies: boolean('anomalies'),
    injury: smallint('injury'),
    causeOfDeath: smallint('cause_of_death'),
    /** WHO's live birth (libs isLiveBorn): a neonatal death was born alive. */
    isLiveBorn: boolean('is_live_born').notNull().default(false),
    isStillbirth: boolean('is_stillbirth').notNull().default(false),
    isEarlyNeonatalDeath: boolean('is_early_neonatal_death').notNull().default(false),
    isNeonatalDeath: boolean('is_neonatal_death').notNull().default(false),
    /** libs infantGestation: completed weeks at birth, a range when estimated (max null: 42 or more). */
    gestationMin: smallint('gestation_min'),
    gestationMax: smallint('gestation_max'),
  },
  (t) => [primaryKey({ columns: [t.caseId, t.position] })],
);

/** One row per delivery indication of a case (and one N/A row for a caesarean recorded without any). */
export const caseIndications = pgTable(
  'case_indications',
  {
    caseId: uuid('case_id').notNull().references(() => patientCases.id, { onDelete: 'cascade' }),
    twin: smallint('twin').notNull(),
    manner: smallint('manner'),
    indicationId: integer('indication_id'),
    isCaesarean: boolean('is_caesarean').notNull(),
    segment: text('segment').notNull(),
  },
  (t) => [
    index('case_indications_case_idx').on(t.caseId),
    index('case_indications_cs_idx').on(t.segment, t.caseId).where(sql`${t.isCaesarean}`),
  ],
);

/**
 * The reports' daily rollup (libs rollupKeys): counted cases per day and per segment of one
 * dimension (`dim_b` = '') or of two. Kept with the facts by the same writer; a report sums its
 * pair's rows over the range.
 */
export const caseFactsRollup = pgTable(
  'case_facts_rollup',
  {
    dimA: text('dim_a').notNull(),
    dimB: text('dim_b').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    segA: text('seg_a').notNull(),
    segB: text('seg_b').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ name: 'case_facts_rollup_pk', columns: [t.dimA, t.dimB, t.day, t.segA, t.segB] })],
);
