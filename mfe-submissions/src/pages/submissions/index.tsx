import { Tabs, Typography } from 'antd';
import type { SubmissionCaseType } from '@pnss/libs/api';
import { SUBMISSION_CASE_TYPES } from '@pnss/libs/enums';
import { PERMISSIONS, hasAll } from '@pnss/libs/permissions';
import { NotPermitted, selectPermissions, useAccess, useAppSelector, submissionPaths } from '@pnss/web';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { HubPage } from '../hub/index.js';
import { CasesTab } from './cases-tab.js';
import { CensusTab } from './census-tab.js';
import { PackageCasesOverlay } from './package-cases-overlay.js';
import { SubmissionsStyles } from '../../components/submissions-styles.js';
import { QualityTab } from '../quality/quality-tab.js';

export type SubmissionsTab = 'cases' | 'census' | 'quality' | 'hub';

export const NOT_PERMITTED_TITLE = 'You do not have permission to open Submissions.';

/**
 * SPEC.md §2 Submissions: tabs Cases and Census Packages, each its own route; the society hub's tab
 * for its data manager. Only the tabs the user's role may read are shown (the access flags read the
 * route table the server enforces); a tab opened by its address that the role may not read goes to
 * one it may, and a user who may read none sees one permission page, as Admin does, instead of each
 * tab and filter failing with a 403 and a Retry.
 */
export function SubmissionsPage({ tab, overlay = false }: { tab: SubmissionsTab; overlay?: boolean }) {
  const navigate = useNavigate();
  const { casetype } = useParams();
  const permissions = useAppSelector(selectPermissions);
  const access = useAccess();
  const hubVisible = hasAll(permissions, [PERMISSIONS.VIEW_HUB_PACKAGES]) || hasAll(permissions, [PERMISSIONS.MANAGE_HUB_KEYS]);
  const caseType = (SUBMISSION_CASE_TYPES as readonly string[]).includes(casetype ?? '') ? (casetype as SubmissionCaseType) : null;
  const tabs = [
    ...(access.canReviewClosedCases
      ? [{ key: 'cases', label: 'Cases', path: submissionPaths.cases, children: tab === 'cases' ? <CasesTab caseType={caseType} /> : null }]
      : []),
    ...(access.canListPackages
      ? [{ key: 'census', label: 'Census Packages', path: submissionPaths.census, children: tab === 'census' ? <CensusTab /> : null }]
      : []),
    ...(access.canViewQuality ? [{ key: 'quality', label: 'Data Quality', path: submissionPaths.quality, children: tab === 'quality' ? <QualityTab /> : null }] : []),
    ...(hubVisible ? [{ key: 'hub', label: 'Society Hub', path: submissionPaths.hub, children: tab === 'hub' ? <HubPage /> : null }] : []),
  ];
  if (tabs.length === 0) {
    return (
      <NotPermitted
        title={NOT_PERMITTED_TITLE}
        subTitle="Submissions is for the census officers who review closed cases and send census packages, and for the society's data managers. If you need it, ask an administrator to give your role those permissions."
      />
    );
  }
  if (!tabs.some((candidate) => candidate.key === tab)) return <Navigate to={tabs[0].path} replace />;
  return (
    <section aria-labelledby="submissions-title" className="pnss-submissions">
      <SubmissionsStyles />
      <Typography.Title level={2} id="submissions-title">
        Submissions
      </Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={(key) => navigate(tabs.find((candidate) => candidate.key === key)?.path ?? tabs[0].path)}
        items={tabs.map(({ key, label, children }) => ({ key, label, children }))}
      />
      {overlay && access.canListPackages ? <PackageCasesOverlay /> : null}
    </section>
  );
}
