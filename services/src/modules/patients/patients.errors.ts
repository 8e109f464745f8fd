import type { Patient } from '@pnss/libs/api';
import { AppError, assertNever } from '../../common/errors/app-error.js';

export enum PatientsErrorCode {
  PatientNotFound = 'PATIENT_NOT_FOUND',
  PatientChanged = 'PATIENT_CHANGED',
}

export const PATIENT_CHANGED_MESSAGE =
  'This patient was changed by someone else since you opened it. Review their changes before saving.';

/** `current` is required for PatientChanged: the answer carries the newer patient so nothing is lost. */
export function patientsError(code: PatientsErrorCode, current?: Patient): AppError {
  switch (code) {
    case PatientsErrorCode.PatientNotFound:
      return new AppError(404, 'Patient not found');
    case PatientsErrorCode.PatientChanged:
      return new AppError(409, PATIENT_CHANGED_MESSAGE, undefined, undefined, { current });
    default:
      return assertNever(code);
  }
}
