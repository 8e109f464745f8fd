import { memo } from 'react';
import { Typography } from 'antd';
import type { Patient } from '@pnss/libs/api';
import { ageInYears } from '@pnss/libs/derived';
import { formatDate, fullName, todayIso } from '../../../format/display.js';

/**
 * SPEC.md §2 case-form header: 'PCRN # {id}' or 'New Case', with the patient the case is about
 * (full name, date of birth, age) always in view, so the right patient is never in doubt.
 */
export const CaseHeader = memo(function CaseHeader({
  patient, caseNum, isNew,
}: { patient: Pick<Patient, 'firstName' | 'middleName' | 'lastName' | 'birthDate'>; caseNum: string; isNew: boolean }) {
  const age = ageInYears(patient.birthDate, todayIso());
  return (
    <div className="cf-header">
      <Typography.Title level={1} className="cf-header-title">
        {isNew ? 'New Case' : `PCRN # ${caseNum}`}
      </Typography.Title>
      <dl className="cf-header-facts">
        <div>
          <dt>Patient</dt>
          <dd className="cf-header-patient">{fullName(patient)}</dd>
        </div>
        <div>
          <dt>Date of Birth</dt>
          <dd>{patient.birthDate ? formatDate(patient.birthDate) : <span className="cf-not-recorded">Not recorded</span>}</dd>
        </div>
        <div>
          <dt>Age</dt>
          <dd>{age === null ? <span className="cf-not-recorded">Not recorded</span> : `${age} years`}</dd>
        </div>
      </dl>
    </div>
  );
});
