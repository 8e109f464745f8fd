import { Tabs, Typography } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { NotPermitted, useAccess, adminPaths } from '@pnss/web';
import { ModuleStyles } from '../../components/module-styles.js';

export type AdminTab = 'users' | 'roles';

const TABS: Array<{ key: AdminTab; label: string }> = [
  { key: 'users', label: 'Users' },
  { key: 'roles', label: 'Roles' },
];

export const NOT_PERMITTED_TITLE = 'You do not have permission to open Admin.';

function activeTab(pathname: string): AdminTab {
  return pathname.startsWith(adminPaths.roles) ? 'roles' : 'users';
}

/**
 * SPEC.md §2 Admin: tabs Users and Roles, for holders of the admin permission only. Everyone else
 * sees why they cannot be here (the server refuses them the calls too). The permissions are the
 * ones of the last session check, so a role change shows at the next navigation.
 */
export function AdminPage() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { canAdmin } = useAccess();
  if (!canAdmin) {
    return (
      <NotPermitted
        title={NOT_PERMITTED_TITLE}
        subTitle="Admin is for administrators. If you need it, ask an administrator to give your role the Admin permission."
      />
    );
  }
  return (
    <section aria-labelledby="admin-title">
      <ModuleStyles />
      <Typography.Title level={2} id="admin-title" style={{ marginTop: 0 }}>
        Admin
      </Typography.Title>
      <Tabs
        activeKey={activeTab(pathname)}
        onChange={(key) => navigate(adminPaths.tab(key as AdminTab))}
        items={TABS.map(({ key, label }) => ({ key, label }))}
      />
      <Outlet />
    </section>
  );
}
