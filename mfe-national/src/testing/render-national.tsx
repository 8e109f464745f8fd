import type { ReactElement } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HashRouter, Route, Routes } from 'react-router-dom';
import { renderWithProviders } from '@pnss/web/testing';

/** Renders one tab of the module at `hash` (its path and query), as the signed-in holder of `permissions`. */
export function renderTab(path: string, element: ReactElement, hash: string, permissions: string[]) {
  window.location.hash = hash;
  return renderWithProviders(
    <HashRouter>
      <Routes>
        <Route path={path} element={element} />
      </Routes>
    </HashRouter>,
    { preloadedState: { session: { signedIn: true, user: null, permissions } } },
  );
}

/** Opens an antd Select by its label and clicks the option with that title, as a user would. */
export async function pick(field: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: field }));
  const item = await waitFor(() => {
    const found = document.querySelector<HTMLElement>(`.ant-select-item-option[title="${option}"]`);
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  await userEvent.click(item);
}
