import { Navigate, Route, Routes } from 'react-router-dom';
import { AdminPage } from './pages/admin/index.js';
import { UsersTab } from './pages/users/index.js';
import { UserFormDialog } from './pages/user-form/index.js';
import { UserHistoryDrawer } from './pages/history/user-history.js';
import { RolesTab } from './pages/roles/index.js';
import { EditRolesPage } from './pages/role-editor/index.js';
import { RoleHistoryDrawer } from './pages/history/role-history.js';
import { adminPaths } from '@pnss/web';

/**
 * Admin's hash routes. SPEC.md §2 names Admin, Users, Roles, AddUser, EditUser and EditRole but
 * not their paths; issue 6 sets them. Forms and histories open over their list, so closing one
 * returns to the list as it was.
 */
export function AdminRoutes() {
  return (
    <Routes>
      <Route path="/admin" element={<AdminPage />}>
        <Route index element={<Navigate to={adminPaths.users} replace />} />
        <Route path="users" element={<UsersTab />}>
          <Route path="new" element={<UserFormDialog />} />
          <Route path=":userid/edit" element={<UserFormDialog />} />
          <Route path=":userid/history" element={<UserHistoryDrawer />} />
        </Route>
        <Route path="roles" element={<RolesTab />}>
          <Route path=":roleid/history" element={<RoleHistoryDrawer />} />
        </Route>
        <Route path="roles/edit" element={<EditRolesPage />} />
        <Route path="*" element={<Navigate to={adminPaths.users} replace />} />
      </Route>
    </Routes>
  );
}
