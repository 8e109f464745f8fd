import { Button, Result, Skeleton, Typography } from 'antd';
import { EditOutlined, HistoryOutlined } from '@ant-design/icons';
import { Outlet, useNavigate } from 'react-router-dom';
import { LoadError, useAccess, adminPaths } from '@pnss/web';
import { useGetRoleFeaturesQuery, useListRolesQuery } from '../../api/roles.api.js';
import { RoleGrid } from '../../components/role-grid.js';

/** SPEC.md §2 Admin, Roles tab: the roles × features grid with its EDIT button. */
export function RolesTab() {
  const access = useAccess();
  const navigate = useNavigate();
  const roles = useListRolesQuery(undefined, { skip: !access.canViewRoles });
  const features = useGetRoleFeaturesQuery(undefined, { skip: !access.canViewRoles });

  if (!access.canViewRoles) return <Result status="403" title="You do not have permission to see the roles." />;

  const failed = roles.isError ? roles : features.isError ? features : null;
  return (
    <>
      <div className="pnss-admin-toolbar">
        <Typography.Text type="secondary">
          Each row is a role, each column a feature; a mark shows that the role holds it. Users get a change at their next navigation.
        </Typography.Text>
        {access.canEditRoles ? (
          <div className="pnss-admin-toolbar-end">
            <Button type="primary" icon={<EditOutlined />} onClick={() => navigate(adminPaths.rolesEdit)} disabled={!roles.data || !features.data}>
              EDIT
            </Button>
          </div>
        ) : null}
      </div>
      {failed ? (
        <LoadError error={failed.error} title="The roles could not be loaded." onRetry={() => void failed.refetch()} />
      ) : !roles.data || !features.data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <RoleGrid
          caption="Features each role holds"
          roles={roles.data}
          features={features.data}
          roleExtra={
            access.canViewAudit
              ? (role) => (
                  <Button
                    size="small"
                    type="text"
                    icon={<HistoryOutlined />}
                    aria-label={`History of ${role.label}`}
                    title={`History of ${role.label}`}
                    onClick={() => navigate(adminPaths.roleHistory(role._id))}
                  />
                )
              : undefined
          }
        />
      )}
      <Outlet />
    </>
  );
}
