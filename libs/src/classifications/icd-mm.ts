import type { CaseForm } from '../api/case-form.js';

/**
 * The WHO application of ICD-10 to deaths during pregnancy, childbirth and the puerperium (ICD-MM,
 * 2012): maternal deaths are grouped by their underlying cause into nine groups, and each group has a
 * type. Groups 1-6 are direct, 7 indirect, 8 unspecified, 9 coincidental (GLOSSARY.md). Coincidental
 * deaths (accidental or incidental) are not maternal deaths in the maternal mortality ratio.
 */
export const ICD_MM_GROUPS = [
  { group: 1, label: 'Pregnancies with abortive outcome', type: 'direct' },
  { group: 2, label: 'Hypertensive disorders in pregnancy, childbirth and the puerperium', type: 'direct' },
  { group: 3, label: 'Obstetric haemorrhage', type: 'direct' },
  { group: 4, label: 'Pregnancy-related infection', type: 'direct' },
  { group: 5, label: 'Other obstetric complications', type: 'direct' },
  { group: 6, label: 'Unanticipated complications of management', type: 'direct' },
  { group: 7, label: 'Non-obstetric complications', type: 'indirect' },
  { group: 8, label: 'Unknown or undetermined', type: 'unspecified' },
  { group: 9, label: 'Coincidental causes', type: 'coincidental' },
] as const;

export type IcdMmGroup = (typeof ICD_MM_GROUPS)[number]['group'];
export type IcdMmType = (typeof ICD_MM_GROUPS)[number]['type'];

/** The segment of a maternal death whose recorded cause maps to no group: counted as such, never guessed. */
export const ICD_MM_UNMAPPED = 'unmapped';
export const ICD_MM_UNMAPPED_LABEL = 'Unmapped cause';

/**
 * One row per entry of the maternal death causes list (lookups/lists/maternal-death-causes.list.ts),
 * at all three levels: `id` is the lookup entry the row maps (its name is repeated for the reader),
 * `group` its ICD-MM group, or null when the entry alone cannot be placed (then `basis` says why).
 * `basis` names the ICD-10 codes the group follows. A type row (11 Hemorrhage) places a death recorded
 * with its type but no specific cause; a cause row overrides its type (1106 Ruptured ectopic pregnancy
 * is group 1, not the haemorrhages' 3). Where the list files a cause under another heading than ICD-MM
 * (1403 Stroke under Direct), the row follows ICD-MM and says so.
 */
