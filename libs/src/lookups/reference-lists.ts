import type { LookupEntry } from './lookup-entry.js';
import { MEDICAL_HISTORY } from './lists/medical-history.list.js';
import { OBSTETRIC_HISTORY } from './lists/obstetric-history.list.js';
import { MORBIDITIES } from './lists/morbidities.list.js';
import { GYNE_MORBIDITIES } from './lists/gyne-morbidities.list.js';
import { GYNE_DIAGNOSIS } from './lists/gyne-diagnosis.list.js';
import { GYNE_PROCEDURE } from './lists/gyne-procedure.list.js';
import { OB_PROCEDURE } from './lists/ob-procedure.list.js';
import { NEONATAL_CONDITIONS } from './lists/neonatal-conditions.list.js';
import { MATERNAL_DEATH_CAUSES } from './lists/maternal-death-causes.list.js';
import {
  CS_INDICATIONS, DELIVERY_INDICATIONS, INSTRUMENTAL_INDICATIONS,
} from './lists/delivery-indications.list.js';

/**
 * The stable keys of the reference lists of SPEC.md §3. The services seed one table from
 * REFERENCE_LISTS and serve `GET /api/categories` (REFERENCE_LIST_CATALOGUE) and
 * `GET /api/categories/:key`.
 */
export type ReferenceListKey =
  | 'medicalHistory'
  | 'obstetricHistory'
  | 'morbidities'
  | 'gynemorbidities'
  | 'gyneDiagnosis'
  | 'gyneProcedure'
  | 'obProcedure'
  | 'neonatalConditions'
  | 'maternalDeathCauses'
  | 'deliveryIndications'
  | 'csIndications'
  | 'instrumentalIndications';

export interface ReferenceListInfo {
  key: ReferenceListKey;
  label: string;
  /** Which case-form fields store ids from this list. */
  usedBy: string[];
}

export const REFERENCE_LIST_CATALOGUE: readonly ReferenceListInfo[] = [
  { key: 'medicalHistory', label: 'Medical History', usedBy: ['medicalHistory'] },
  { key: 'obstetricHistory', label: 'Obstetric History', usedBy: ['obstetricHistory'] },
  { key: 'morbidities', label: 'Pregnancy Co-morbidities', usedBy: ['morbidities'] },
  { key: 'gynemorbidities', label: 'Gynecologic Co-morbidities', usedBy: ['gynemorbidities'] },
  { key: 'gyneDiagnosis', label: 'Gynecologic Diagnosis', usedBy: ['gynecologicalDiagnosis', 'gyneDiagnosis'] },
  { key: 'gyneProcedure', label: 'Gynecologic Procedures', usedBy: ['concomitantProcedure'] },
  { key: 'obProcedure', label: 'Obstetric Procedures', usedBy: ['obProcedure'] },
  { key: 'neonatalConditions', label: 'Neonatal Conditions (M1-M5)', usedBy: ['neonatal[].causeofdeath', 'neonatal[].specificcause'] },
  { key: 'maternalDeathCauses', label: 'Maternal Death Causes', usedBy: ['antecedent', 'antecedentType', 'antecedentCause'] },
  { key: 'deliveryIndications', label: 'Delivery Indications', usedBy: ['deliveryIndication', 'deliveryIndication2'] },
  { key: 'csIndications', label: 'Caesarean Section Indications', usedBy: ['deliveryIndication', 'deliveryIndication2'] },
  { key: 'instrumentalIndications', label: 'Instrumental Delivery Indications', usedBy: ['deliveryIndication', 'deliveryIndication2'] },
];

export const REFERENCE_LISTS: Record<ReferenceListKey, LookupEntry[]> = {
  medicalHistory: MEDICAL_HISTORY,
  obstetricHistory: OBSTETRIC_HISTORY,
  morbidities: MORBIDITIES,
  gynemorbidities: GYNE_MORBIDITIES,
  gyneDiagnosis: GYNE_DIAGNOSIS,
  gyneProcedure: GYNE_PROCEDURE,
  obProcedure: OB_PROCEDURE,
  neonatalConditions: NEONATAL_CONDITIONS,
  maternalDeathCauses: MATERNAL_DEATH_CAUSES,
  deliveryIndications: DELIVERY_INDICATIONS,
  csIndications: CS_INDICATIONS,
  instrumentalIndications: INSTRUMENTAL_INDICATIONS,
};
