import type { CodeTable } from './code-table.js';

/** SPEC.md §3 delivery places. */
export const DELIVERY_PLACES: CodeTable = [
  { id: 1, label: 'Institutional' },
  { id: 2, label: 'Noninstitutional/Transit' },
];

/** SPEC.md §3, §9: manner ids 1 caesarean, 5 forceps, 6 vacuum. */
export const DELIVERY_MANNER = {
  CAESAREAN: 1,
  SPONTANEOUS_CEPHALIC: 2,
  SPONTANEOUS_BREECH: 3,
  PARTIAL_BREECH_EXTRACTION: 4,
  FORCEPS: 5,
  VACUUM: 6,
  TOTAL_BREECH_EXTRACTION: 7,
  INTERNAL_PODALIC_VERSION: 8,
  DESTRUCTIVE_OPERATION: 9,
  VBAC_SPONTANEOUS: 10,
  VBAC_FORCEPS: 11,
  VBAC_VACUUM: 12,
  CAESAREAN_HYSTERECTOMY: 16,
} as const;

/**
 * The 13 delivery manners in display order, from Caesarean Section to VBAC vacuum extraction
 * (SPEC.md §3). The ids 10-12 are the VBAC manners of the TOLAC set; 16 is the other manner
 * that needs caesarean detail (§9), a caesarean section ending in hysterectomy.
 */
export const DELIVERY_MANNERS: CodeTable = [
  { id: 1, label: 'Caesarean Section' },
  { id: 16, label: 'Caesarean Hysterectomy' },
  { id: 2, label: 'Spontaneous Cephalic Delivery' },
  { id: 3, label: 'Spontaneous Breech Delivery' },
  { id: 4, label: 'Partial Breech Extraction' },
  { id: 7, label: 'Total Breech Extraction' },
  { id: 8, label: 'Internal Podalic Version and Breech Extraction' },
  { id: 5, label: 'Forceps Extraction' },
  { id: 6, label: 'Vacuum Extraction' },
  { id: 9, label: 'Destructive Operation (Embryotomy)' },
  { id: 10, label: 'VBAC Spontaneous Vaginal Delivery' },
  { id: 11, label: 'VBAC Forceps Extraction' },
  { id: 12, label: 'VBAC Vacuum Extraction' },
];

/** SPEC.md §9: manners 1 and 16 require caesarean detail. */
export const CAESAREAN_DETAIL_MANNERS: readonly number[] = [1, 16];
/** SPEC.md §9: the TOLAC-allowed set. */
export const TOLAC_MANNERS: readonly number[] = [1, 10, 11, 12];
/** SPEC.md §4: indications show for manners 1, 5 and 6. */
export const INDICATION_MANNERS: readonly number[] = [1, 5, 6];

/** SPEC.md §3 CS incision. */
export const CS_INCISIONS: CodeTable = [
  { id: 1, label: 'Low segment (LSTCS)' },
  { id: 2, label: 'Classical' },
];

/** SPEC.md §3 CS type (primaryRepeat): 1 Primary (the first caesarean), 2 Repeat (after an earlier one). */
export const CS_TYPE = { PRIMARY: 1, REPEAT: 2 } as const;
export const CS_TYPES: CodeTable = [
  { id: 1, label: 'Primary' },
  { id: 2, label: 'Repeat' },
];

export const INDUCTION_INDICATIONS: CodeTable = [
  { id: 1, label: 'Postdatism' },
  { id: 2, label: 'Low AFI' },
  { id: 3, label: 'Hypertension' },
  { id: 4, label: 'PROM' },
  { id: 5, label: 'Others' },
];

export const INDUCTION_METHODS: CodeTable = [
  { id: 1, label: 'Oxytocin' },
  { id: 2, label: 'Laminaria' },
  { id: 3, label: 'Foley Catheter' },
  { id: 4, label: 'Dinoprostone gel' },
  { id: 5, label: 'Evening primrose' },
  { id: 6, label: 'Others' },
];

/** Labels as SPEC.md §3 spells them ('Hemmorhage' included): stored exports keep matching the spec. */
export const INDUCTION_COMPLICATIONS: CodeTable = [
  { id: 1, label: 'Hemmorhage' },
  { id: 2, label: 'Infection' },
  { id: 3, label: 'Non reassuring fetal status' },
  { id: 4, label: 'Uterine Rupture' },
  { id: 5, label: 'Intrapartal Death' },
  { id: 6, label: 'None' },
];

/** The VBAC manners (vaginal birth after caesarean): each means at least one previous caesarean section. */
export const VBAC_MANNERS: readonly number[] = [DELIVERY_MANNER.VBAC_SPONTANEOUS, DELIVERY_MANNER.VBAC_FORCEPS, DELIVERY_MANNER.VBAC_VACUUM];

/**
 * Onset of labor, one of the six Robson variables (WHO 2017, "onset of labour"): spontaneous, induced,
 * or no labor because the caesarean section was done before labor began (pre-labour caesarean).
 */
export const LABOR_ONSET = { SPONTANEOUS: 1, INDUCED: 2, NO_LABOR: 3 } as const;
export const LABOR_ONSETS: CodeTable = [
  { id: 1, label: 'Spontaneous' },
  { id: 2, label: 'Induced' },
  { id: 3, label: 'No labor (caesarean before labor)' },
];

/** Fetal presentation or lie of the first or only fetus, one of the six Robson variables (WHO 2017). */
export const FETAL_PRESENTATION = { CEPHALIC: 1, BREECH: 2, TRANSVERSE_OR_OBLIQUE: 3 } as const;
export const FETAL_PRESENTATIONS: CodeTable = [
  { id: 1, label: 'Cephalic' },
  { id: 2, label: 'Breech' },
  { id: 3, label: 'Transverse or oblique lie' },
];

/**
 * The presentation a manner of delivery says of the first or only fetus: a breech delivery or
 * extraction is a breech; a spontaneous cephalic or a vacuum delivery is cephalic. Forceps (used on
 * the after-coming head of a breech too), version, destructive operations and caesareans say nothing.
 */
export const PRESENTATION_OF_MANNER: Readonly<Record<number, number>> = {
  [DELIVERY_MANNER.SPONTANEOUS_CEPHALIC]: FETAL_PRESENTATION.CEPHALIC,
  [DELIVERY_MANNER.VACUUM]: FETAL_PRESENTATION.CEPHALIC,
  [DELIVERY_MANNER.VBAC_VACUUM]: FETAL_PRESENTATION.CEPHALIC,
  [DELIVERY_MANNER.SPONTANEOUS_BREECH]: FETAL_PRESENTATION.BREECH,
  [DELIVERY_MANNER.PARTIAL_BREECH_EXTRACTION]: FETAL_PRESENTATION.BREECH,
  [DELIVERY_MANNER.TOTAL_BREECH_EXTRACTION]: FETAL_PRESENTATION.BREECH,
};

/** Previous caesarean sections: a whole number from 0 (none) to 10. */
export const PREVIOUS_CAESAREANS_MAX = 10;
