import type { CaseForm } from '../api/case-form.js';
import type { FieldError } from '../api/common.js';
import { OTHERS_CONDITION_ID } from '../lookups/lookup-entry.js';
import { isExactAog, isNeonatalShown, isPregnant } from '../rules/case-visibility.rules.js';
import { sameValue } from '../rules/case-dependencies.rules.js';
import { CASE_FIELD_VISIBILITY, INFANT_FIELD_VISIBILITY } from '../rules/field-visibility.rules.js';
import { fieldMeta } from './field-meta.js';

/**
 * An answer that says saved means saved (issue 25 item 6). A save sends answers; the dependency
 * function (`applyCaseChange`) then empties what the form does not ask and settles what depends on
 * other answers. An answer it would empty or change is refused, by field and rule, instead of being
 * accepted and dropped: `unkeptAnswers(sent, stored, before)` lists them, where `stored` is the form
 * as the save would store it and `before` the case as it was (a value sent back unchanged is not an
 * answer of this save: a change of what it depends on empties it, as the form does).
 *
 * Not refused: an unanswered question (null, an empty list, an empty text) the rules fill in, and the
 * values SPEC.md §4 derives, which the server computes whatever a client sends (`SERVER_DERIVED`).
 */
export function unkeptAnswers(sent: Partial<CaseForm>, stored: CaseForm, before?: CaseForm): FieldError[] {
  const lost: string[] = [];
  const previous = before as unknown as Record<string, unknown> | undefined;
  for (const [field, value] of Object.entries(sent)) {
    if (isServerDerived(field, stored)) continue;
    // Sent back as it was stored: not an answer of this save. A change of what it depends on may empty it (SPEC.md §4).
    if (previous && sameValue(value, previous[field])) continue;
    lostAt(value, (stored as unknown as Record<string, unknown>)[field], field, lost);
  }
  return lost.map((path) => {
    const meta = /^neonatal\[\d+\]\./.test(path) ? fieldMeta(path) : fieldMeta(path.replace(/[.[].*$/, ''));
    return { field: path, label: meta.label, section: meta.section, message: `${labelOf(path, meta.label)} was not saved: ${ruleOf(path, stored)}` };
  });
}

/** Age on admission, BMI and an exact AOG's range: SPEC.md §4 derives them, so a client's value is not an answer. */
const SERVER_DERIVED: Readonly<Record<string, (form: CaseForm) => boolean>> = {
  age: () => true,
  bmi: () => true,
  admissionAOG: (f) => isPregnant(f) && isExactAog(f.admissionAOGType),
  deliveryAOG: (f) => isExactAog(f.deliveryAOGType),
};

function isServerDerived(field: string, stored: CaseForm): boolean {
  return SERVER_DERIVED[field]?.(stored) === true;
}

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isBlankRecord(value: unknown): boolean {
  return isRecord(value) ? Object.values(value).every(isBlank) : isBlank(value);
}

/** Collects the path of every answer in `sent` that `stored` does not hold as sent. */
function lostAt(sent: unknown, stored: unknown, path: string, lost: string[]): void {
  if (isBlank(sent)) return;
  if (Array.isArray(sent)) {
    if (!Array.isArray(stored)) {
      lost.push(path);
    } else if (!sent.some(isRecord)) {
      if (sent.length !== stored.length || sent.some((item, i) => item !== stored[i])) lost.push(path);
    } else {
      sent.forEach((item, i) => {
        if (i < stored.length) lostAt(item, stored[i], `${path}[${i}]`, lost);
        else if (!isBlankRecord(item)) lost.push(`${path}[${i}]`);
      });
    }
    return;
  }
  if (isRecord(sent)) {
    if (!isRecord(stored)) {
      lost.push(path);
      return;
    }
    for (const [key, value] of Object.entries(sent)) lostAt(value, stored[key], `${path}.${key}`, lost);
    return;
  }
  if (sent !== stored) lost.push(path);
}

function labelOf(path: string, label: string): string {
  return label === path ? path : `${label} (${path})`;
}

const PREGNANT = 'it is asked only when the patient is pregnant (an OB case)';
const DELIVERED = 'it is asked only when the patient has delivered (the Delivery section)';
const GYNE = 'it is asked only for a gyne case';
const MATERNAL_DEATH = 'it is asked only when the mother died (Mother Condition 3)';
const CAESAREAN = 'it is asked only for a caesarean delivery manner (1 or 16)';
const CAESAREAN_2 = "it is asked only when the second twin's manner is a caesarean (1 or 16)";
const INDUCED = 'it is asked only when labor was induced';
const EXACT_ADMISSION = 'it is asked only for a pregnancy whose age of gestation on admission is Exact';
const EXACT_DELIVERY = 'it is asked only when the age of gestation at delivery is Exact';
const FELLOW = 'it is asked only when FELLOW (1) is chosen';

/** When each conditional question is asked, in the words of SPEC.md §4: one line per field of CASE_FIELD_VISIBILITY. */
export const VISIBILITY_RULE_WORDS: Readonly<Partial<Record<keyof CaseForm, string>>> = {
  admissionAOGType: PREGNANT,
  admissionAOG: PREGNANT,
  admissionWeeks: EXACT_ADMISSION,
  admissionDays: EXACT_ADMISSION,
  pregnancyType: PREGNANT,
  isHeterotopic: 'it is asked only for a multiple pregnancy (pregnancy type 2)',
  abortionType: 'it is asked only for an abortion or miscarriage (pregnancy type 3)',
  ectopicType: 'it is asked only for an ectopic pregnancy (pregnancy type 4)',
  molarType: 'it is asked only for a molar pregnancy (pregnancy type 5)',
  isPostpartum: PREGNANT,
  isDelivered: "'Has patient delivered?' is asked only in a singleton or multiple pregnancy (types 1 and 2), and postpartum forces it to yes",
  infantsNumber: 'the number of infants is asked only in a singleton or multiple pregnancy (types 1 and 2)',
  complicatedPregnancy: PREGNANT,
  returnToOR: 'it is asked only when the pregnancy is complicated',
  morbidities: 'pregnancy co-morbidities are recorded only when the pregnancy is complicated or a delivery manner is set',
  obProcedure: 'OB procedures are recorded only for an OB case (pregnant)',
  pcosSymptoms: 'it is asked only when there is a history of PCOS',
  institutionalDelivery: DELIVERED,
  isTOLAC: DELIVERED,
  isInduced: DELIVERED,
  previousCaesareans: DELIVERED,
  laborOnset: DELIVERED,
  fetalPresentation: DELIVERED,
  inducedIndication: INDUCED,
  inducedMethod: INDUCED,
  inducedComplication: INDUCED,
  deliveryDate: DELIVERED,
  deliveryAOGType: DELIVERED,
  deliveryAOG: DELIVERED,
  deliveryWeeks: EXACT_DELIVERY,
  deliveryDays: EXACT_DELIVERY,
  deliveryManner: 'the manner of delivery is asked once the patient has delivered and TOLAC is answered (TOLAC unanswered clears it)',
  primaryRepeat: CAESAREAN,
  incision: CAESAREAN,
  CSBilateralSalpingectomy: CAESAREAN,
  CSBTL: CAESAREAN,
  deliveryIndication: 'indications are asked only for delivery manner 1, 5 or 6',
  deliveryIndicationOthers: 'it is asked only when the indication Others is chosen',
  deliveryManner2: "the second twin's manner is asked only for twins whose first manner is set and is not a caesarean",
  primaryRepeat2: CAESAREAN_2,
  incision2: CAESAREAN_2,
  CSBilateralSalpingectomy2: CAESAREAN_2,
  CSBTL2: CAESAREAN_2,
  deliveryIndication2: "the second twin's indications are asked only for its manner 1, 5 or 6",
  deliveryIndicationOthers2: "it is asked only when the second twin's indication Others is chosen",
  neonatal: 'neonatal records are kept only for a delivery that is not postpartum',
  gyneOrgan: GYNE,
  organCondition: GYNE,
  gyneDiagnosis: GYNE,
  gynecologicalDiagnosis: GYNE,
  gynemorbidities: GYNE,
  hasFailedMIS: GYNE,
  gtdDiagnosis: 'it is asked only for a gyne case or a molar pregnancy (pregnancy type 5)',
  gtdComplication: 'it is asked only for a gyne case or a molar pregnancy (pregnancy type 5)',
  gtdComplicationOthers: 'it is asked only when the GTD complication is Others (8)',
  medicalSurgical: GYNE,
  surgicalIntervention: GYNE,
  surgicalInterventionOthers: 'it is asked only when the surgical intervention is Others (6)',
  concomitantProcedure: GYNE,
  isMedical: GYNE,
  isSurgical: GYNE,
  isChemotherapy: GYNE,
  isRadiotherapy: GYNE,
  isOthers: GYNE,
  otherProcedure: 'it is asked only when Others is answered yes in a gyne case',
  MIGSSurgeonPSGE: FELLOW,
  MIGSSurgeonPSRM: FELLOW,
  MIGSAssistPSGE: FELLOW,
  MIGSAssistPSRM: FELLOW,
  antecedent: MATERNAL_DEATH,
  antecedentType: MATERNAL_DEATH,
  antecedentCause: MATERNAL_DEATH,
  immediateCause: MATERNAL_DEATH,
  immediateCauseOthers: 'it is asked only when the mother died of the immediate cause Others (8)',
  complicationOnset: MATERNAL_DEATH,
  complicationOnsetSpecific: 'it is asked only when the mother died and the complication onset is answered',
  deathTiming: MATERNAL_DEATH,
  deathTimingComplication: MATERNAL_DEATH,
  deathReviewed: 'it is asked only when the mother died or an infant died (birth outcome 2 to 6)',
};

/** The rules that change an answer a question still asks (SPEC.md §4), by field. */
const DEPENDENCY_RULE_WORDS: Readonly<Record<string, string>> = {
  infantsNumber: 'a singleton pregnancy (type 1) has one infant, a multiple pregnancy at least two',
  isDelivered: 'a postpartum admission (delivered before admission) is always delivered',
  deliveryManner: 'when TOLAC is yes, the manner of delivery is one of 1, 10, 11 or 12',
  deliveryManner2: 'when TOLAC is yes, the manner of delivery is one of 1, 10, 11 or 12',
  antecedentType: 'it must be a subcause of the antecedent chosen',
  antecedentCause: 'it must be a cause within the antecedent type chosen',
};

const INFANT_RULE_WORDS: Readonly<Record<string, string>> = {
  anomalyOthers: 'it is asked only when congenital anomalies are present (WITH)',
  causeofdeath: 'it is asked only for birth outcome 2 to 6',
  specificcause: 'it is asked only for birth outcome 2 to 6, and must be a condition of the cause of death chosen',
};

const UNCHANGED = "the case form's rules (SPEC.md §4) do not keep it as sent";

/** The rule, in words, that did not keep the answer at `path` of the stored form. */
function ruleOf(path: string, stored: CaseForm): string {
  const infant = /^neonatal\[(\d+)\](?:\.(\w+))?$/.exec(path);
  if (infant) {
    if (!infant[2]) {
      if (!isNeonatalShown(stored)) return VISIBILITY_RULE_WORDS.neonatal ?? UNCHANGED;
      return `the case keeps one neonatal record per infant, and its Number of Infants is ${stored.neonatal.length}`;
    }
    const field = infant[2] as keyof typeof INFANT_FIELD_VISIBILITY;
    return INFANT_RULE_WORDS[field] ?? UNCHANGED;
  }
  if (/^gynecologicalDiagnosis\[\d+\]\.othersField$/.test(path)) {
    return `the histopath text is kept only for the condition Others (${OTHERS_CONDITION_ID})`;
  }
  const field = path.replace(/[.[].*$/, '') as keyof CaseForm;
  const predicate = CASE_FIELD_VISIBILITY[field];
  if (predicate && !predicate(stored)) return VISIBILITY_RULE_WORDS[field] ?? UNCHANGED;
  return DEPENDENCY_RULE_WORDS[field] ?? UNCHANGED;
}
