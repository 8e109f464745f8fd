import { Navigate, Route, Routes } from 'react-router-dom';
import { AdminPage } from './pages/admin/index.js';

/**
 * Admin's hash routes (SPEC.md §2 names Admin, Users, Roles, AddUser, EditUser, EditRole but not
 * their paths). To add a screen, create src/pages/<screen>/index.tsx and route it here, e.g.
 * /admin/users/new and /admin/users/:userid for the user form, /admin/roles/:roleid for Edit Roles.
 */
export function AdminRoutes() {
  return (
    <Routes>
      <Route path="/admin/users/*" element={<AdminPage tab="users" />} />
      <Route path="/admin/roles/*" element={<AdminPage tab="roles" />} />
      <Route path="/admin/*" element={<Navigate to="/admin/users" replace />} />
    </Routes>
  );
}
