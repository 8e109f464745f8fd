import type { CaseForm, Infant } from '../api/case-form.js';
import type { CodeEntry } from '../enums/code-table.js';
import { AOG_TYPE } from '../enums/aog.enum.js';
import {
  CAESAREAN_DETAIL_MANNERS, DELIVERY_MANNERS, INDICATION_MANNERS, TOLAC_MANNERS,
} from '../enums/delivery.enum.js';
import { MIGS_CHOICE } from '../enums/gyne.enum.js';
import { MOTHER_CONDITION } from '../enums/discharge.enum.js';
import { isMortalityStatus } from '../enums/neonatal.enum.js';
import { PREGNANCY_TYPE } from '../enums/pregnancy.enum.js';
import { OTHER_CODES } from '../enums/choices.enum.js';
import { OTHERS_CONDITION_ID } from '../lookups/lookup-entry.js';

/**
 * Which sections and fields of the case form are shown (SPEC.md §2 "Case form" body sections,
 * §4 "Case form dependencies"). Every predicate reads a possibly incomplete form, so the
 * validator can use them on anything a client sends.
 */
export type CaseFormView = Partial<CaseForm>;

export function isPregnant(form: CaseFormView): boolean {
  return form.isPregnancy === true;
}

/** Types 1 and 2 (singleton, multiple) are the ones that end in a delivery. */
export function isDeliverablePregnancyType(pregnancyType: unknown): boolean {
  return pregnancyType === PREGNANCY_TYPE.SINGLETON || pregnancyType === PREGNANCY_TYPE.MULTIPLE;
}

/** SPEC.md §4: 'Has patient delivered?' is offered only when pregnant, not postpartum, and type 1 or 2. */
export function isDeliveredQuestionShown(form: CaseFormView): boolean {
  return isPregnant(form) && isDeliverablePregnancyType(form.pregnancyType) && form.isPostpartum !== true;
}

/** The delivery state can hold a value (offered, or forced true by postpartum). */
export function isDeliveredApplicable(form: CaseFormView): boolean {
  return isPregnant(form) && isDeliverablePregnancyType(form.pregnancyType);
}

/** SPEC.md §2: the Delivery nav item and section only when delivered (§4: postpartum true forces delivered). */
export function isDeliverySectionShown(form: CaseFormView): boolean {
  return isDeliveredApplicable(form) && (form.isDelivered === true || form.isPostpartum === true);
}

/** SPEC.md §2: the Delivery postpartum variant, when delivered and postpartum. */
export function isPostpartumVariant(form: CaseFormView): boolean {
  return isDeliverySectionShown(form) && form.isPostpartum === true;
}

/** SPEC.md §2: the Delivery normal variant, when delivered and not postpartum. */
export function isNormalDeliveryVariant(form: CaseFormView): boolean {
  return isDeliverySectionShown(form) && form.isPostpartum !== true;
}

/** SPEC.md §2: Pregnancy Complications when pregnant and complicated. */
export function isPregnancyComplicationsShown(form: CaseFormView): boolean {
  return isPregnant(form) && form.complicatedPregnancy === true;
}

/** SPEC.md §2: Gyne conditions and Gyne Procedures for gyne cases. */
export function isGyneSectionShown(form: CaseFormView): boolean {
  return form.isGyne === true;
}

/** SPEC.md §2: OB Procedures for OB cases (pregnant). */
export function isObProceduresShown(form: CaseFormView): boolean {
  return isPregnant(form);
}

/** SPEC.md §4: TOLAC unanswered clears delivery manner, so the manner is asked once TOLAC is answered. */
export function isDeliveryMannerShown(form: CaseFormView): boolean {
  return isDeliverySectionShown(form) && typeof form.isTOLAC === 'boolean';
}

/** SPEC.md §4: when TOLAC is yes, manner options are restricted to ids 1, 10, 11, 12. */
export function allowedDeliveryManners(form: CaseFormView): CodeEntry[] {
  if (form.isTOLAC === true) return DELIVERY_MANNERS.filter((m) => TOLAC_MANNERS.includes(m.id));
  return [...DELIVERY_MANNERS];
}

export function isAllowedDeliveryManner(form: CaseFormView, manner: unknown): boolean {
  return allowedDeliveryManners(form).some((m) => m.id === manner);
}

/**
 * Primary/Repeat, Incision, Bilateral Salpingectomy and BTL. SPEC.md §4 names manner 1; §9 says
 * "1 and 16 require caesarean detail" and §5 says the form requires them for 16 too: we follow §9.
 */
export function isCaesareanDetailShown(manner: unknown): boolean {
  return typeof manner === 'number' && CAESAREAN_DETAIL_MANNERS.includes(manner);
}

