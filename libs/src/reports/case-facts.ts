import type { CaseForm, Infant } from '../api/case-form.js';
import { isMortalityStatus, INFANT_STATUS } from '../enums/neonatal.enum.js';
import { DELIVERY_MANNER } from '../enums/delivery.enum.js';
import { countingDateOf, isCountedCase, isObstetricCase } from './counting-rule.js';
import { NOT_APPLICABLE_SEGMENT, findReportDimension, gestationalWeeksOf, isMaternalDeathCase, segmentsOf } from './report-dimensions.js';
import { deliveryMannerGroup } from './report-groups.js';
import { robsonSegmentOf } from '../classifications/robson.js';
import { icdMmSegmentOf } from '../classifications/icd-mm.js';
import { infantGestation, isEarlyNeonatalDeath, isLiveBorn, isNeonatalDeath, isStillbirthStatus } from '../classifications/births.js';

/**
 * The version of `deriveCaseFacts`: raised whenever a fact is derived differently, so that the
 * services re-derive every stored projection of an older version at start-up (and rebuild the rollup).
 * 1: the first projection. 2: maternal figures count obstetric cases only; estimated AOG ranges have
 * their AOG group (issue 25 items 4 and 5). 3: the Robson group, the ICD-MM group, and the births by
 * the WHO definitions (issue 28).
 */
export const CASE_FACTS_DERIVATION = 3;

/**
 * The reporting projection of one case (the `case_facts` row): everything a report groups or filters
 * on, derived from the case form by this one pure function. A `*Segment` column holds the segment of
 * the report dimension of that name: null when the dimension does not count the case at all (out of
 * its scope), 'N/A' when it counts it without a group.
 */
export interface CaseFactsRow {
  caseId: string;
  /** CASE_FACTS_DERIVATION when derived. */
  derivation: number;
  /** The counting rule: a closed, not archived case. */
  counted: boolean;
  isClose: boolean;
  isArchived: boolean;
  /** The date that places the case in a range (discharge date). */
  countingDate: string | null;
  admissionDate: string | null;
  dischargeDate: string | null;
  deliveryDate: string | null;
  caseFormType: number | null;
  isPregnancy: boolean;
  isGyne: boolean;
  isDelivered: boolean;
  /** `isObstetricCase`: the cases maternal and obstetric figures count. */
  isObstetric: boolean;
  age: number | null;
  ageSegment: string | null;
  aogWeeks: number | null;
  aogSegment: string | null;
  pregnancyType: number | null;
  pregnancyTypeSegment: string | null;
  deliveryManner: number | null;
  deliveryManner2: number | null;
  deliveryMannerSegment: string;
  /** The second twin's manner group, when a second manner was recorded. */
  deliveryManner2Segment: string | null;
  isCaesarean: boolean;
  motherCondition: number | null;
  motherConditionSegment: string | null;
  /** An obstetric case whose mother died. */
  isMaternalDeath: boolean;
  antecedent: number | null;
  antecedentType: number | null;
  antecedentCause: number | null;
  immediateCause: number | null;
  directDeathSegment: string | null;
  deathTiming: number | null;
  deathTimingSegment: string | null;
  gyneOrgan: number | null;
  organCondition: number | null;
  gtdDiagnosis: number | null;
  gtdComplication: number | null;
  infantsNumber: number | null;
  livebirthCount: number;
  infantDeathCount: number;
  previousCaesareans: number | null;
  laborOnset: number | null;
  fetalPresentation: number | null;
  /** `robsonSegmentOf`: the Robson group of a woman who gave birth in the department, 'unclassifiable', or null. */
  robsonSegment: string | null;
  /** `icdMmSegmentOf`: the ICD-MM group ('1'-'9') of a maternal death, 'unmapped', or null for no maternal death. */
  icdMmSegment: string | null;
}

