import { Avatar, Space, Typography } from 'antd';
import type { ClosedCasePatient } from '@pnss/libs/api';
import { ageToday, formatDate, fullName, initials } from './format.js';

/** SPEC.md §2 maternal fetal review: the patient as avatar, name, date of birth and age. */
export function PatientCell({ patient }: { patient: ClosedCasePatient }) {
  const age = ageToday(patient.birthDate);
  return (
    <Space size={8} align="center">
      <Avatar aria-hidden style={{ backgroundColor: '#f3dde3', color: '#8a1538', fontWeight: 600, flex: 'none' }}>
        {initials(patient)}
      </Avatar>
      <span>
        <Typography.Text strong>{fullName(patient)}</Typography.Text>
        <br />
        <Typography.Text type="secondary">
          {formatDate(patient.birthDate)}
          {age !== null ? ` · ${age} yrs` : ''}
        </Typography.Text>
      </span>
    </Space>
  );
}
