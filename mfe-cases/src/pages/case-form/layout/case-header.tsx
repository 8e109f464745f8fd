import { memo } from 'react';
import { Typography } from 'antd';
import { ageInYears } from '@pnss/libs';
import { formatDate, todayIso } from '../../../format/display.js';

/** SPEC.md §2 case-form header: the patient's date of birth and age, and 'PCRN # {id}' or 'New Case'. */
export const CaseHeader = memo(function CaseHeader({
  birthDate, caseNum, isNew,
}: { birthDate: string | null; caseNum: string; isNew: boolean }) {
  const age = ageInYears(birthDate, todayIso());
  return (
    <div className="cf-header">
      <Typography.Title level={1} className="cf-header-title">
        {isNew ? 'New Case' : `PCRN # ${caseNum}`}
      </Typography.Title>
      <dl className="cf-header-facts">
        <div>
          <dt>Date of Birth</dt>
          <dd>{birthDate ? formatDate(birthDate) : 'N/A!'}</dd>
        </div>
        <div>
          <dt>Age</dt>
          <dd>{age === null ? 'N/A!' : `${age} years`}</dd>
        </div>
      </dl>
    </div>
  );
});
