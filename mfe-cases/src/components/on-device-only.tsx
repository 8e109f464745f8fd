import { Tag } from 'antd';
import { Link } from 'react-router-dom';
import { ON_DEVICE_ONLY, useLocalRecords } from '@pnss/web';
import { formatDate, fullName } from '../format/display.js';

/**
 * The records made on this device while offline and not yet on the server (issue 32), above a
 * list: each marked in words, so the user sees what the server's list cannot show yet.
 */
export function OnDeviceOnly({ kind }: { kind: 'patients' | 'cases' }) {
  const { patients, cases } = useLocalRecords();
  const items = kind === 'patients'
    ? patients.map((p) => ({
      key: p._id, to: `/patients/${encodeURIComponent(p._id)}`, title: fullName(p),
      meta: p.birthDate ? `DOB ${formatDate(p.birthDate)}` : 'No date of birth',
    }))
    : cases.map((c) => ({
      key: c._id ?? '', to: `/patients/${encodeURIComponent(c.patientid)}/case/${encodeURIComponent(c._id ?? '')}`,
      title: `Case # ${c.caseNum}`, meta: [c.patientName, c.isClose ? 'Closed' : 'Open'].filter(Boolean).join(' · '),
    }));
  if (items.length === 0) return null;
  const title = kind === 'patients' ? 'Patients on this device only' : 'Cases on this device only';
  return (
    <section className="pnss-cases-panel pnss-on-device-only" aria-label={title} style={{ padding: '4px 8px', marginBottom: 8 }}>
      <ul className="pnss-cases-list" aria-label={title}>
        {items.map((item) => (
          <li key={item.key}>
            <Link to={item.to} className="pnss-cases-row">
              <span className="pnss-cases-row-main">
                <span className="pnss-cases-row-title">{item.title}</span>
                <span className="pnss-cases-row-meta">{item.meta}</span>
              </span>
              <span className="pnss-cases-row-tags">
                <Tag>{ON_DEVICE_ONLY}</Tag>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
