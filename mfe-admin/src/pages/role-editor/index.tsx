import { useState } from 'react';
import { Alert, Button, Result, Skeleton, Space, Tooltip, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import type { Role } from '@pnss/libs/api';
import { ALL_PERMISSIONS, type PermissionName } from '@pnss/libs/permissions';
import { editorPermissionsThroughout, mayChangeRole, mayToggleRoleFeature, roleChangeRefusal, roleChangeMessage } from '@pnss/libs/rules';
import { LoadError, selectPermissions, selectSessionUser, showError, toast, useAccess, useAppSelector, adminPaths } from '@pnss/web';
import { useGetRoleFeaturesQuery, useListRolesQuery, useUpdateRolesMutation } from '../../api/roles.api.js';
import { RoleGrid } from '../../components/role-grid.js';

export const ROLES_SAVED_TOAST = 'Successfully updated roles!';

type Draft = Record<string, PermissionName[]>;

function sameFeatures(a: readonly PermissionName[], b: readonly PermissionName[]): boolean {
  return a.length === b.length && a.every((feature) => b.includes(feature));
}

/** The roles whose ticked features differ from the saved ones, as PUT /api/roles takes them. */
export function changedRoles(roles: readonly Role[], draft: Draft): Array<{ _id: string; rolePermissions: PermissionName[] }> {
  return roles
    .filter((role) => draft[role._id] && !sameFeatures(role.rolePermissions, draft[role._id]))
    .map((role) => ({ _id: role._id, rolePermissions: draft[role._id] }));
}

/**
 * What the editor holds, for libs' role rule, as the server compares it: the permissions stored in
 * the editor's own role (the roles list has them; the sign-in's list leaves out what this server does
 * not use), for the other roles only those their own role keeps in the draft.
 */
export function editorPermissionsFor(
  roles: readonly Role[],
  draft: Draft,
  ownRoleName: string | undefined,
  told: readonly string[],
): (role: Role) => readonly string[] {
  const own = roles.find((role) => role.roleName === ownRoleName);
  if (!own) return () => told;
  const throughout = editorPermissionsThroughout(own.rolePermissions, draft[own._id]);
  return (role) => (role._id === own._id ? own.rolePermissions : throughout);
}

/**
 * SPEC.md §2 Edit Roles: the grid with a checkbox per role and feature, and Save (PUT /api/roles
 * with the roles that changed). Signed-in users get the change at their next navigation.
 */
export function EditRolesPage() {
  const access = useAccess();
  const navigate = useNavigate();
  const roles = useListRolesQuery(undefined, { skip: !access.canEditRoles });
  const features = useGetRoleFeaturesQuery(undefined, { skip: !access.canEditRoles });
  const [updateRoles, saving] = useUpdateRolesMutation();
  const [draft, setDraft] = useState<Draft>({});
  const me = useAppSelector(selectSessionUser);
  const told = useAppSelector(selectPermissions);

  if (!access.canEditRoles) return <Result status="403" title="You do not have permission to edit roles." />;
  const failed = roles.isError ? roles : features.isError ? features : null;
  if (failed) return <LoadError error={failed.error} title="The roles could not be loaded." onRetry={() => void failed.refetch()} />;
  if (!roles.data || !features.data) return <Skeleton active paragraph={{ rows: 6 }} />;

  const savedRoles = roles.data;
  const changes = changedRoles(savedRoles, draft);
  const back = () => navigate(adminPaths.roles);
  const editorOf = editorPermissionsFor(savedRoles, draft, me?.role, told);
  const lockedRoles = savedRoles.filter((role) => !mayChangeRole(editorOf(role), role));

  const toggle = (roleId: string, feature: PermissionName, granted: boolean) => {
    setDraft((current) => {
      const held = current[roleId] ?? savedRoles.find((role) => role._id === roleId)?.rolePermissions ?? [];
      const next = granted ? [...held, feature] : held.filter((p) => p !== feature);
      return { ...current, [roleId]: ALL_PERMISSIONS.filter((p) => next.includes(p)) };
    });
  };

  const save = async () => {
    if (changes.length === 0) {
      back();
      return;
    }
    try {
      await updateRoles(changes).unwrap();
      toast.success(ROLES_SAVED_TOAST);
      back();
    } catch (error) {
      showError(error);
    }
  };

  return (
    <section aria-labelledby="edit-roles-title">
      <div className="pnss-admin-toolbar">
        <Typography.Title level={3} id="edit-roles-title" style={{ margin: 0 }}>
          Edit Roles
        </Typography.Title>
        <div className="pnss-admin-toolbar-end">
          <Typography.Text type="secondary" aria-live="polite">
            {changes.length === 0 ? 'No changes' : changes.length === 1 ? '1 role changed' : `${changes.length} roles changed`}
          </Typography.Text>
          <Space>
            <Button onClick={back}>Cancel</Button>
            <Button type="primary" onClick={() => void save()} loading={saving.isLoading}>
              Save
            </Button>
          </Space>
        </div>
      </div>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title="Signed-in users get the new features at their next navigation; they do not need to sign out. For every role, at least one active user must keep Open the Admin module, View roles, Edit role permissions and every feature of that role."
      />
      {lockedRoles.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={`You can change only the roles whose every feature you hold yourself, and tick only the features you hold. Locked: ${lockedRoles.map((role) => role.label).join(', ')}.`}
        />
      ) : null}
      <RoleGrid
        caption="Tick the features each role holds"
        roles={savedRoles}
        features={features.data}
        editing={{ draft, onToggle: toggle, mayToggle: (role, feature) => mayToggleRoleFeature(editorOf(role), role, feature) }}
        roleExtra={(role) => {
          const refusal = roleChangeRefusal(editorOf(role), role, role.rolePermissions);
          return refusal ? (
            <Tooltip title={roleChangeMessage(refusal)}>
              <LockOutlined role="img" aria-label={`${role.label} is locked: ${roleChangeMessage(refusal)}`} tabIndex={0} />
            </Tooltip>
          ) : null;
        }}
      />
    </section>
  );
}