/** One infant of the case (the `case_infants` row). */
export interface CaseInfantRow {
  caseId: string;
  position: number;
  status: number | null;
  isLivebirth: boolean;
  isMortality: boolean;
  weight: number | null;
  pediatricAge: number | null;
  apgar1m: number | null;
  apgar5m: number | null;
  anomalies: boolean | null;
  injury: number | null;
  causeOfDeath: number | null;
  /** Born alive (a livebirth, or a neonatal death later): WHO's live birth. */
  isLiveBorn: boolean;
  /** Born dead, whatever the weight or gestation (the threshold is applied when counting). */
  isStillbirth: boolean;
  isEarlyNeonatalDeath: boolean;
  isNeonatalDeath: boolean;
  /** `infantGestation`: completed weeks at birth, a range when estimated (max null: 42 or more). */
  gestationMin: number | null;
  gestationMax: number | null;
}

/** One delivery indication (the `case_indications` row): `segment` is the csindication segment for caesareans. */
export interface CaseIndicationRow {
  caseId: string;
  /** 1 first or only infant, 2 second twin. */
  twin: number;
  manner: number | null;
  /** Null for a caesarean recorded without any indication (counted as N/A). */
  indicationId: number | null;
  isCaesarean: boolean;
  segment: string;
}

export interface CaseFactsSet {
  facts: CaseFactsRow;
  infants: CaseInfantRow[];
  indications: CaseIndicationRow[];
}

const CAESAREAN_MANNERS: readonly number[] = [DELIVERY_MANNER.CAESAREAN, DELIVERY_MANNER.CAESAREAN_HYSTERECTOMY];

export function isCaesareanManner(manner: unknown): boolean {
  return typeof manner === 'number' && CAESAREAN_MANNERS.includes(manner);
}

function segmentOf(dimensionName: string, form: Partial<CaseForm>): string | null {
  const dimension = findReportDimension(dimensionName);
  if (!dimension) throw new Error(`Unknown report dimension ${dimensionName}`);
  return segmentsOf(dimension, form)[0] ?? null;
}

function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function ids(values: unknown): number[] {
  return Array.isArray(values) ? [...new Set(values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v)))] : [];
}

/**
 * The birth facts of an infant that both fact tables hold, the department's `case_infants` and the
 * society's `national_infants` (national-facts.ts), so the two count an infant the same way.
 */
export type InfantBirthFacts = Pick<
  CaseInfantRow,
  'status' | 'weight' | 'isLiveBorn' | 'isStillbirth' | 'isEarlyNeonatalDeath' | 'isNeonatalDeath' | 'gestationMin' | 'gestationMax'
>;

export function infantBirthFacts(infant: Partial<Infant> | undefined, form: Partial<CaseForm>): InfantBirthFacts {
  const gestation = infantGestation(infant ?? {}, form);
  const weight = num(infant?.pediatricWeight);
  return {
    status: num(infant?.status),
    weight: weight === null ? null : Math.round(weight),
    isLiveBorn: isLiveBorn(infant?.status),
    isStillbirth: isStillbirthStatus(infant?.status),
    isEarlyNeonatalDeath: isEarlyNeonatalDeath(infant?.status),
    isNeonatalDeath: isNeonatalDeath(infant?.status),
    gestationMin: gestation?.min ?? null,
    gestationMax: gestation?.max ?? null,
  };
}

