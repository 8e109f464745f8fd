import type { Dayjs } from 'dayjs';
import type { FormRule } from 'antd';
import { validateCaseInfo } from '@pnss/libs/validation';
import { todayIso, toIsoDate } from '../../format/display.js';
import { asksPediatricConfirmation } from '../patient-form/patient-form-rules.js';

export interface CaseInfoFormValues {
  caseNum: string;
  birthDate: Dayjs | null;
  pediatricConfirmed: boolean;
}

export const EMPTY_CASE_INFO: CaseInfoFormValues = { caseNum: '', birthDate: null, pediatricConfirmed: false };

export function toCaseInfoPayload(values: CaseInfoFormValues) {
  return {
    caseNum: (values.caseNum ?? '').trim(),
    birthDate: toIsoDate(values.birthDate),
    pediatricConfirmed: asksPediatricConfirmation(values.birthDate) ? values.pediatricConfirmed === true : false,
  };
}

/** SPEC.md §5 "Case information": the rule of @pnss/libs the server runs too. */
export function caseInfoRule(field: 'caseNum' | 'pediatricConfirmed'): FormRule {
  return (form) => ({
    validator: async () => {
      const values = form.getFieldsValue(true) as CaseInfoFormValues;
      const error = validateCaseInfo(toCaseInfoPayload(values), { today: todayIso() }).find((item) => item.field === field);
      if (error) throw new Error(error.message);
    },
  });
}
