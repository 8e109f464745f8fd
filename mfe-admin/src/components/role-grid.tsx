import type { ReactNode } from 'react';
import { Checkbox, Table, type TableColumnsType } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import type { Role, RoleFeature } from '@pnss/libs/api';
import type { PermissionName } from '@pnss/libs/permissions';

export interface RoleGridEditing {
  /** The features each role holds in the draft, by role id. */
  draft: Readonly<Record<string, readonly PermissionName[]>>;
  onToggle: (roleId: string, feature: PermissionName, granted: boolean) => void;
  /** Whether the editor may tick or untick this feature of this role (libs' mayToggleRoleFeature). */
  mayToggle: (role: Role, feature: PermissionName) => boolean;
}

interface RoleGridProps {
  roles: readonly Role[];
  features: readonly RoleFeature[];
  /** Checkboxes instead of marks (Edit Roles). */
  editing?: RoleGridEditing;
  /** More controls beside the role's name (its history). */
  roleExtra?: (role: Role) => ReactNode;
  caption: string;
}

const ROLE_WIDTH = 150;
const FEATURE_WIDTH = 33;

/** The role's label and the feature's, as the grid's checkboxes are named: 'Clinician – Close cases'. */
export function cellLabel(role: Pick<Role, 'label'>, feature: Pick<RoleFeature, 'label'>): string {
  return `${role.label} – ${feature.label}`;
}

const OTHER_GROUP = 'Other';

/**
 * Features in catalogue order, cut into runs of one group: the grid's column groups. A group of
 * fewer than three columns has no room for its name, so neighbouring small groups share 'Other'.
 */
export function groupFeatures(features: readonly RoleFeature[]): Array<{ group: string; features: RoleFeature[] }> {
  const runs: Array<{ group: string; features: RoleFeature[] }> = [];
  for (const feature of features) {
    const group = feature.group ?? OTHER_GROUP;
    const last = runs.at(-1);
    if (last && last.group === group) last.features.push(feature);
    else runs.push({ group, features: [feature] });
  }
  const groups: Array<{ group: string; features: RoleFeature[] }> = [];
  for (const run of runs) {
    const group = run.features.length < 3 ? OTHER_GROUP : run.group;
    const last = groups.at(-1);
    if (last && last.group === group && group === OTHER_GROUP) last.features.push(...run.features);
    else groups.push({ group, features: [...run.features] });
  }
  return groups;
}

/**
 * SPEC.md §2 Roles: roles as rows, features as columns, a mark where the role holds the feature;
 * Edit Roles is the same grid with a checkbox in each cell. The role column stays in view while
 * the features scroll sideways.
 */
export function RoleGrid({ roles, features, editing, roleExtra, caption }: RoleGridProps) {
  const holds = (role: Role, feature: PermissionName) =>
    (editing ? (editing.draft[role._id] ?? role.rolePermissions) : role.rolePermissions).includes(feature);

  const columns: TableColumnsType<Role> = [
    {
      key: 'role',
      title: 'Role',
      fixed: 'left',
      width: ROLE_WIDTH,
      render: (_value, role) => (
        <div style={{ display: 'flex', alignItems: 'center', gap: 4, justifyContent: 'space-between' }}>
          <strong>{role.label}</strong>
          {roleExtra?.(role)}
        </div>
      ),
    },
    ...groupFeatures(features).map(({ group, features: inGroup }) => ({
      key: group,
      title: group,
      className: 'pnss-admin-group',
      children: inGroup.map((feature) => ({
        key: feature.feature,
        // Upright labels would make the grid several screens wide; turned, all columns fit.
        title: <span className="pnss-admin-vertical">{feature.label}</span>,
        width: FEATURE_WIDTH,
        className: 'pnss-admin-feature',
        render: (_value: unknown, role: Role) => {
          const granted = holds(role, feature.feature);
          if (editing) {
            return (
              <Checkbox
                aria-label={cellLabel(role, feature)}
                checked={granted}
                disabled={!editing.mayToggle(role, feature.feature)}
                onChange={(event) => editing.onToggle(role._id, feature.feature, event.target.checked)}
              />
            );
          }
          return granted ? (
            <CheckOutlined className="pnss-admin-mark" aria-label={`${cellLabel(role, feature)}: granted`} />
          ) : (
            <span className="pnss-admin-visually-hidden">{`${cellLabel(role, feature)}: not granted`}</span>
          );
        },
      })),
    })),
  ];

  return (
    <div className="pnss-admin-panel pnss-admin-grid" role="region" aria-label={caption}>
      <Table<Role>
        rowKey="_id"
        size="small"
        bordered
        columns={columns}
        dataSource={[...roles]}
        pagination={false}
        scroll={{ x: ROLE_WIDTH + features.length * FEATURE_WIDTH }}
      />
    </div>
  );
}
