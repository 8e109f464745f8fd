import type { CodeTable } from './code-table.js';
import { CASE_FORM_TYPES } from './case-type.enum.js';
import {
  ABORTION_TYPES, ECTOPIC_TYPES, GTD_COMPLICATIONS, GTD_DIAGNOSES, INFANT_COUNT_CHOICES, MOLAR_TYPES, PCOS_SYMPTOMS,
  PREGNANCY_TYPE_LABELS,
} from './pregnancy.enum.js';
import { AOG_RANGES, AOG_TYPES } from './aog.enum.js';
import {
  CS_INCISIONS, CS_TYPES, DELIVERY_MANNERS, DELIVERY_PLACES, FETAL_PRESENTATIONS, INDUCTION_COMPLICATIONS, INDUCTION_INDICATIONS,
  INDUCTION_METHODS, LABOR_ONSETS,
} from './delivery.enum.js';
import { BIRTH_TRAUMAS, INFANT_STATUSES } from './neonatal.enum.js';
import { CAUSES_OF_DEATH, DEATH_TRIMESTERS, MOTHER_CONDITIONS, TIMINGS } from './discharge.enum.js';
import {
  GYNE_ORGANS, GYNE_STAGES, LATERALITIES, MEDICAL_SURGICAL, MIGS_CHOICES, PROCEDURE_TYPES, SURGICAL_INTERVENTIONS,
  TUMOR_CLASSES,
} from './gyne.enum.js';
import { BOOLEAN_CHOICES, PRESENCE_CHOICES } from './choices.enum.js';

/**
 * Every code table by a stable name, for the services (report segments, exports) and for
 * `GET /api/categories/:name` when a client asks for a code table by name.
 */
export const CODE_TABLES = {
  caseFormType: CASE_FORM_TYPES,
  pregnancyType: PREGNANCY_TYPE_LABELS,
  abortionType: ABORTION_TYPES,
  ectopicType: ECTOPIC_TYPES,
  molarType: MOLAR_TYPES,
  gtdDiagnosis: GTD_DIAGNOSES,
  gtdComplication: GTD_COMPLICATIONS,
  infantCount: INFANT_COUNT_CHOICES,
  pcosSymptoms: PCOS_SYMPTOMS,
  aogType: AOG_TYPES,
  aogRange: AOG_RANGES,
  deliveryPlace: DELIVERY_PLACES,
  deliveryManner: DELIVERY_MANNERS,
  csIncision: CS_INCISIONS,
  csType: CS_TYPES,
  inductionIndication: INDUCTION_INDICATIONS,
  inductionMethod: INDUCTION_METHODS,
  inductionComplication: INDUCTION_COMPLICATIONS,
  laborOnset: LABOR_ONSETS,
  fetalPresentation: FETAL_PRESENTATIONS,
  infantStatus: INFANT_STATUSES,
  birthTrauma: BIRTH_TRAUMAS,
  motherCondition: MOTHER_CONDITIONS,
  timing: TIMINGS,
  deathTrimester: DEATH_TRIMESTERS,
  causeOfDeath: CAUSES_OF_DEATH,
  procedureType: PROCEDURE_TYPES,
  tumorClass: TUMOR_CLASSES,
  gyneOrgan: GYNE_ORGANS,
  laterality: LATERALITIES,
  medicalSurgical: MEDICAL_SURGICAL,
  surgicalIntervention: SURGICAL_INTERVENTIONS,
  migsChoice: MIGS_CHOICES,
  gyneStage: GYNE_STAGES,
  boolean: BOOLEAN_CHOICES,
  presence: PRESENCE_CHOICES,
} as const satisfies Record<string, CodeTable>;

