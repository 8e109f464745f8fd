import { Alert, Empty, Typography } from 'antd';
import { Link } from 'react-router-dom';
import type { CaseForm, HistoryEntry } from '@pnss/libs/api';
import { lookupLabel, type LookupEntry } from '@pnss/libs/lookups';
import { entryLabel } from '../patient-preview/case-details.js';
import { formatDate } from '../../format/display.js';
import { casePaths } from '@pnss/web';

interface PatientHistoryProps {
  title: string;
  /** Where the case form records this list, e.g. 'Admission, Past Medical Conditions'. */
  recordedIn: string;
  list: readonly LookupEntry[];
  /** The patient record's own list. */
  own: HistoryEntry[];
  /** The patient's cases, newest admission first. */
  cases: CaseForm[] | undefined;
  pick: (form: CaseForm) => HistoryEntry[];
}

/** Entries grouped under their category, as the case form's picker shows them. */
function grouped(list: readonly LookupEntry[], entries: HistoryEntry[]): Array<{ category: string; items: string[] }> {
  const groups = new Map<number, string[]>();
  for (const entry of entries) {
    const items = groups.get(entry.categoryId) ?? [];
    items.push(entryLabel(list, entry));
    groups.set(entry.categoryId, items);
  }
  return [...groups.entries()].map(([categoryId, items]) => ({ category: lookupLabel(list, categoryId), items }));
}

/**
 * The case whose list to show: the most recently admitted case that records one (a case not yet
 * admitted counts as the newest), else the most recent case at all.
 */
export function historySource(cases: CaseForm[] | undefined, pick: (form: CaseForm) => HistoryEntry[]): CaseForm | undefined {
  if (!cases || cases.length === 0) return undefined;
  const byAdmission = [...cases].sort((a, b) => (b.admissionDate ?? '9999').localeCompare(a.admissionDate ?? '9999'));
  return byAdmission.find((form) => pick(form).length > 0) ?? byAdmission[0];
}

/**
 * The patient's medical or obstetric history, read-only: the case form records it, so this shows
 * the latest case's list (or the patient record's, before any case) and says where to change it.
 */
export function PatientHistory({ title, recordedIn, list, own, cases, pick }: PatientHistoryProps) {
  const latest = historySource(cases, pick);
  const entries = latest ? pick(latest) : own;
  const source = latest
    ? `From Case # ${latest.caseNum}${latest.admissionDate ? ` (admitted ${formatDate(latest.admissionDate)})` : ''}.`
    : 'From the patient record.';
  return (
    <section aria-label={title}>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={`${title} is recorded in the case form (${recordedIn}).`}
        description={
          latest?._id ? (
            <>
              {source} <Link to={casePaths.caseForm(latest.patientid, latest._id)}>Open Case # {latest.caseNum}</Link> to change it.
            </>
          ) : (
            `${source} Add a case to record it.`
          )
        }
      />
      {entries.length === 0 ? (
        <Empty description={`No ${title.toLowerCase()} recorded.`} />
      ) : (
        grouped(list, entries).map((group) => (
          <div key={group.category} style={{ marginBottom: 12 }}>
            <Typography.Text strong>{group.category}</Typography.Text>
            <ul className="pnss-cases-detail-list">
              {group.items.map((item, index) => (
                <li key={`${index}-${item}`}>{item}</li>
              ))}
            </ul>
          </div>
        ))
      )}
    </section>
  );
}
