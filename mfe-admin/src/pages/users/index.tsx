import { useState } from 'react';
import { App, Button, Input, Result, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { EditOutlined, HistoryOutlined, PlusOutlined, SearchOutlined, StopOutlined, CheckCircleOutlined } from '@ant-design/icons';
import { Outlet, useNavigate } from 'react-router-dom';
import type { User } from '@pnss/libs/api';
import { LoadError, selectSessionUser, showError, toast, useAppSelector, useDebouncedSearch, adminPaths } from '@pnss/web';
import { useAdminAccess } from '../../access/use-admin-access.js';
import { useListUsersQuery, useUpdateUserMutation } from '../../api/accounts.api.js';
import { useGetRoleNamesQuery } from '../../api/roles.api.js';
import { pageIndexPagination } from '../../components/page-index-pagination.js';
import { UserAvatar } from '../../components/user-avatar.js';
import { fullName, roleLabel } from '../../format/user-display.js';

export const USERS_SEARCH_LABEL = 'Search users by name or user name';

/**
 * SPEC.md §2 Admin, Users tab: Firstname, Lastname, Username, Role and edit, and New User. The
 * table pages on the server, 100 a page, and searches first name, last name and user name.
 * The add and edit forms and the history open over it as child routes.
 */
export function UsersTab() {
  const access = useAdminAccess();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const me = useAppSelector(selectSessionUser);
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const [typed, setTyped] = useState('');
  const onSearch = useDebouncedSearch((term) => {
    setSearch(term);
    setOffset(0);
  });

  const users = useListUsersQuery({ search, offset }, { skip: !access.canListUsers });
  const roleNames = useGetRoleNamesQuery(undefined, { skip: !access.canListUsers || !access.canReadRoleNames });
  const [updateUser] = useUpdateUserMutation();

  if (!access.canListUsers) {
    return <Result status="403" title="You do not have permission to see the users list." />;
  }

  const confirmActive = (user: User, active: boolean) => {
    const name = fullName(user);
    modal.confirm({
      title: active ? `Activate ${name}?` : `Deactivate ${name}?`,
      content: active
        ? `${name} (${user.username}) will be able to sign in again.`
        : `${name} (${user.username}) will not be able to sign in, and any open session ends at their next navigation.`,
      okText: active ? 'Activate' : 'Deactivate',
      okButtonProps: { danger: !active },
      cancelText: 'Cancel',
      onOk: async () => {
        try {
          await updateUser({ userid: user._id, active }).unwrap();
          toast.success(active ? `${name} has been activated.` : `${name} has been deactivated.`);
        } catch (error) {
          showError(error);
        }
      },
    });
  };

  const columns: TableColumnsType<User> = [
    {
      key: 'photo',
      title: <span className="pnss-admin-visually-hidden">Photo</span>,
      width: 56,
      render: (_value, user) => <UserAvatar user={user} canFetchPhoto={access.canViewUser} />,
    },
    { key: 'firstname', dataIndex: 'firstname', title: 'Firstname' },
    { key: 'lastname', dataIndex: 'lastname', title: 'Lastname' },
    { key: 'username', dataIndex: 'username', title: 'Username' },
    {
      key: 'role',
      title: 'Role',
      render: (_value, user) => (
        <Space size={6} wrap>
          <span>{roleLabel(roleNames.data, user.role)}</span>
          {user.active ? null : <Tag color="red">Deactivated</Tag>}
        </Space>
      ),
    },
    {
      key: 'actions',
      title: <span className="pnss-admin-visually-hidden">Actions</span>,
      width: 310,
      render: (_value, user) => (
        <Space size={4} wrap>
          {access.canUpdateUsers && access.canViewUser ? (
            <Button size="small" icon={<EditOutlined />} aria-label={`Edit ${user.username}`} onClick={() => navigate(adminPaths.userEdit(user._id))}>
              Edit
            </Button>
          ) : null}
          {access.canViewAudit ? (
            <Button
              size="small"
              type="text"
              icon={<HistoryOutlined />}
              aria-label={`History of ${user.username}`}
              onClick={() => navigate(adminPaths.userHistory(user._id))}
            >
              History
            </Button>
          ) : null}
          {/* Nobody deactivates their own account (issue 14 item 11; the server refuses it too). */}
          {access.canUpdateUsers && !(user.active && me?._id === user._id) ? (
            user.active ? (
              <Button size="small" type="text" danger icon={<StopOutlined />} aria-label={`Deactivate ${user.username}`} onClick={() => confirmActive(user, false)}>
                Deactivate
              </Button>
            ) : (
              <Button size="small" type="text" icon={<CheckCircleOutlined />} aria-label={`Activate ${user.username}`} onClick={() => confirmActive(user, true)}>
                Activate
              </Button>
            )
          ) : null}
        </Space>
      ),
    },
  ];

  const page = users.currentData;
  const count = page?.count;

  return (
    <>
      <div className="pnss-admin-toolbar">
        <Input
          className="pnss-admin-toolbar-search"
          type="search"
          role="searchbox"
          aria-label={USERS_SEARCH_LABEL}
          placeholder="Search users"
          allowClear
          value={typed}
          prefix={<SearchOutlined aria-hidden />}
          onChange={(event) => {
            setTyped(event.target.value);
            onSearch(event.target.value);
          }}
        />
        <div className="pnss-admin-toolbar-end">
          {count !== undefined ? (
            <Typography.Text type="secondary" aria-live="polite">
              {count === 1 ? '1 user' : `${count} users`}
            </Typography.Text>
          ) : null}
          {access.canRegisterUsers ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(adminPaths.newUser)}>
              New User
            </Button>
          ) : null}
        </div>
      </div>
      {users.isError && !page ? (
        <LoadError error={users.error} title="The users could not be loaded." onRetry={() => void users.refetch()} />
      ) : (
        <div className="pnss-admin-panel">
          <Table<User>
            rowKey="_id"
            size="middle"
            columns={columns}
            dataSource={page?.items ?? []}
            loading={users.isFetching}
            rowClassName={(user) => (user.active ? '' : 'pnss-admin-deactivated')}
            scroll={{ x: 760 }}
            locale={{ emptyText: search ? 'No users match this search.' : 'No users yet.' }}
            pagination={pageIndexPagination(offset, count, setOffset)}
          />
        </div>
      )}
      <Outlet />
    </>
  );
}
