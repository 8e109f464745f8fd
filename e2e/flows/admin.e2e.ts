// Issue 6's browser flows: an administrator creates a clinician, grants the clinician's role an
// admin permission (Admin appears at the clinician's next navigation), then deactivates the user
// (their next navigation lands on login). The three run in order on the same two browsers.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { ADMIN, adminToken, api, expectVisible, launch, openPage, screenshot, signIn, type WatchedPage } from '../support/platform.js';
import { expectAccessible } from '../support/axe.js';

interface RoleRow {
  _id: string;
  roleName: string;
  rolePermissions: string[];
}

const NOT_PERMITTED = 'You do not have permission to open Admin.';

/** Page errors, less the browser's own line for an answer this flow expects (a 409 it provoked). */
function unexpected(errors: string[], ...statuses: number[]): string[] {
  return errors.filter((error) => !statuses.some((status) => error.includes(`status of ${status}`)));
}

async function navEntry(page: Page, label: string) {
  return page.getByRole('navigation').getByText(label, { exact: true });
}

describe('admin: users and roles', () => {
  let browser: Browser;
  let administrator: WatchedPage;
  let clinician: WatchedPage;
  let clinicianRoleBefore: RoleRow | undefined;
  const suffix = Date.now().toString(36);
  const username = `e2e.clinician.${suffix}`;
  const password = `Labour ward night shift ${suffix}`;

  before(async () => {
    browser = await launch();
    administrator = await openPage(browser);
    clinician = await openPage(browser);
    const roles = await api<RoleRow[]>('GET', '/roles', { token: await adminToken() });
    clinicianRoleBefore = roles.body.find((role) => role.roleName === 'clinician');
  });

  after(async () => {
    // Other flows expect the seeded clinician role as it was: put it back whatever happened here.
    if (clinicianRoleBefore) {
      await api('PUT', '/roles', {
        token: await adminToken(),
        body: [{ _id: clinicianRoleBefore._id, rolePermissions: clinicianRoleBefore.rolePermissions }],
      });
    }
    await browser.close();
  });

  it('1. the administrator creates a clinician user; the clinician sees no Admin entry and gets 403 from the admin calls', async () => {
    const { page, errors } = administrator;
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL(/#\/patients/);
    await (await navEntry(page, 'Admin')).click();
    await page.waitForURL(/#\/admin\/users$/);
    await page.getByRole('button', { name: 'New User' }).click();
    const form = page.getByRole('dialog', { name: 'Add User' });
    await form.getByLabel('First Name').fill('Amihan');
    await form.getByLabel('Last Name').fill('Dela Cruz');
    await form.getByLabel('Username').fill(username);
    await form.getByRole('combobox', { name: 'Role' }).click();
    await page.getByTitle('Clinician', { exact: true }).click();
    // The client holds the password policy before the server sees it.
    await form.getByLabel('Password').fill('too short');
    await form.getByText('Password must be at least 12 characters long').waitFor();
    await form.getByLabel('Password').fill(password);
    await screenshot(page, 'admin-add-user');
    await expectAccessible(page, 'admin: Add User dialog');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Successfully added new user!').waitFor();
    await page.waitForURL(/#\/admin\/users$/);
    const row = page.getByRole('row').filter({ hasText: username });
    await row.getByText('Clinician', { exact: true }).waitFor();
    await screenshot(page, 'admin-users');
    await expectAccessible(page, 'admin: users');

    // A second user with the same name, in another case, is refused on the field.
    await page.getByRole('button', { name: 'New User' }).click();
    const again = page.getByRole('dialog', { name: 'Add User' });
    await again.getByLabel('First Name').fill('Other');
    await again.getByLabel('Last Name').fill('Person');
    await again.getByLabel('Username').fill(username.toUpperCase());
    await again.getByRole('combobox', { name: 'Role' }).click();
    await page.getByTitle('Reporting (read-only)', { exact: true }).click();
    await again.getByLabel('Password').fill('another long password here');
    await again.getByRole('button', { name: 'Save' }).click();
    // On the field, inside the form (the toast says it too, outside).
    await again.getByText('Username is already taken').waitFor();
    await again.getByRole('button', { name: 'Close' }).click();

    const login = await api<{ token: string }>('POST', '/accounts/login', { body: { username, password } });
    assert.equal(login.status, 200, 'the new clinician can sign in');
    for (const [method, path] of [['GET', '/accounts'], ['GET', '/roles'], ['PUT', '/roles'], ['POST', '/accounts/register']] as const) {
      const answer = await api(method, path, { token: login.body.token, body: method === 'GET' ? undefined : method === 'PUT' ? [] : {} });
      assert.equal(answer.status, 403, `${method} ${path} is refused to a clinician`);
    }

    await signIn(clinician.page, username, password);
    await clinician.page.waitForURL(/#\/patients/);
    await (await navEntry(clinician.page, 'Cases')).waitFor();
    assert.equal(await (await navEntry(clinician.page, 'Admin')).count(), 0, 'a clinician has no Admin entry');
    await clinician.page.goto('/#/admin/users');
    await expectVisible(clinician, clinician.page.getByText(NOT_PERMITTED), 'admin-not-permitted');
    await screenshot(clinician.page, 'admin-not-permitted');
    assert.deepEqual(unexpected(errors, 409), []);
  });

  it("2. the administrator grants the clinician's role an admin permission; after the clinician's next navigation Admin appears", async () => {
    const { page, errors } = administrator;
    await page.getByRole('tab', { name: 'Roles' }).click();
    // The national census features have their own column group, as the others do, not 'Other'.
    const national = page.getByRole('columnheader', { name: 'National census', exact: true });
    await national.waitFor();
    await national.scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-roles-grid');
    await page.getByRole('button', { name: 'EDIT' }).click();
    await page.getByRole('heading', { name: 'Edit Roles' }).waitFor();
    await page.getByRole('checkbox', { name: 'Clinician – Open the Admin module' }).check();
    await page.getByRole('checkbox', { name: 'Clinician – List users' }).check();
    await page.getByText('1 role changed').waitFor();
    await screenshot(page, 'admin-edit-roles');
    await expectAccessible(page, 'admin: edit roles');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Successfully updated roles!').waitFor();
    await page.waitForURL(/#\/admin\/roles$/);
    await page.getByRole('img', { name: 'Clinician – Open the Admin module: granted' }).waitFor();
    await expectAccessible(page, 'admin: roles');

    // The clinician has not signed out: the next navigation's session check brings the new permissions.
    await (await navEntry(clinician.page, 'Cases')).click();
    await expectVisible(clinician, await navEntry(clinician.page, 'Admin'), 'admin-entry-after-role-change');
    await (await navEntry(clinician.page, 'Admin')).click();
    await clinician.page.getByRole('tab', { name: 'Users' }).waitFor();
    await clinician.page.getByRole('row').filter({ hasText: username }).waitFor();
    assert.equal(await clinician.page.getByRole('button', { name: 'New User' }).count(), 0, 'listing users does not give adding them');
    await screenshot(clinician.page, 'admin-clinician-with-admin');

    // The role's history shows what was added.
    const clinicianRole = page.getByRole('row').filter({ hasText: 'Clinician' });
    await clinicianRole.getByRole('button', { name: 'History of Clinician' }).click();
    const added = page.getByRole('dialog').locator('li').filter({ hasText: 'Features added:' }).first();
    await added.waitFor();
    const addedText = (await added.textContent()) ?? '';
    assert.match(addedText, /List users/);
    assert.match(addedText, /Open the Admin module/);
    await page.keyboard.press('Escape');
    assert.deepEqual(unexpected(errors, 409), []);
  });

  it('3. the administrator deactivates the user; their next navigation lands on login', async () => {
    const { page, errors } = administrator;
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByRole('button', { name: `Deactivate ${username}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Deactivate Amihan Dela Cruz?' });
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByText('Amihan Dela Cruz has been deactivated.').waitFor();
    const row = page.getByRole('row').filter({ hasText: username });
    await row.getByText('Deactivated').waitFor();
    await screenshot(page, 'admin-deactivated');

    await (await navEntry(clinician.page, 'Patients')).click();
    await clinician.page.waitForURL(/#\/account\/login/);
    assert.equal(await clinician.page.evaluate(() => localStorage.getItem('token')), null, 'the token is gone');
    const again = await api<{ message: string }>('POST', '/accounts/login', { body: { username, password } });
    assert.equal(again.status, 401);
    assert.equal(again.body.message, 'This account has been deactivated');

    // The user's history records it, with the old and new status and no password.
    await row.getByRole('button', { name: `History of ${username}` }).click();
    const history = page.getByRole('dialog', { name: /History of Amihan Dela Cruz/ });
    await history.getByText('Status: Active → Deactivated').waitFor();
    assert.equal(await history.getByText(password).count(), 0);
    await screenshot(page, 'admin-user-history');
    assert.deepEqual(unexpected(errors, 409), []);
    assert.deepEqual(unexpected(clinician.errors, 401), []);
  });
});