/** The facts of a stored case form (with its `_id`). */
export function deriveCaseFacts(form: CaseForm): CaseFactsSet {
  const caseId = form._id;
  if (!caseId) throw new Error('deriveCaseFacts needs a stored case (with _id)');
  const neonatal = Array.isArray(form.neonatal) ? form.neonatal : [];
  const infants: CaseInfantRow[] = neonatal.map((infant, index) => ({
    caseId,
    position: index + 1,
    isLivebirth: infant?.status === INFANT_STATUS.LIVEBIRTH,
    isMortality: isMortalityStatus(infant?.status),
    pediatricAge: num(infant?.pediatricAge) === null ? null : Math.floor(infant.pediatricAge as number),
    apgar1m: num(infant?.apgar1m),
    apgar5m: num(infant?.apgar5m),
    anomalies: typeof infant?.anomalies === 'boolean' ? infant.anomalies : null,
    injury: num(infant?.injury),
    causeOfDeath: num(infant?.causeofdeath),
    ...infantBirthFacts(infant, form),
  }));

  const indications: CaseIndicationRow[] = [];
  const twins: Array<{ twin: number; manner: number | null; list: number[] }> = [
    { twin: 1, manner: num(form.deliveryManner), list: ids(form.deliveryIndication) },
    { twin: 2, manner: num(form.deliveryManner2), list: ids(form.deliveryIndication2) },
  ];
  for (const { twin, manner, list } of twins) {
    const caesarean = isCaesareanManner(manner);
    for (const indicationId of list) {
      indications.push({ caseId, twin, manner, indicationId, isCaesarean: caesarean, segment: caesarean ? String(indicationId) : NOT_APPLICABLE_SEGMENT });
    }
    if (caesarean && list.length === 0) {
      indications.push({ caseId, twin, manner, indicationId: null, isCaesarean: true, segment: NOT_APPLICABLE_SEGMENT });
    }
  }

  const facts: CaseFactsRow = {
    caseId,
    derivation: CASE_FACTS_DERIVATION,
    counted: isCountedCase(form),
    isClose: form.isClose === true,
    isArchived: form.isArchived === true,
    countingDate: countingDateOf(form),
    admissionDate: form.admissionDate ?? null,
    dischargeDate: form.dischargeDate ?? null,
    deliveryDate: form.deliveryDate ?? null,
    caseFormType: num(form.caseFormType),
    isPregnancy: form.isPregnancy === true,
    isGyne: form.isGyne === true,
    isDelivered: form.isDelivered === true,
    isObstetric: isObstetricCase(form),
    age: num(form.age),
    ageSegment: segmentOf('AgeGroup', form),
    aogWeeks: gestationalWeeksOf(form),
    aogSegment: segmentOf('AOG', form),
    pregnancyType: num(form.pregnancyType),
    pregnancyTypeSegment: segmentOf('PregnancyType', form),
    deliveryManner: num(form.deliveryManner),
    deliveryManner2: num(form.deliveryManner2),
    deliveryMannerSegment: segmentOf('deliverymanner', form) ?? NOT_APPLICABLE_SEGMENT,
    deliveryManner2Segment: num(form.deliveryManner2) === null ? null : (deliveryMannerGroup(form.deliveryManner2) ?? NOT_APPLICABLE_SEGMENT),
    isCaesarean: isCaesareanManner(form.deliveryManner) || isCaesareanManner(form.deliveryManner2),
    motherCondition: num(form.motherCondition),
    motherConditionSegment: segmentOf('MotherCondition', form),
    isMaternalDeath: isMaternalDeathCase(form),
    antecedent: num(form.antecedent),
    antecedentType: num(form.antecedentType),
    antecedentCause: num(form.antecedentCause),
    immediateCause: num(form.immediateCause),
    directDeathSegment: segmentOf('DirectMaternalDeath', form),
    deathTiming: num(form.deathTiming),
    deathTimingSegment: segmentOf('DeathTiming', form),
    gyneOrgan: num(form.gyneOrgan),
    organCondition: num(form.organCondition),
    gtdDiagnosis: num(form.gtdDiagnosis),
    gtdComplication: num(form.gtdComplication),
    infantsNumber: num(form.infantsNumber),
    livebirthCount: infants.filter((i) => i.isLivebirth).length,
    infantDeathCount: infants.filter((i) => i.isMortality).length,
    previousCaesareans: num(form.previousCaesareans),
    laborOnset: num(form.laborOnset),
    fetalPresentation: num(form.fetalPresentation),
    robsonSegment: robsonSegmentOf(form),
    icdMmSegment: icdMmSegmentOf(form, isMaternalDeathCase(form)),
  };
  return { facts, infants, indications };
}
