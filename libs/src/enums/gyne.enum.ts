import type { CodeEntry, CodeTable } from './code-table.js';

/** SPEC.md §3 procedure types. */
export const PROCEDURE_TYPES: CodeTable = [
  { id: 1, label: 'Laparotomy' },
  { id: 2, label: 'Laparoscopy' },
  { id: 3, label: 'Hysteroscopy' },
  { id: 4, label: 'MIS' },
  { id: 5, label: 'Others' },
];

/** SPEC.md §3: category 1 gives type 1, category 7 gives 4, category 8 gives 5, others give 1. */
export function procedureTypeForCategory(categoryId: number): number {
  if (categoryId === 7) return 4;
  if (categoryId === 8) return 5;
  return 1;
}

/** SPEC.md §3 tumor class (organCondition). */
export const TUMOR_CLASS = { BENIGN: 1, MALIGNANT: 2, SPECIAL: 3 } as const;
export const TUMOR_CLASSES: CodeTable = [
  { id: 1, label: 'Benign' },
  { id: 2, label: 'Malignant' },
  { id: 3, label: 'Special' },
];

/** gyneOrgan: the organ a gyne case concerns. */
export const GYNE_ORGANS: CodeTable = [
  { id: 1, label: 'Uterus' },
  { id: 2, label: 'Cervix' },
  { id: 3, label: 'Ovary' },
  { id: 4, label: 'Fallopian Tube' },
  { id: 5, label: 'Vagina' },
  { id: 6, label: 'Vulva' },
  { id: 7, label: 'Pelvis and Peritoneum' },
  { id: 8, label: 'Others' },
];

export const LATERALITIES: CodeTable = [
  { id: 1, label: 'Left' },
  { id: 2, label: 'Right' },
  { id: 3, label: 'Bilateral' },
];

/** medicalSurgical: how the gyne or GTD case was managed. */
export const MEDICAL_SURGICAL: CodeTable = [
  { id: 1, label: 'Medical' },
  { id: 2, label: 'Surgical' },
  { id: 3, label: 'Medical and Surgical' },
];

/** surgicalIntervention; 6 is Others with surgicalInterventionOthers (SPEC.md §3 free-text codes). */
export const SURGICAL_INTERVENTIONS: CodeTable = [
  { id: 1, label: 'Suction Curettage' },
  { id: 2, label: 'Sharp Curettage' },
  { id: 3, label: 'Hysterectomy' },
  { id: 4, label: 'Laparotomy' },
  { id: 5, label: 'Uterine Artery Embolization' },
  { id: 6, label: 'Others' },
];

/** SPEC.md §3 MIGS choices for MIGSSurgeon and MIGSAssist. */
export const MIGS_CHOICE = { FELLOW: 1, NO: 2, NOT_APPLICABLE: 3 } as const;
export const MIGS_CHOICES: CodeTable = [
  { id: 1, label: 'FELLOW' },
  { id: 2, label: 'NO' },
  { id: 3, label: 'N/A' },
];

/** SPEC.md §3 gyne stage: id 6 is N/A; 1-5 are I-V. */
export const GYNE_STAGE_NOT_APPLICABLE = 6;
export const GYNE_STAGE_DEFAULT_MALIGNANT = 1;

const NUMERALS = ['I', 'II', 'III', 'IV', 'V'];
const LETTERS = ['A', 'B', 'C'];

/**
 * Malignant stages: N/A, I to V with A/B/C and 1-3 sublevels (SPEC.md §3). Ids are computed so
 * they never move: I-V are 1-5, N/A is 6, then numeral n with letter l is 10*n + l (l = 1..3,
 * e.g. IB = 12) and with sublevel s is 100*n + 10*l + s (e.g. IIIC1 = 331).
 */
export const GYNE_STAGES: CodeTable = buildStages();

function buildStages(): CodeEntry[] {
  const out: CodeEntry[] = [];
  NUMERALS.forEach((numeral, n) => out.push({ id: n + 1, label: numeral }));
  out.push({ id: GYNE_STAGE_NOT_APPLICABLE, label: 'N/A' });
  NUMERALS.forEach((numeral, n) => {
    LETTERS.forEach((letter, l) => {
      out.push({ id: 10 * (n + 1) + (l + 1), label: `${numeral}${letter}` });
      for (let s = 1; s <= 3; s += 1) {
        out.push({ id: 100 * (n + 1) + 10 * (l + 1) + s, label: `${numeral}${letter}${s}` });
      }
    });
  });
  return out;
}
