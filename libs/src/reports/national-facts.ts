import type { CaseForm } from '../api/case-form.js';
import type { PackagedCase } from '../submissions/data-dictionary.js';
import { isObstetricCase } from './counting-rule.js';
import { NOT_APPLICABLE_SEGMENT, findReportDimension, isMaternalDeathCase, segmentsOf } from './report-dimensions.js';
import { infantBirthFacts, isCaesareanManner, type CaseInfantRow, type InfantBirthFacts } from './case-facts.js';
import { robsonSegmentOf } from '../classifications/robson.js';
import { icdMmSegmentOf, icdMmSegmentCountsInRatio } from '../classifications/icd-mm.js';

/**
 * The national facts of one case of a census package (issue 29): what the society's figures group and
 * count, derived from the packaged case by the same libs functions the department's reports use
 * (`deriveCaseFacts`), so a department and the society count a case the same way. A packaged case has
 * no day of care, only the month of discharge: the national period is a month.
 *
 * Raised when a derivation changes, so the hub can re-ingest what an older derivation wrote.
 */
export const NATIONAL_FACTS_DERIVATION = 1;

/** One case in the national fact table (`national_cases`). */
export interface NationalCaseFacts {
  caseId: string;
  patientKey: string;
  /** 'YYYY-MM', or null when the package carries no discharge month (then no period counts it). */
  dischargeMonth: string | null;
  /** `isObstetricCase`: the cases maternal and obstetric figures count. */
  isObstetric: boolean;
  isGyne: boolean;
  /** `robsonSegmentOf`: a Robson group key, 'unclassifiable', or null (no birth in the department). */
  robsonSegment: string | null;
  /** Delivered by caesarean section (either twin). */
  isCaesarean: boolean;
  /** `isMaternalDeathCase`: an obstetric case whose mother died. */
  isMaternalDeath: boolean;
  /** `icdMmSegmentOf`: '1'..'9', 'unmapped', or null for no maternal death. */
  icdMmSegment: string | null;
  /** A maternal death counted in the MMR (every ICD-MM group but 9, coincidental). */
  countsInRatio: boolean;
  /** The DeathTiming segment of a maternal death ('antepartal', ..., 'N/A'); null for no maternal death. */
  deathTimingSegment: string | null;
}

/** One infant in the national fact table (`national_infants`): the birth facts the department's `case_infants` holds too. */
export type NationalInfantFacts = Pick<CaseInfantRow, 'caseId' | 'position'> & InfantBirthFacts;

export interface NationalFactsSet {
  facts: NationalCaseFacts;
  infants: NationalInfantFacts[];
}


/** The national facts of a packaged case (a row of cases.json that passed the data dictionary). */
export function deriveNationalFacts(packaged: PackagedCase): NationalFactsSet {
  // A packaged case is the case form without its withheld fields (names, dates, free text): every
  // function below reads only fields the package keeps.
  const form = packaged as unknown as Partial<CaseForm>;
  const obstetric = isObstetricCase(form);
  const maternalDeath = isMaternalDeathCase(form);
  const icdMmSegment = icdMmSegmentOf(form, maternalDeath);
  const timing = findReportDimension('DeathTiming');
  if (!timing) throw new Error('the DeathTiming report dimension is missing');
  const neonatal = Array.isArray(packaged.neonatal) ? packaged.neonatal : [];
  const infants: NationalInfantFacts[] = neonatal.map((infant, index) => ({
    caseId: packaged.caseId,
    position: index + 1,
    ...infantBirthFacts(infant, form),
  }));
  return {
    facts: {
      caseId: packaged.caseId,
      patientKey: packaged.patientKey,
      dischargeMonth: packaged.dischargeMonth ?? null,
      isObstetric: obstetric,
      isGyne: form.isGyne === true,
      robsonSegment: robsonSegmentOf(form),
      isCaesarean: isCaesareanManner(form.deliveryManner) || isCaesareanManner(form.deliveryManner2),
      isMaternalDeath: maternalDeath,
      icdMmSegment,
      countsInRatio: icdMmSegment !== null && icdMmSegmentCountsInRatio(icdMmSegment),
      deathTimingSegment: maternalDeath ? (segmentsOf(timing, form)[0] ?? NOT_APPLICABLE_SEGMENT) : null,
    },
    infants,
  };
}
