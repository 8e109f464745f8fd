import type { Dayjs } from 'dayjs';
import type { FormRule } from 'antd';
import type { PatientPayload } from '@pnss/libs/api';
import { isPediatric } from '@pnss/libs/derived';
import { validatePatient } from '@pnss/libs/validation';
import { todayIso, toIsoDate } from '../../format/display.js';

export interface PatientFormValues {
  firstName: string;
  middleName: string;
  lastName: string;
  birthDate: Dayjs | null;
  pediatricConfirmed: boolean;
  avatar: string | null;
}

export const EMPTY_PATIENT_FORM: PatientFormValues = {
  firstName: '',
  middleName: '',
  lastName: '',
  birthDate: null,
  pediatricConfirmed: false,
  avatar: null,
};

/** SPEC.md §5: the confirmation is asked while the computed age is under 19. */
export function asksPediatricConfirmation(birthDate: Dayjs | null | undefined): boolean {
  const iso = toIsoDate(birthDate);
  return iso !== null && isPediatric(iso, todayIso());
}

export function toPatientPayload(values: PatientFormValues): PatientPayload {
  return {
    firstName: (values.firstName ?? '').trim(),
    middleName: (values.middleName ?? '').trim() || null,
    lastName: (values.lastName ?? '').trim(),
    birthDate: toIsoDate(values.birthDate),
    // An adult needs no confirmation; a stale tick must not follow a corrected birth date.
    pediatricConfirmed: asksPediatricConfirmation(values.birthDate) ? values.pediatricConfirmed === true : false,
    avatar: values.avatar ?? null,
  };
}

export type PatientRuleField = 'firstName' | 'middleName' | 'lastName' | 'birthDate' | 'pediatricConfirmed';

/** A field's rule is the patient rule of @pnss/libs, the same one the server runs (SPEC.md §5). */
export function patientRule(field: PatientRuleField): FormRule {
  return (form) => ({
    validator: async () => {
      const values = form.getFieldsValue(true) as PatientFormValues;
      const error = validatePatient(toPatientPayload(values), { today: todayIso() }).find((item) => item.field === field);
      if (error) throw new Error(error.message);
    },
  });
}
