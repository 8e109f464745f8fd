import { Tag } from 'antd';
import { Link } from 'react-router-dom';
import type { PatientListItem as Item } from '@pnss/libs/api';
import { PatientAvatar } from '../../components/patient-avatar.js';
import { ageLabel, ageToday, formatDate, fullName } from '../../format/display.js';
import { casePaths } from '@pnss/web';

/** One patient: full name, date of birth and age (SPEC.md §2); a link, so Enter opens the preview. */
export function PatientListItem({ patient, selected }: { patient: Item; selected: boolean }) {
  const name = fullName(patient);
  const birth = formatDate(patient.birthDate);
  return (
    <li>
      <Link to={casePaths.patient(patient._id)} className="pnss-cases-row" aria-current={selected ? 'page' : undefined}>
        <PatientAvatar patient={patient} />
        <span className="pnss-cases-row-main">
          <span className="pnss-cases-row-title">{name}</span>
          <span className="pnss-cases-row-meta">
            {birth ? `DOB ${birth}` : 'No date of birth'} · {ageLabel(ageToday(patient.birthDate))}
          </span>
        </span>
        <span className="pnss-cases-row-tags">
          {patient.hasOpenCase ? <Tag color="green">Open Case</Tag> : null}
          {patient.isAdmitted ? <Tag color="blue">Admitted</Tag> : null}
        </span>
      </Link>
    </li>
  );
}
