import type { FieldError } from '../api/common.js';
import type { CaseForm } from '../api/case-form.js';
import { type CodeTable, decode } from '../enums/code-table.js';
import {
  CS_TYPE, DELIVERY_MANNERS, FETAL_PRESENTATIONS, LABOR_ONSET, LABOR_ONSETS, PRESENTATION_OF_MANNER, VBAC_MANNERS,
} from '../enums/delivery.enum.js';
import { isCaesareanDetailShown, isDeliverySectionShown } from '../rules/case-visibility.rules.js';
import { fieldMeta } from './field-meta.js';

type Form = Partial<CaseForm>;

/**
 * The Robson answers against what the form already says of the delivery (issue 28). Each
 * contradiction refuses the save on both fields, each message naming the other field and its
 * answer, on the form and on the server (through caseSaveErrors):
 *
 * - a repeat caesarean, a VBAC manner or a trial of labor after caesarean (TOLAC) means at least one
 *   previous caesarean section; a primary caesarean (the first) means none;
 * - a breech delivery or extraction means a breech presentation, a spontaneous cephalic or vacuum
 *   delivery a cephalic one (PRESENTATION_OF_MANNER);
 * - induced labor means the onset was induced, and an induced onset means labor was induced;
 * - no labor (caesarean before labor) means the delivery was a caesarean section.
 *
 * A rule is checked only when both its answers are given, so a case recorded before these answers
 * existed is never refused for them. The answers a rule implies are prefilled (rules `impliedDeliveryAnswers`).
 */
export function deliveryConsistencyErrors(form: Form): FieldError[] {
  if (!isDeliverySectionShown(form)) return [];
  const errors: FieldError[] = [];
  const both = (a: keyof CaseForm, aMessage: string, b: keyof CaseForm, bMessage: string) => {
    errors.push(error(a, aMessage), error(b, bMessage));
  };
  const previous = typeof form.previousCaesareans === 'number' ? form.previousCaesareans : null;
  const label = (field: keyof CaseForm) => fieldMeta(field).label;
  const answer = (table: CodeTable, value: unknown) => `'${decode(table, value)}'`;
  const prior = (n: number) => `${n} previous caesarean section${n === 1 ? '' : 's'}`;

  if (previous !== null) {
    for (const field of ['primaryRepeat', 'primaryRepeat2'] as const) {
      const manner = field === 'primaryRepeat' ? form.deliveryManner : form.deliveryManner2;
      if (!isCaesareanDetailShown(manner)) continue;
      if (form[field] === CS_TYPE.REPEAT && previous === 0) {
        both('previousCaesareans', `A repeat caesarean section (${label(field)}) means at least 1 previous caesarean section`,
          field, `A repeat caesarean section needs at least 1 previous caesarean section; ${label('previousCaesareans')} is 0`);
      }
      if (form[field] === CS_TYPE.PRIMARY && previous > 0) {
        both('previousCaesareans', `A primary caesarean section (${label(field)}) is the first: previous caesarean sections must be 0`,
          field, `A primary caesarean section is the first, but ${label('previousCaesareans')} records ${prior(previous)}`);
      }
    }
    for (const field of ['deliveryManner', 'deliveryManner2'] as const) {
      const manner = form[field];
      if (typeof manner === 'number' && VBAC_MANNERS.includes(manner) && previous === 0) {
        both('previousCaesareans', `${answer(DELIVERY_MANNERS, manner)} (${label(field)}) is a birth after a caesarean: at least 1 previous caesarean section`,
          field, `A vaginal birth after caesarean needs at least 1 previous caesarean section; ${label('previousCaesareans')} is 0`);
      }
    }
    if (form.isTOLAC === true && previous === 0) {
      both('previousCaesareans', `A trial of labor after caesarean (${label('isTOLAC')}: YES) means at least 1 previous caesarean section`,
        'isTOLAC', `A trial of labor after caesarean needs at least 1 previous caesarean section; ${label('previousCaesareans')} is 0`);
    }
  }

  const implied = typeof form.deliveryManner === 'number' ? PRESENTATION_OF_MANNER[form.deliveryManner] : undefined;
  if (implied !== undefined && typeof form.fetalPresentation === 'number' && form.fetalPresentation !== implied) {
    both('fetalPresentation', `${answer(DELIVERY_MANNERS, form.deliveryManner)} (${label('deliveryManner')}) means a ${decode(FETAL_PRESENTATIONS, implied).toLowerCase()} presentation`,
      'deliveryManner', `${answer(DELIVERY_MANNERS, form.deliveryManner)} does not agree with ${label('fetalPresentation')} ${answer(FETAL_PRESENTATIONS, form.fetalPresentation)}`);
  }

  const onset = form.laborOnset;
  if (form.isInduced === true && typeof onset === 'number' && onset !== LABOR_ONSET.INDUCED) {
    both('laborOnset', `Labor was induced (${label('isInduced')}: YES): the onset of labor is 'Induced'`,
      'isInduced', `Induced labor does not agree with ${label('laborOnset')} ${answer(LABOR_ONSETS, onset)}`);
  }
  if (form.isInduced === false && onset === LABOR_ONSET.INDUCED) {
    both('laborOnset', `An induced onset needs ${label('isInduced')}: YES`,
      'isInduced', `${label('laborOnset')} is 'Induced': labor was induced`);
  }
  if (onset === LABOR_ONSET.NO_LABOR && typeof form.deliveryManner === 'number' && !isCaesareanDetailShown(form.deliveryManner)) {
    both('laborOnset', `No labor means a caesarean section before labor, but ${label('deliveryManner')} is ${answer(DELIVERY_MANNERS, form.deliveryManner)}`,
      'deliveryManner', `${answer(DELIVERY_MANNERS, form.deliveryManner)} does not agree with ${label('laborOnset')} ${answer(LABOR_ONSETS, onset)}`);
  }
  return errors;
}

function error(field: keyof CaseForm, message: string): FieldError {
  const meta = fieldMeta(field);
  return { field, label: meta.label, section: meta.section, message };
}

