import type { CaseForm } from '../api/case-form.js';
import { CS_TYPE, LABOR_ONSET, PRESENTATION_OF_MANNER, VBAC_MANNERS } from '../enums/delivery.enum.js';
import { isCaesareanDetailShown } from './case-visibility.rules.js';

type Form = Partial<CaseForm>;

/**
 * The Robson answers the form's other answers already give, for an open case that lacks them (the
 * prefill): a primary caesarean gives 0 previous caesarean sections; induced labor an induced onset;
 * a breech or cephalic manner its presentation. Only what is said exactly: a repeat caesarean says at
 * least one previous caesarean, not how many, so the count is left to the clinician.
 */
export function impliedDeliveryAnswers(form: Form): Partial<Pick<CaseForm, 'previousCaesareans' | 'laborOnset' | 'fetalPresentation'>> {
  const implied: Partial<Pick<CaseForm, 'previousCaesareans' | 'laborOnset' | 'fetalPresentation'>> = {};
  const primary = (isCaesareanDetailShown(form.deliveryManner) && form.primaryRepeat === CS_TYPE.PRIMARY)
    || (isCaesareanDetailShown(form.deliveryManner2) && form.primaryRepeat2 === CS_TYPE.PRIMARY);
  const afterCaesarean = form.isTOLAC === true || [form.deliveryManner, form.deliveryManner2].some((m) => typeof m === 'number' && VBAC_MANNERS.includes(m));
  if (primary && !afterCaesarean) implied.previousCaesareans = 0;
  if (form.isInduced === true) implied.laborOnset = LABOR_ONSET.INDUCED;
  const presentation = typeof form.deliveryManner === 'number' ? PRESENTATION_OF_MANNER[form.deliveryManner] : undefined;
  if (presentation !== undefined) implied.fetalPresentation = presentation;
  return implied;
}
