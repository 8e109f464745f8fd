import { screen, waitFor, within } from '@testing-library/react';
import type { User } from '@pnss/libs/api';
import { ALL_PERMISSIONS } from '@pnss/libs/permissions';
import { mockApi, renderWithProviders, requestBody, type MockRoutes } from '@pnss/web/testing';
import { UserForm, USER_TOASTS } from './user-form.js';

const ROLE_NAMES = [
  { _id: 'r1', name: 'admin', label: 'Administrator' },
  { _id: 'r2', name: 'clinician', label: 'Clinician' },
];

const MARIA: User = {
  _id: 'u1',
  firstname: 'Maria',
  lastname: 'Santos',
  username: 'msantos',
  role: 'clinician',
  photo: null,
  hasPhoto: false,
  active: true,
};

const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

function server(routes: MockRoutes = {}) {
  return mockApi({ 'GET /api/roles/names': { body: ROLE_NAMES }, ...routes });
}

function renderForm(user?: User) {
  const onSaved = jest.fn();
  const view = renderWithProviders(<UserForm user={user} onSaved={onSaved} />, {
    preloadedState: { session: { signedIn: true, user: null, permissions: [...ALL_PERMISSIONS] } },
  });
  return { ...view, onSaved };
}

async function bodyOf(api: ReturnType<typeof mockApi>, call: string): Promise<Record<string, unknown>> {
  return (await requestBody(api, call)) as Record<string, unknown>;
}

/** Types a whole value at once: antd re-validates the form on every keystroke, which is slow in jsdom. */
async function fill(user: ReturnType<typeof renderForm>['user'], label: string, value: string) {
  const field = screen.getByLabelText(label);
  await user.clear(field);
  await user.click(field);
  await user.paste(value);
}

async function chooseRole(user: ReturnType<typeof renderForm>['user'], label: string) {
  await user.click(screen.getByRole('combobox', { name: 'Role' }));
  await user.click(await screen.findByTitle(label));
}

describe('Add User', () => {
  it('requires first name, last name, user name, role and password, with a message on each field', async () => {
    const api = server();
    const { user, onSaved } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Role is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(api.calls()).not.toContain('POST /api/accounts/register');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('holds the password to the policy: at least 12 characters, not the user name', async () => {
    server();
    const { user } = renderForm();
    await fill(user, 'Username', 'msantos');
    await fill(user, 'Password', 'short');
    expect(await screen.findByText('Password must be at least 12 characters long')).toBeInTheDocument();
    await fill(user, 'Password', 'MSantos-in-2026');
    expect(await screen.findByText('Password must not contain the user name')).toBeInTheDocument();
    await fill(user, 'Password', 'a long enough secret');
    await waitFor(() => expect(screen.queryByText(/^Password must/)).not.toBeInTheDocument());
  });

  it('fills the Role select from GET /api/roles/names and registers the user, then closes with a toast', async () => {
    const api = server({ 'POST /api/accounts/register': { status: 201, body: { ...MARIA, _id: 'new' } } });
    const { user, onSaved } = renderForm();
    await fill(user, 'First Name', ' Maria ');
    await fill(user, 'Last Name', 'Santos');
    await fill(user, 'Username', 'msantos');
    await chooseRole(user, 'Clinician');
    await fill(user, 'Password', 'a long enough secret');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(await bodyOf(api, 'POST /api/accounts/register')).toEqual({
      firstname: 'Maria',
      lastname: 'Santos',
      username: 'msantos',
      role: 'clinician',
      password: 'a long enough secret',
    });
    expect(await screen.findByText(USER_TOASTS.added)).toBeInTheDocument();
  });

  it("puts the server's 409 for a taken user name on the Username field and stays open", async () => {
    server({
      'POST /api/accounts/register': {
        status: 409,
        body: { statusCode: 409, message: 'Username is already taken', errors: [{ field: 'username', message: 'Username is already taken' }] },
      },
    });
    const { user, onSaved, container } = renderForm();
    await fill(user, 'First Name', 'Maria');
    await fill(user, 'Last Name', 'Santos');
    await fill(user, 'Username', 'admin2');
    await chooseRole(user, 'Administrator');
    await fill(user, 'Password', 'a long enough secret');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const usernameItem = screen.getByLabelText('Username').closest('.ant-form-item') as HTMLElement;
    expect(await within(usernameItem).findByText('Username is already taken')).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
    expect(container).toBeInTheDocument();
  });

  it('adds a PNG photo up to 200 KB, read as a data URL and sent with the user', async () => {
    const api = server({ 'POST /api/accounts/register': { status: 201, body: { ...MARIA, hasPhoto: true } } });
    const { user, onSaved } = renderForm();
    await user.upload(screen.getByLabelText('Add Photo'), new File([PNG_BYTES], 'me.png', { type: 'image/png' }));
    expect(await screen.findByRole('button', { name: /Remove Photo/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'The chosen photo' })).toBeInTheDocument();
    await fill(user, 'First Name', 'Maria');
    await fill(user, 'Last Name', 'Santos');
    await fill(user, 'Username', 'msantos');
    await chooseRole(user, 'Clinician');
    await fill(user, 'Password', 'a long enough secret');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect((await bodyOf(api, 'POST /api/accounts/register')).photo).toBe(`data:image/png;base64,${Buffer.from(PNG_BYTES).toString('base64')}`);
  });

  it.each([
    ['a GIF', new File([new Uint8Array(10)], 'me.gif', { type: 'image/gif' }), 'Photo must be a PNG, JPEG or WebP image'],
    ['a PNG over 200 KB', new File([new Uint8Array(200 * 1024 + 1)], 'big.png', { type: 'image/png' }), 'Photo must be at most 200 KB'],
    ['a text file named .png', new File(['hello, not an image'], 'fake.png', { type: 'image/png' }), 'Photo must be a PNG, JPEG or WebP image'],
  ])('refuses %s with a clear message, keeping no photo', async (_name, file, message) => {
    server();
    const { user } = renderForm();
    // applyAccept off: the browser's file dialog filters by type, but a user can still pick "All files".
    await user.setup({ applyAccept: false }).upload(screen.getByLabelText('Add Photo'), file);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove Photo/ })).not.toBeInTheDocument();
  });
});

