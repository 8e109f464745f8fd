import type { Patient } from '@pnss/libs/api';
import { AppError } from '../../common/errors/app-error.js';
import { errorFactory } from '../../common/errors/error-table.js';

export enum PatientsErrorCode {
  PatientNotFound = 'PATIENT_NOT_FOUND',
  PatientChanged = 'PATIENT_CHANGED',
}

export const PATIENT_CHANGED_MESSAGE =
  'This patient was changed by someone else since you opened it. Review their changes before saving.';

/** `current` is required for PatientChanged: the answer carries the newer patient so nothing is lost. */
export const patientsError = errorFactory<PatientsErrorCode, Patient | undefined>(
  {
    [PatientsErrorCode.PatientNotFound]: { status: 404, message: 'Patient not found' },
    [PatientsErrorCode.PatientChanged]: (current) => new AppError(409, PATIENT_CHANGED_MESSAGE, undefined, undefined, { current }),
  },
  undefined,
);