export const ICD_MM_MAPPING: ReadonlyArray<{ id: number; name: string; group: IcdMmGroup | null; basis: string }> = [
  { id: 1, name: 'Direct', group: null, basis: 'a direct death without its type may be in any of groups 1-6' },
  { id: 11, name: 'Hemorrhage', group: 3, basis: 'obstetric haemorrhage (O44-O46, O67, O72)' },
  { id: 1101, name: 'Postpartum hemorrhage from uterine atony', group: 3, basis: 'O72.1' },
  { id: 1102, name: 'Placenta previa', group: 3, basis: 'O44' },
  { id: 1103, name: 'Placental abruption', group: 3, basis: 'O45' },
  { id: 1104, name: 'Uterine rupture', group: 3, basis: 'O71.0-O71.1' },
  { id: 1105, name: 'Placenta accreta spectrum', group: 3, basis: 'O43.2' },
  { id: 1106, name: 'Ruptured ectopic pregnancy', group: 1, basis: 'O00: pregnancy with abortive outcome' },
  { id: 1107, name: 'Hemorrhage following abortion', group: 1, basis: 'O03-O08: pregnancy with abortive outcome' },
  { id: 1108, name: 'Retained placenta', group: 3, basis: 'O72.0: third-stage haemorrhage' },
  { id: 12, name: 'Hypertension', group: 2, basis: 'O11-O16' },
  { id: 1201, name: 'Preeclampsia with severe features', group: 2, basis: 'O14.1' },
  { id: 1202, name: 'Eclampsia', group: 2, basis: 'O15' },
  { id: 1203, name: 'HELLP syndrome', group: 2, basis: 'O14.2' },
  { id: 1204, name: 'Gestational hypertension', group: 2, basis: 'O13' },
  { id: 13, name: 'Infection', group: 4, basis: 'pregnancy-related infection (O41.1, O85, O86)' },
  { id: 1301, name: 'Puerperal sepsis', group: 4, basis: 'O85' },
  { id: 1302, name: 'Septic abortion', group: 1, basis: 'O03-O08 with infection: pregnancy with abortive outcome' },
  { id: 1303, name: 'Chorioamnionitis', group: 4, basis: 'O41.1' },
  { id: 1304, name: 'Peritonitis after caesarean section', group: 4, basis: 'O86.0' },
  { id: 14, name: 'Vascular Accidents', group: 5, basis: 'obstetric embolism and venous complications (O22, O87, O88)' },
  { id: 1401, name: 'Pulmonary thromboembolism', group: 5, basis: 'O88.2' },
  { id: 1402, name: 'Amniotic fluid embolism', group: 5, basis: 'O88.1' },
  { id: 1403, name: 'Stroke in pregnancy or puerperium', group: 7, basis: 'O99.4 (a cerebrovascular disease complicating pregnancy is non-obstetric in ICD-MM, though the list files it under Direct)' },
  { id: 1404, name: 'Cerebral venous sinus thrombosis', group: 5, basis: 'O22.5, O87.3' },
  { id: 15, name: 'Anesthesia', group: 6, basis: 'O29, O74, O89: complications of anaesthesia' },
  { id: 1501, name: 'Failed intubation or airway complication', group: 6, basis: 'O29.0, O74.0, O89.0' },
  { id: 1502, name: 'High or total spinal block', group: 6, basis: 'O29.3, O74.6, O89.5' },
  { id: 1503, name: 'Aspiration pneumonitis', group: 6, basis: 'O29.0, O74.0, O89.0' },
  { id: 1504, name: 'Local anesthetic systemic toxicity', group: 6, basis: 'O29.3, O74.4, O89.3' },
  { id: 16, name: 'Others', group: 5, basis: 'other obstetric complications' },
  { id: 1601, name: 'Obstructed labor', group: 5, basis: 'O64-O66' },
  { id: 1602, name: 'Complication of molar pregnancy', group: 1, basis: 'O01: pregnancy with abortive outcome' },
  { id: 1603, name: 'Acute fatty liver of pregnancy', group: 5, basis: 'O26.6' },
  { id: 1604, name: 'Peripartum cardiomyopathy', group: 5, basis: 'O90.3' },
  { id: 1605, name: 'Other direct obstetric cause', group: 5, basis: 'other obstetric complications' },
  { id: 2, name: 'Indirect', group: 7, basis: 'O10, O24-O25, O98-O99: non-obstetric complications' },
  { id: 21, name: 'Cardiac Disease', group: 7, basis: 'O99.4' },
  { id: 2101, name: 'Rheumatic heart disease', group: 7, basis: 'O99.4' },
  { id: 2102, name: 'Congenital heart disease', group: 7, basis: 'O99.4' },
  { id: 2103, name: 'Cardiomyopathy, non-peripartum', group: 7, basis: 'O99.4' },
  { id: 22, name: 'Infectious Disease', group: 7, basis: 'O98' },
  { id: 2201, name: 'Pneumonia', group: 7, basis: 'O99.5' },
  { id: 2202, name: 'Tuberculosis', group: 7, basis: 'O98.0' },
  { id: 2203, name: 'HIV disease', group: 7, basis: 'O98.7' },
  { id: 2204, name: 'Malaria', group: 7, basis: 'O98.6' },
  { id: 2205, name: 'Dengue', group: 7, basis: 'O98.5' },
  { id: 2206, name: 'COVID-19', group: 7, basis: 'O98.5' },
  { id: 23, name: 'Endocrine Disease', group: 7, basis: 'O24, O99.2' },
  { id: 2301, name: 'Diabetic ketoacidosis', group: 7, basis: 'O24' },
  { id: 2302, name: 'Thyroid storm', group: 7, basis: 'O99.2' },
  { id: 24, name: 'Hematologic Disease', group: 7, basis: 'O99.0-O99.1' },
  { id: 2401, name: 'Severe anemia', group: 7, basis: 'O99.0' },
  { id: 2402, name: 'Sickle cell crisis', group: 7, basis: 'O99.0' },
  { id: 25, name: 'Neurologic Disease', group: 7, basis: 'O99.3-O99.4' },
  { id: 2501, name: 'Epilepsy', group: 7, basis: 'O99.3' },
  { id: 2502, name: 'Ruptured aneurysm or arteriovenous malformation', group: 7, basis: 'O99.4' },
  { id: 26, name: 'Respiratory Disease', group: 7, basis: 'O99.5' },
  { id: 2601, name: 'Asthma', group: 7, basis: 'O99.5' },
  { id: 2602, name: 'Acute respiratory distress syndrome', group: 7, basis: 'O99.5' },
  { id: 27, name: 'Renal and Hepatic Disease', group: 7, basis: 'O26.8, O99.6, O98.4' },
  { id: 2701, name: 'Chronic kidney disease', group: 7, basis: 'O99.8' },
  { id: 2702, name: 'Hepatitis or liver failure', group: 7, basis: 'O98.4, O99.6' },
  { id: 28, name: 'Other Indirect Causes', group: 7, basis: 'O99.8' },
  { id: 2801, name: 'Systemic lupus erythematosus', group: 7, basis: 'O99.8' },
  { id: 2802, name: 'Malignancy', group: 7, basis: 'O99.8' },
  { id: 2803, name: 'Other indirect cause', group: 7, basis: 'O99.8' },
  { id: 3, name: 'Nonmaternal', group: 9, basis: 'accidental or incidental: coincidental causes' },
  { id: 31, name: 'Injury', group: 9, basis: 'V01-Y89 external causes' },
  { id: 3101, name: 'Road traffic injury', group: 9, basis: 'V01-V89' },
  { id: 3102, name: 'Fall', group: 9, basis: 'W00-W19' },
  { id: 3103, name: 'Burns', group: 9, basis: 'X00-X19' },
  { id: 3104, name: 'Drowning', group: 9, basis: 'W65-W74' },
  { id: 32, name: 'Violence', group: 9, basis: 'X60-Y09' },
  { id: 3201, name: 'Homicide or assault', group: 9, basis: 'X85-Y09' },
  { id: 3202, name: 'Suicide', group: 9, basis: 'X60-X84' },
  { id: 33, name: 'Other Incidental Causes', group: 9, basis: 'coincidental' },
  { id: 3301, name: 'Other incidental cause', group: 9, basis: 'coincidental' },
];

