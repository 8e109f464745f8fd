import type { Dayjs } from 'dayjs';
import type { FormRule } from 'antd';
import { validateCaseInfo } from '@pnss/libs/validation';
import { todayIso, toIsoDate } from '../../format/display.js';
import { asksPediatricConfirmation } from '../patient-form/patient-form-rules.js';

export interface CaseInfoFormValues {
  caseNum: string;
  /** The patient's name, asked when the screen creates the patient (issue 14 item 3). */
  firstName?: string;
  middleName?: string;
  lastName?: string;
  birthDate: Dayjs | null;
  pediatricConfirmed: boolean;
}

export const EMPTY_CASE_INFO: CaseInfoFormValues = { caseNum: '', firstName: '', middleName: '', lastName: '', birthDate: null, pediatricConfirmed: false };

export function toCaseInfoPayload(values: CaseInfoFormValues, newPatient = false) {
  const names = newPatient
    ? {
        firstName: (values.firstName ?? '').trim(),
        middleName: (values.middleName ?? '').trim() || null,
        lastName: (values.lastName ?? '').trim(),
      }
    : {};
  return {
    caseNum: (values.caseNum ?? '').trim(),
    ...names,
    birthDate: toIsoDate(values.birthDate),
    pediatricConfirmed: asksPediatricConfirmation(values.birthDate) ? values.pediatricConfirmed === true : false,
  };
}

/** SPEC.md §5 "Case information": the rule of @pnss/libs the server runs too. */
export function caseInfoRule(field: 'caseNum' | 'pediatricConfirmed' | 'firstName' | 'middleName' | 'lastName', newPatient = false): FormRule {
  return (form) => ({
    validator: async () => {
      const values = form.getFieldsValue(true) as CaseInfoFormValues;
      const error = validateCaseInfo(toCaseInfoPayload(values, newPatient), { today: todayIso(), newPatient }).find((item) => item.field === field);
      if (error) throw new Error(error.message);
    },
  });
}
