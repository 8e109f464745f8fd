import { MemoryRouter } from 'react-router-dom';
import { LocationProbe, mockApi, renderWithProviders, type MockRoutes } from '@pnss/web/testing';
import { AdminRoutes } from '../routes.js';
import '../api/accounts.api.js';
import '../api/roles.api.js';

/** The admin module's routes at `path`, for a user holding `permissions`, against a mocked server. */
export function renderAdmin(path: string, permissions: readonly string[], routes: MockRoutes) {
  const server = mockApi(routes);
  const view = renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <AdminRoutes />
      <LocationProbe />
    </MemoryRouter>,
    {
      preloadedState: {
        session: {
          signedIn: true,
          user: { _id: 'me', firstname: 'Ada', lastname: 'Admin', username: 'admin', role: 'admin', permissions: [] },
          permissions: [...permissions],
        },
      },
    },
  );
  return { ...view, server };
}

export { requestBody } from '@pnss/web/testing';

export function searchParams(server: ReturnType<typeof mockApi>, call: string): URLSearchParams[] {
  return server.requests.filter((r) => `${r.method} ${new URL(r.url).pathname}` === call).map((r) => new URL(r.url).searchParams);
}
