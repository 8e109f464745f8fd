import type { CaseForm, Infant } from '@pnss/libs/api';
import {
  ABORTION_TYPES, AOG_RANGES, AOG_TYPES, BIRTH_TRAUMAS, CASE_FORM_TYPES, CAUSES_OF_DEATH, CS_INCISIONS, CS_TYPES, DEATH_TRIMESTERS,
  DELIVERY_MANNERS, DELIVERY_PLACES, ECTOPIC_TYPES, GTD_COMPLICATIONS, GTD_DIAGNOSES, GYNE_ORGANS, GYNE_STAGES, INDUCTION_COMPLICATIONS,
  INDUCTION_INDICATIONS, INDUCTION_METHODS, INFANT_STATUSES, MEDICAL_SURGICAL, MIGS_CHOICES, MOLAR_TYPES, MOTHER_CONDITIONS, PCOS_SYMPTOMS,
  PREGNANCY_TYPES, SURGICAL_INTERVENTIONS, TIMINGS, TUMOR_CLASSES, decode, type CodeTable,
} from '@pnss/libs/enums';
import { DELIVERY_INDICATIONS, GYNE_DIAGNOSIS, MATERNAL_DEATH_CAUSES, lookupLabel, type LookupEntry } from '@pnss/libs/lookups';
import { PICKER_LISTS } from '../picker/picker.context.js';
import { formatDate } from '../../../format/display.js';

const CODE_TABLES: Partial<Record<keyof CaseForm, CodeTable>> = {
  caseFormType: CASE_FORM_TYPES, admissionAOGType: AOG_TYPES, admissionAOG: AOG_RANGES, pregnancyType: PREGNANCY_TYPES,
  abortionType: ABORTION_TYPES, ectopicType: ECTOPIC_TYPES, molarType: MOLAR_TYPES, institutionalDelivery: DELIVERY_PLACES,
  inducedIndication: INDUCTION_INDICATIONS, inducedMethod: INDUCTION_METHODS, inducedComplication: INDUCTION_COMPLICATIONS,
  deliveryAOGType: AOG_TYPES, deliveryAOG: AOG_RANGES, deliveryManner: DELIVERY_MANNERS, primaryRepeat: CS_TYPES,
  incision: CS_INCISIONS, deliveryManner2: DELIVERY_MANNERS, primaryRepeat2: CS_TYPES, incision2: CS_INCISIONS,
  gyneOrgan: GYNE_ORGANS, organCondition: TUMOR_CLASSES, gtdDiagnosis: GTD_DIAGNOSES, gtdComplication: GTD_COMPLICATIONS,
  medicalSurgical: MEDICAL_SURGICAL, surgicalIntervention: SURGICAL_INTERVENTIONS, MIGSSurgeon: MIGS_CHOICES,
  MIGSAssist: MIGS_CHOICES, motherCondition: MOTHER_CONDITIONS, immediateCause: CAUSES_OF_DEATH,
  complicationOnset: TIMINGS, deathTiming: TIMINGS, deathTimingComplication: DEATH_TRIMESTERS,
};

const LOOKUPS: Partial<Record<keyof CaseForm, readonly LookupEntry[]>> = {
  gyneDiagnosis: GYNE_DIAGNOSIS, antecedent: MATERNAL_DEATH_CAUSES, antecedentType: MATERNAL_DEATH_CAUSES,
  antecedentCause: MATERNAL_DEATH_CAUSES, deliveryIndication: DELIVERY_INDICATIONS, deliveryIndication2: DELIVERY_INDICATIONS,
};

const EMPTY = '(empty)';

/** How a field's value reads to a clinician, for the version-conflict dialog. */
export function formatFieldValue(field: keyof CaseForm, value: unknown): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return EMPTY;
  if (field === 'admissionDate' || field === 'dischargeDate' || field === 'deliveryDate') return formatDate(String(value));
  if (typeof value === 'boolean') return value ? 'YES' : 'NO';
  const table = CODE_TABLES[field];
  if (table) return decode(table, value);
  const lookup = LOOKUPS[field];
  if (lookup) return Array.isArray(value) ? value.map((v) => lookupLabel(lookup, v)).join(', ') : lookupLabel(lookup, value);
  if (field === 'pcosSymptoms' && Array.isArray(value)) return value.map((v) => decode(PCOS_SYMPTOMS, v)).join(', ');
  if (field in PICKER_LISTS && Array.isArray(value)) {
    const list = PICKER_LISTS[field as keyof typeof PICKER_LISTS];
    return value
      .map((entry: { conditionId: number; gyneStage?: number | null; others?: string | null; othersField?: string | null }) => {
        const text = entry.others ?? entry.othersField;
        const stage = field === 'gynecologicalDiagnosis' && entry.gyneStage != null ? `, stage ${decode(GYNE_STAGES, entry.gyneStage)}` : '';
        return `${lookupLabel(list, entry.conditionId)}${text ? ` (${text})` : ''}${stage}`;
      })
      .join('; ');
  }
  if (field === 'neonatal' && Array.isArray(value)) {
    return (value as Infant[])
      .map((infant, i) => `Infant ${i + 1}: ${decode(INFANT_STATUSES, infant.status)}, ${infant.pediatricWeight ?? '?'} g, Apgar ${infant.apgar1m ?? '?'}/${infant.apgar5m ?? '?'}, trauma ${decode(BIRTH_TRAUMAS, infant.injury)}`)
      .join('; ');
  }
  return String(value);
}
