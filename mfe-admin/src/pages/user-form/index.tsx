import { Modal, Result, Skeleton } from 'antd';
import { useNavigate, useParams } from 'react-router-dom';
import { useGetUserQuery } from '../../api/accounts.api.js';
import { useAdminAccess } from '../../access/use-admin-access.js';
import { UserForm } from './user-form.js';
import { LoadError, adminPaths } from '@pnss/web';

/**
 * #/admin/users/new (Add User) and #/admin/users/:userid/edit (Edit User), over the users list.
 * Save, the dialog's close button and Escape return to the list.
 */
export function UserFormDialog() {
  const { userid } = useParams();
  const navigate = useNavigate();
  const access = useAdminAccess();
  const editing = userid !== undefined;
  // Editing starts from the stored user, so it needs reading one as well as updating.
  const allowed = editing ? access.canUpdateUsers && access.canViewUser : access.canRegisterUsers;
  const user = useGetUserQuery(userid ?? '', { skip: !editing || !allowed, refetchOnMountOrArgChange: true });
  const close = () => navigate(adminPaths.users);
  const title = editing ? 'Edit User' : 'Add User';

  let body;
  if (!allowed) {
    body = <Result status="403" title={editing ? 'You do not have permission to edit users.' : 'You do not have permission to add users.'} />;
  } else if (editing && user.isError && !user.currentData) {
    body = <LoadError error={user.error} title="This user could not be loaded." onRetry={() => void user.refetch()} />;
  } else if (editing && (!user.currentData || user.isFetching)) {
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  } else {
    body = <UserForm key={userid ?? 'new'} user={user.currentData} onSaved={close} />;
  }

  return (
    <Modal open title={title} onCancel={close} footer={null} width={560} destroyOnHidden mask={{ closable: false }}>
      {body}
    </Modal>
  );
}
