import type { CaseForm } from '../api/case-form.js';
import { FETAL_PRESENTATION, LABOR_ONSET } from '../enums/delivery.enum.js';
import { PREGNANCY_TYPE } from '../enums/pregnancy.enum.js';
import { aogRangeWeeks, recordedGestationalAge } from '../derived/gestational-age.js';
import { isPostpartumVariant, isDeliverySectionShown } from '../rules/case-visibility.rules.js';
import { fieldMeta } from '../validation/field-meta.js';

/**
 * The Robson Ten-Group Classification (WHO Statement on Caesarean Section Rates, 2015; WHO Robson
 * Classification Implementation Manual, 2017). Every woman who gives birth falls in exactly one group
 * by six variables: parity, previous caesarean section, onset of labour, fetal presentation or lie,
 * number of fetuses and gestational age. The groups, as the manual defines them:
 *
 *  1  Nulliparous women with a single cephalic pregnancy, >=37 weeks gestation in spontaneous labour.
 *  2  Nulliparous women with a single cephalic pregnancy, >=37 weeks gestation who either had labour
 *     induced (2a) or were delivered by caesarean section before labour (2b).
 *  3  Multiparous women without a previous uterine scar, with a single cephalic pregnancy, >=37 weeks
 *     gestation in spontaneous labour.
 *  4  Multiparous women without a previous uterine scar, with a single cephalic pregnancy, >=37 weeks
 *     gestation who either had labour induced (4a) or were delivered by caesarean section before labour (4b).
 *  5  All multiparous women with at least one previous uterine scar, with a single cephalic pregnancy,
 *     >=37 weeks gestation (5.1 one previous caesarean section, 5.2 two or more).
 *  6  All nulliparous women with a single breech pregnancy.
 *  7  All multiparous women with a single breech pregnancy including women with previous uterine scars.
 *  8  All women with multiple pregnancies including women with previous uterine scars.
 *  9  All women with a single pregnancy with a transverse or oblique lie, including women with previous
 *     uterine scars.
 *  10 All women with a single cephalic pregnancy <37 weeks gestation, including women with previous scars.
 *
 * The groups are tried in the order of GLOSSARY.md: multiple pregnancy 8; transverse or oblique lie 9;
 * breech 6 or 7; cephalic under 37 weeks 10; previous caesarean 5; nulliparous 1 or 2; multiparous 3 or 4.
 * On the form: parity is the OB score P (births before this one, as recorded on admission); the previous
 * uterine scar is a previous caesarean section; the gestational age is the AOG at delivery.
 */
export const ROBSON_GROUPS = [
  { key: '1', label: 'Group 1', definition: 'Nulliparous, single cephalic, 37+ weeks, spontaneous labor' },
  { key: '2a', label: 'Group 2a', definition: 'Nulliparous, single cephalic, 37+ weeks, induced labor' },
  { key: '2b', label: 'Group 2b', definition: 'Nulliparous, single cephalic, 37+ weeks, caesarean before labor' },
  { key: '3', label: 'Group 3', definition: 'Multiparous without a previous caesarean, single cephalic, 37+ weeks, spontaneous labor' },
  { key: '4a', label: 'Group 4a', definition: 'Multiparous without a previous caesarean, single cephalic, 37+ weeks, induced labor' },
  { key: '4b', label: 'Group 4b', definition: 'Multiparous without a previous caesarean, single cephalic, 37+ weeks, caesarean before labor' },
  { key: '5.1', label: 'Group 5.1', definition: 'One previous caesarean, single cephalic, 37+ weeks' },
  { key: '5.2', label: 'Group 5.2', definition: 'Two or more previous caesareans, single cephalic, 37+ weeks' },
  { key: '6', label: 'Group 6', definition: 'Nulliparous, single breech' },
  { key: '7', label: 'Group 7', definition: 'Multiparous, single breech (previous caesareans included)' },
  { key: '8', label: 'Group 8', definition: 'Multiple pregnancy (previous caesareans included)' },
  { key: '9', label: 'Group 9', definition: 'Single pregnancy, transverse or oblique lie (previous caesareans included)' },
  { key: '10', label: 'Group 10', definition: 'Single cephalic, 36 weeks or less (previous caesareans included)' },
] as const;

export type RobsonGroupKey = (typeof ROBSON_GROUPS)[number]['key'];

/** The segment of the women the classification cannot place: some of its variables are not recorded. */
export const ROBSON_UNCLASSIFIABLE = 'unclassifiable';
export const ROBSON_UNCLASSIFIABLE_LABEL = 'Not classifiable';

/** The six variables, each with the form field that records it. */
export const ROBSON_VARIABLES = {
  fetuses: { field: 'pregnancyType', words: 'number of fetuses' },
  presentation: { field: 'fetalPresentation', words: 'presentation or lie' },
  gestation: { field: 'deliveryAOG', words: 'AOG on delivery' },
  previousCaesareans: { field: 'previousCaesareans', words: 'previous caesarean sections' },
  parity: { field: 'obscoreP', words: 'parity (OB score P)' },
  onset: { field: 'laborOnset', words: 'onset of labor' },
} as const satisfies Record<string, { field: keyof CaseForm; words: string }>;
export type RobsonVariable = keyof typeof ROBSON_VARIABLES;

export type RobsonResult =
  | { classifiable: true; group: RobsonGroupKey; reason: string }
  | {
    classifiable: false;
    /** The variables not recorded, in the order of ROBSON_VARIABLES, with the field and label of each. */
    missing: Array<{ variable: RobsonVariable; field: keyof CaseForm; label: string }>;
    reason: string;
  };

