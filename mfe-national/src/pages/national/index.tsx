import { Result, Tabs, Typography } from 'antd';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useAccess, nationalPaths } from '@pnss/web';
import { NationalStyles } from '../../components/national-styles.js';

export type NationalTab = 'figures' | 'benchmarking' | 'completeness' | 'ingest';

export const NOT_PERMITTED_TITLE = 'You do not have permission to open the national figures.';

const TABS: ReadonlyArray<{ key: NationalTab; label: string; figures: boolean }> = [
  { key: 'figures', label: 'Figures', figures: true },
  { key: 'benchmarking', label: 'Benchmarking', figures: true },
  { key: 'completeness', label: 'Completeness', figures: true },
  { key: 'ingest', label: 'Ingest', figures: false },
];

function activeTab(pathname: string): NationalTab {
  return TABS.find((tab) => pathname.startsWith(nationalPaths.tab(tab.key)))?.key ?? 'figures';
}

/**
 * The national census of the society's hub (issue 29). The figures, the funnel and the completeness
 * grid are for holders of view_national, the ingest for holders of manage_national_ingest; both are
 * hub permissions, so on a department nobody holds them and everyone sees why they cannot be here
 * (the server refuses them the calls too).
 */
export function NationalPage() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { canViewNational, canManageNationalIngest } = useAccess();
  if (!canViewNational && !canManageNationalIngest) {
    return (
      <Result
        status="403"
        title={NOT_PERMITTED_TITLE}
        subTitle="The national figures are the society's, on its hub. If you need them, ask the society's administrator to give your role the permission to view the national figures."
      />
    );
  }
  const tabs = TABS.filter((tab) => (tab.figures ? canViewNational : canManageNationalIngest));
  const active = activeTab(pathname);
  if (!tabs.some((tab) => tab.key === active)) return <Navigate to={nationalPaths.tab(tabs[0]?.key ?? 'ingest') + search} replace />;
  return (
    <section aria-labelledby="national-title" className="national-page">
      <NationalStyles />
      <Typography.Title level={2} id="national-title" style={{ marginTop: 0 }}>
        National Census
      </Typography.Title>
      <Tabs
        activeKey={active}
        onChange={(key) => navigate(nationalPaths.tab(key) + search)}
        items={tabs.map(({ key, label }) => ({ key, label }))}
      />
      <Outlet />
    </section>
  );
}
