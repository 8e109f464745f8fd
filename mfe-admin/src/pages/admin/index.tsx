import { Result, Tabs, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useAccess } from '@pnss/web';

export type AdminTab = 'users' | 'roles';

const TABS: Array<{ key: AdminTab; label: string }> = [
  { key: 'users', label: 'Users' },
  { key: 'roles', label: 'Roles' },
];

/** SPEC.md §2 Admin: tabs Users and Roles, for holders of the admin permission only. */
export function AdminPage({ tab }: { tab: AdminTab }) {
  const navigate = useNavigate();
  const { canAdmin } = useAccess();
  if (!canAdmin) {
    return <Result status="403" title="Admin" subTitle="Your role does not include access to Admin." />;
  }
  return (
    <section aria-labelledby="admin-title">
      <Typography.Title level={2} id="admin-title">
        Admin
      </Typography.Title>
      <Tabs activeKey={tab} onChange={(key) => navigate(`/admin/${key}`)} items={TABS.map(({ key, label }) => ({ key, label }))} />
    </section>
  );
}