type RobsonForm = Partial<CaseForm>;

const whole = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** 'single', 'multiple', or null when neither the pregnancy type nor the infant count says. */
function fetusesOf(form: RobsonForm): 'single' | 'multiple' | null {
  if (form.pregnancyType === PREGNANCY_TYPE.MULTIPLE || (whole(form.infantsNumber) && form.infantsNumber >= 2)) return 'multiple';
  if (form.pregnancyType === PREGNANCY_TYPE.SINGLETON) return 'single';
  return null;
}

/** 37 weeks or more ('term'), 36 or less ('preterm'), or null: from the AOG at delivery, exact or an estimated range. */
function gestationOf(form: RobsonForm): 'term' | 'preterm' | null {
  const age = recordedGestationalAge(form.deliveryAOGType, form.deliveryWeeks, form.deliveryAOG);
  if (!age) return null;
  if (age.kind === 'exact') return age.weeks >= 37 ? 'term' : 'preterm';
  const weeks = aogRangeWeeks(age.range);
  if (weeks && weeks.min >= 37) return 'term';
  if (weeks && weeks.max !== null && weeks.max <= 36) return 'preterm';
  return null;
}

/** The Robson group of a woman who gave birth, with its reason in words; never guessed when an answer is missing. */
export function robsonGroup(form: RobsonForm): RobsonResult {
  const fetuses = fetusesOf(form);
  const presentation = [FETAL_PRESENTATION.CEPHALIC, FETAL_PRESENTATION.BREECH, FETAL_PRESENTATION.TRANSVERSE_OR_OBLIQUE]
    .find((p) => p === form.fetalPresentation) ?? null;
  const gestation = gestationOf(form);
  const previous = whole(form.previousCaesareans) ? form.previousCaesareans : null;
  const parity = whole(form.obscoreP) ? (form.obscoreP === 0 ? 'nulliparous' : 'multiparous') : null;
  const onset = [LABOR_ONSET.SPONTANEOUS, LABOR_ONSET.INDUCED, LABOR_ONSET.NO_LABOR].find((o) => o === form.laborOnset) ?? null;

  const known: Record<RobsonVariable, boolean> = {
    fetuses: fetuses !== null, presentation: presentation !== null, gestation: gestation !== null,
    previousCaesareans: previous !== null, parity: parity !== null, onset: onset !== null,
  };
  const group = (key: RobsonGroupKey, words: string): RobsonResult => ({ classifiable: true, group: key, reason: `${words}: group ${key}` });
  const notClassifiable = (): RobsonResult => {
    const missing = (Object.keys(ROBSON_VARIABLES) as RobsonVariable[])
      .filter((v) => !known[v])
      .map((variable) => ({ variable, field: ROBSON_VARIABLES[variable].field, label: fieldMeta(ROBSON_VARIABLES[variable].field).label }));
    return {
      classifiable: false,
      missing,
      reason: `${ROBSON_UNCLASSIFIABLE_LABEL}: ${missing.map((m) => ROBSON_VARIABLES[m.variable].words).join(', ')} not recorded`,
    };
  };

  if (fetuses === null) return notClassifiable();
  if (fetuses === 'multiple') return group('8', 'Multiple pregnancy');
  if (presentation === null) return notClassifiable();
  if (presentation === FETAL_PRESENTATION.TRANSVERSE_OR_OBLIQUE) return group('9', 'Single, transverse or oblique lie');
  if (presentation === FETAL_PRESENTATION.BREECH) {
    if (parity === null) return notClassifiable();
    return parity === 'nulliparous' ? group('6', 'Nulliparous, single breech') : group('7', 'Multiparous, single breech');
  }
  if (gestation === null) return notClassifiable();
  if (gestation === 'preterm') return group('10', 'Single cephalic, 36 weeks or less');
  if (previous === null) return notClassifiable();
  if (previous >= 1) {
    const scar = previous === 1 ? '1 previous CS' : `${previous} previous CS`;
    return group(previous === 1 ? '5.1' : '5.2', `${parity === 'multiparous' ? 'Multiparous, ' : ''}${scar}, single cephalic, 37+ weeks`);
  }
  if (parity === null || onset === null) return notClassifiable();
  const labor = onset === LABOR_ONSET.SPONTANEOUS ? 'spontaneous labor' : onset === LABOR_ONSET.INDUCED ? 'induced' : 'caesarean before labor';
  if (parity === 'nulliparous') {
    return group(onset === LABOR_ONSET.SPONTANEOUS ? '1' : onset === LABOR_ONSET.INDUCED ? '2a' : '2b', `Nulliparous, single cephalic, 37+ weeks, ${labor}`);
  }
  return group(
    onset === LABOR_ONSET.SPONTANEOUS ? '3' : onset === LABOR_ONSET.INDUCED ? '4a' : '4b',
    `Multiparous, no previous CS, single cephalic, 37+ weeks, ${labor}`,
  );
}

/**
 * Who the department's Robson table counts: the women who gave birth during the admission (the
 * Delivery section's normal variant). A woman admitted after giving birth elsewhere (postpartum) did
 * not give birth in the department: her delivery is another facility's.
 */
export function isRobsonPopulation(form: RobsonForm): boolean {
  return isDeliverySectionShown(form) && !isPostpartumVariant(form);
}

/** The Robson segment of a case: its group key, 'unclassifiable', or null when it is not a birth in the department. */
export function robsonSegmentOf(form: RobsonForm): string | null {
  if (!isRobsonPopulation(form)) return null;
  const result = robsonGroup(form);
  return result.classifiable ? result.group : ROBSON_UNCLASSIFIABLE;
}

