import { Tabs, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';

export type SubmissionsTab = 'cases' | 'census';

const TABS: Array<{ key: SubmissionsTab; label: string; path: string }> = [
  { key: 'cases', label: 'Cases', path: '/submissions/cases' },
  { key: 'census', label: 'Census Packages', path: '/submissions/census' },
];

/** SPEC.md §2 Submissions: tabs Cases and Census Packages, each its own route. */
export function SubmissionsPage({ tab }: { tab: SubmissionsTab }) {
  const navigate = useNavigate();
  return (
    <section aria-labelledby="submissions-title">
      <Typography.Title level={2} id="submissions-title">
        Submissions
      </Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={(key) => navigate(TABS.find((candidate) => candidate.key === key)?.path ?? '/submissions/cases')}
        items={TABS.map(({ key, label }) => ({ key, label }))}
      />
    </section>
  );
}