const ROWS = new Map(ICD_MM_MAPPING.map((row) => [row.id, row]));

export type IcdMmResult =
  | { mapped: true; group: IcdMmGroup; type: IcdMmType; label: string; from: number }
  | { mapped: false; reason: string };

/**
 * The ICD-MM group and type of a maternal death, from the most specific cause the form records: the
 * specific cause (antecedentCause), else its type (antecedentType), else the antecedent (Direct,
 * Indirect, Nonmaternal). A death with no cause recorded, or whose cause has no group, is unmapped.
 */
export function icdMmOf(form: Pick<Partial<CaseForm>, 'antecedent' | 'antecedentType' | 'antecedentCause'>): IcdMmResult {
  for (const id of [form.antecedentCause, form.antecedentType, form.antecedent]) {
    if (typeof id !== 'number') continue;
    const row = ROWS.get(id);
    if (!row) return { mapped: false, reason: `cause ${id} is not in the ICD-MM table` };
    if (row.group === null) return { mapped: false, reason: `${row.name}: ${row.basis}` };
    const group = ICD_MM_GROUPS[row.group - 1];
    return { mapped: true, group: group.group, type: group.type, label: group.label, from: id };
  }
  return { mapped: false, reason: 'no antecedent cause recorded' };
}

/** The ICD-MM segment of a case: the group number as text, 'unmapped', or null when the case is no maternal death. */
export function icdMmSegmentOf(form: Partial<CaseForm>, isMaternalDeath: boolean): string | null {
  if (!isMaternalDeath) return null;
  const result = icdMmOf(form);
  return result.mapped ? String(result.group) : ICD_MM_UNMAPPED;
}

/**
 * Whether a maternal death counts in the maternal mortality ratio: every death but a coincidental one
 * (GLOSSARY: 'from direct or indirect causes, not accidental or incidental'). An unspecified (group 8)
 * or unmapped cause is not known to be coincidental, so it counts.
 */
export function countsInMaternalMortalityRatio(result: IcdMmResult): boolean {
  return !(result.mapped && result.type === 'coincidental');
}

/** Whether the maternal deaths of an ICD-MM segment ('1'-'9', 'unmapped') count in the ratio: all but the coincidental. */
export function icdMmSegmentCountsInRatio(segment: string): boolean {
  const group = ICD_MM_GROUPS.find((g) => String(g.group) === segment);
  return group === undefined || group.type !== 'coincidental';
}