describe('Edit User', () => {
  it('hides the password behind RESET PASSWORD; CANCEL hides it again', async () => {
    server();
    const { user } = renderForm(MARIA);
    expect(screen.getByLabelText('First Name')).toHaveValue('Maria');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'RESET PASSWORD' }));
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'CANCEL' }));
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'RESET PASSWORD' })).toBeInTheDocument();
  });

  it('saves without a password when none was reset, and closes with a toast', async () => {
    const api = server({ 'PUT /api/accounts/u1': { body: { ...MARIA, lastname: 'Reyes' } } });
    const { user, onSaved } = renderForm(MARIA);
    await fill(user, 'Last Name', 'Reyes');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(await bodyOf(api, 'PUT /api/accounts/u1')).toEqual({
      userid: 'u1',
      firstname: 'Maria',
      lastname: 'Reyes',
      username: 'msantos',
      role: 'clinician',
    });
    expect(await screen.findByText(USER_TOASTS.updated)).toBeInTheDocument();
  });

  it('a reset password follows the same policy and is sent only then', async () => {
    const api = server({ 'PUT /api/accounts/u1': { body: MARIA } });
    const { user, onSaved } = renderForm(MARIA);
    await user.click(screen.getByRole('button', { name: 'RESET PASSWORD' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    await fill(user, 'Password', 'xx-msantos-xx-2026');
    expect(await screen.findByText('Password must not contain the user name')).toBeInTheDocument();
    await fill(user, 'Password', 'a brand new long password');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect((await bodyOf(api, 'PUT /api/accounts/u1')).password).toBe('a brand new long password');
  });

  it('requires the names on edit too', async () => {
    const api = server();
    const { user } = renderForm(MARIA);
    await user.clear(screen.getByLabelText('First Name'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(api.calls()).not.toContain('PUT /api/accounts/u1');
  });

  it('sends a removed photo as null, and an unchanged one not at all', async () => {
    const photo = `data:image/png;base64,${Buffer.from(PNG_BYTES).toString('base64')}`;
    const api = server({ 'PUT /api/accounts/u1': { body: MARIA } });
    const { user, onSaved } = renderForm({ ...MARIA, photo, hasPhoto: true });
    await user.click(screen.getByRole('button', { name: /Remove Photo/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect((await bodyOf(api, 'PUT /api/accounts/u1')).photo).toBeNull();
  });
});