/** SPEC.md §4: indications show for manner 1, 5 and 6. */
export function areIndicationsShown(manner: unknown): boolean {
  return typeof manner === 'number' && INDICATION_MANNERS.includes(manner);
}

export function isIndicationOthersShown(indications: unknown): boolean {
  return Array.isArray(indications) && indications.includes(OTHERS_CONDITION_ID);
}

/**
 * SPEC.md §4: a second-twin manner is shown for twins when the first manner is set and not 1.
 * Twins: a multiple pregnancy with at least two infants. A first twin born by caesarean
 * hysterectomy (16, a caesarean manner by §9) leaves no vaginal birth for the second either.
 */
export function isSecondTwinShown(form: CaseFormView): boolean {
  const manner = form.deliveryManner;
  return isDeliveryMannerShown(form)
    && form.pregnancyType === PREGNANCY_TYPE.MULTIPLE
    && typeof form.infantsNumber === 'number' && form.infantsNumber >= 2
    && typeof manner === 'number'
    && !CAESAREAN_DETAIL_MANNERS.includes(manner);
}

/** SPEC.md §4: the neonatal list belongs to the normal delivery variant (§5: no infant rules postpartum). */
export function isNeonatalShown(form: CaseFormView): boolean {
  return isNormalDeliveryVariant(form);
}

/** SPEC.md §4: above 5 infants a number input (6 to 20) shows. */
export function isInfantNumberInputShown(form: CaseFormView): boolean {
  return typeof form.infantsNumber === 'number' && form.infantsNumber > 5;
}

/** SPEC.md §4: infant status 2 to 6 shows cause of death, specific cause and the reviewed question. */
export function isCauseOfDeathShown(infant: Partial<Infant> | null | undefined): boolean {
  return isMortalityStatus(infant?.status);
}

export function isAnomalyOthersShown(infant: Partial<Infant> | null | undefined): boolean {
  return infant?.anomalies === true;
}

/**
 * Pregnancy co-morbidities (the Co-morbidities section): listed when the pregnancy is complicated,
 * and asked for once a delivery manner is set (SPEC.md §5 "Morbidities required once a manner is set").
 */
export function isMorbiditiesShown(form: CaseFormView): boolean {
  return isPregnancyComplicationsShown(form) || (isDeliveryMannerShown(form) && form.deliveryManner != null);
}

export function isExactAog(aogType: unknown): boolean {
  return aogType === AOG_TYPE.EXACT;
}

export function isMaternalDeath(form: CaseFormView): boolean {
  return form.motherCondition === MOTHER_CONDITION.DIED;
}

export function anyInfantDied(form: CaseFormView): boolean {
  return isNeonatalShown(form) && Array.isArray(form.neonatal) && form.neonatal.some((i) => isCauseOfDeathShown(i));
}

/** SPEC.md §5: deathReviewed when the mother died or any infant has status 2 to 6. */
export function isDeathReviewedShown(form: CaseFormView): boolean {
  return isMaternalDeath(form) || anyInfantDied(form);
}

/** SPEC.md §4: a MIGS choice other than FELLOW clears its PSGE and PSRM boxes. */
export function areMigsBoxesShown(choice: unknown): boolean {
  return choice === MIGS_CHOICE.FELLOW;
}

export function isPcosSymptomsShown(form: CaseFormView): boolean {
  return form.pcosHistory === true;
}

/**
 * GTD Diagnosis and GTD Complication (SPEC.md §3) are asked in a gyne case and in a molar pregnancy:
 * a hydatidiform mole is gestational trophoblastic disease, and SPEC.md §1 puts a molar pregnancy in
 * the GTD review list, whose columns are those two answers.
 */
export function isGtdShown(form: CaseFormView): boolean {
  return isGyneSectionShown(form) || (isPregnant(form) && form.pregnancyType === PREGNANCY_TYPE.MOLAR);
}

/** Where the form asks the GTD questions of a molar pregnancy that is not a gyne case: beside its molar type. */
export function isGtdAskedWithPregnancy(form: CaseFormView): boolean {
  return isGtdShown(form) && !isGyneSectionShown(form);
}

export function isGtdComplicationOthersShown(form: CaseFormView): boolean {
  return isGtdShown(form) && form.gtdComplication === OTHER_CODES.gtdComplication;
}

export function isSurgicalInterventionOthersShown(form: CaseFormView): boolean {
  return isGyneSectionShown(form) && form.surgicalIntervention === OTHER_CODES.surgicalIntervention;
}

export function isImmediateCauseOthersShown(form: CaseFormView): boolean {
  return isMaternalDeath(form) && form.immediateCause === OTHER_CODES.immediateCause;
}
