import type { CodeTable } from './code-table.js';

/** SPEC.md §3 pregnancyType. */
export const PREGNANCY_TYPE = { SINGLETON: 1, MULTIPLE: 2, ABORTION: 3, ECTOPIC: 4, MOLAR: 5, HETEROTOPIC: 6 } as const;

/** The choices of the form. Heterotopic is not chosen here: it is a multiple pregnancy with isHeterotopic. */
export const PREGNANCY_TYPES: CodeTable = [
  { id: 1, label: 'Singleton' },
  { id: 2, label: 'Multiple' },
  { id: 3, label: 'Abortion' },
  { id: 4, label: 'Ectopic' },
  { id: 5, label: 'Molar' },
];

/** The decoding list, with the type-6 heterotopic wording (SPEC.md §3). */
export const PREGNANCY_TYPE_LABELS: CodeTable = [
  ...PREGNANCY_TYPES,
  { id: 6, label: 'Heterotopic' },
];

/** The isHeterotopic question asked of a multiple pregnancy. */
export const HETEROTOPIC_QUESTION = 'Heterotopic pregnancy (intrauterine and ectopic at once)?';

export const ABORTION_TYPES: CodeTable = [
  { id: 1, label: 'Septic Spontaneous' },
  { id: 2, label: 'Septic Induced' },
  { id: 3, label: 'Non-septic Spontaneous' },
  { id: 4, label: 'Non-Septic Induced' },
];

export const ECTOPIC_TYPES: CodeTable = [
  { id: 1, label: 'Tubal' },
  { id: 2, label: 'Interstitial/Cornual' },
  { id: 3, label: 'Unspecified' },
  { id: 4, label: 'Ovarian' },
  { id: 5, label: 'Abdominal' },
  { id: 6, label: 'Cervical' },
  { id: 7, label: 'CS Scar' },
];

/** molarType: the two-option molar list (SPEC.md §3 "1 Partial, 2 Complete"). */
export const MOLAR_TYPES: CodeTable = [
  { id: 1, label: 'Partial' },
  { id: 2, label: 'Complete' },
];

/** gtdDiagnosis: the five-option molar list of SPEC.md §3 (FIGO/WHO gestational trophoblastic disease). */
export const GTD_DIAGNOSES: CodeTable = [
  { id: 1, label: 'Partial Hydatidiform Mole' },
  { id: 2, label: 'Complete Hydatidiform Mole' },
  { id: 3, label: 'Invasive Mole' },
  { id: 4, label: 'Choriocarcinoma' },
  { id: 5, label: 'Placental Site Trophoblastic Tumor' },
];

/** gtdComplication; 8 is Others with gtdComplicationOthers (SPEC.md §3 free-text codes). */
export const GTD_COMPLICATIONS: CodeTable = [
  { id: 1, label: 'Hemorrhage' },
  { id: 2, label: 'Hyperthyroidism' },
  { id: 3, label: 'Early-onset Preeclampsia' },
  { id: 4, label: 'Theca Lutein Cysts' },
  { id: 5, label: 'Uterine Perforation' },
  { id: 6, label: 'Respiratory Insufficiency (Trophoblastic Embolization)' },
  { id: 7, label: 'Infection' },
  { id: 8, label: 'Others' },
];

/** Infant count choices (SPEC.md §3); Others opens a number input from 6 to 20. */
export const INFANT_COUNT_CHOICES: CodeTable = [
  { id: 2, label: 'Two' },
  { id: 3, label: 'Three' },
  { id: 4, label: 'Four' },
  { id: 5, label: 'Five' },
  { id: 6, label: 'Others' },
];
export const INFANT_COUNT_MIN_OTHERS = 6;
export const INFANT_COUNT_MAX = 20;

export const PCOS_SYMPTOMS: CodeTable = [
  { id: 1, label: 'Anovulation' },
  { id: 2, label: 'Hyperandrogenism (clinical)' },
  { id: 3, label: 'Hyperandrogenism (FG score)' },
  { id: 4, label: 'Polycystic appearing ovaries' },
];
