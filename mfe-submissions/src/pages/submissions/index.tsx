import { Tabs, Typography } from 'antd';
import type { SubmissionCaseType } from '@pnss/libs/api';
import { SUBMISSION_CASE_TYPES } from '@pnss/libs/enums';
import { PERMISSIONS, hasAll } from '@pnss/libs/permissions';
import { selectPermissions, useAppSelector } from '@pnss/web';
import { useNavigate, useParams } from 'react-router-dom';
import { HubPage } from '../hub/index.js';
import { CasesTab } from './cases-tab.js';
import { CensusTab } from './census-tab.js';
import { PackageCasesOverlay } from './package-cases-overlay.js';
import { SubmissionsStyles } from '../../components/submissions-styles.js';
import { QualityTab } from '../quality/quality-tab.js';

export type SubmissionsTab = 'cases' | 'census' | 'quality' | 'hub';

/** SPEC.md §2 Submissions: tabs Cases and Census Packages, each its own route; the society hub's tab for its data manager. */
export function SubmissionsPage({ tab, overlay = false }: { tab: SubmissionsTab; overlay?: boolean }) {
  const navigate = useNavigate();
  const { casetype } = useParams();
  const permissions = useAppSelector(selectPermissions);
  const hubVisible = hasAll(permissions, [PERMISSIONS.VIEW_HUB_PACKAGES]) || hasAll(permissions, [PERMISSIONS.MANAGE_HUB_KEYS]);
  const qualityVisible = hasAll(permissions, [PERMISSIONS.GET_CLOSED_CASES]);
  const caseType = (SUBMISSION_CASE_TYPES as readonly string[]).includes(casetype ?? '') ? (casetype as SubmissionCaseType) : null;
  const tabs = [
    { key: 'cases', label: 'Cases', path: '/submissions/cases', children: tab === 'cases' ? <CasesTab caseType={caseType} /> : null },
    { key: 'census', label: 'Census Packages', path: '/submissions/census', children: tab === 'census' ? <CensusTab /> : null },
    ...(qualityVisible ? [{ key: 'quality', label: 'Data Quality', path: '/submissions/quality', children: tab === 'quality' ? <QualityTab /> : null }] : []),
    ...(hubVisible ? [{ key: 'hub', label: 'Society Hub', path: '/submissions/hub', children: tab === 'hub' ? <HubPage /> : null }] : []),
  ];
  return (
    <section aria-labelledby="submissions-title" className="pnss-submissions">
      <SubmissionsStyles />
      <Typography.Title level={2} id="submissions-title">
        Submissions
      </Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={(key) => navigate(tabs.find((candidate) => candidate.key === key)?.path ?? '/submissions/cases')}
        items={tabs.map(({ key, label, children }) => ({ key, label, children }))}
      />
      {overlay ? <PackageCasesOverlay /> : null}
    </section>
  );
}
