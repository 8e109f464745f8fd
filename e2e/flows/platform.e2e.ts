// Issue 2's browser flows: the guards, sign-in and sign-out, permissions, and a module that
// cannot be loaded failing alone; issues 9 and 12: a module built for a newer @pnss/web failing
// loudly, and scripts sent precompressed.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { expectAccessible } from '../support/axe.js';
import { ADMIN, api, createUser, launch, openPage, screenshot, signIn } from '../support/platform.js';

/** The @pnss/web the shell runs, and the next minor: what a module built against a newer one asks for. */
const WEB_VERSION = (JSON.parse(readFileSync(new URL('../../libs/web/package.json', import.meta.url), 'utf8')) as { version: string }).version;
const [WEB_MAJOR = 0, WEB_MINOR = 0] = WEB_VERSION.split('.').map(Number);
const NEWER_WEB = `${WEB_MAJOR}.${WEB_MINOR + 1}.0`;

describe('platform', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser.close();
  });

  it('an unauthenticated user is sent to login, from any deep link', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto('/#/reports/obreport/summary/');
    await page.waitForURL(/#\/account\/login/);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    assert.equal(await page.getByRole('navigation').count(), 0, 'the login page hides the navigation');
    await screenshot(page, 'login');
    await expectAccessible(page, 'login');
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('a wrong password shows the server message', async () => {
    const { page } = await openPage(browser);
    await signIn(page, ADMIN.username, 'not-the-password');
    const wrong = await api<{ message: string }>('POST', '/accounts/login', {
      body: { username: 'nobody-at-all', password: 'not-the-password' },
    });
    assert.equal(wrong.status, 401);
    await page.getByText(wrong.body.message).first().waitFor();
    assert.match(page.url(), /#\/account\/login/);
    await page.context().close();
  });

  it('the administrator signs in, sees the navigation and the Version label, and signs out through the confirmation', async () => {
    const { page, errors } = await openPage(browser);
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL(/#\/patients/);
    const nav = page.getByRole('navigation');
    for (const entry of ['Cases', 'Submissions', 'Census Questions', 'Technical Support', 'Admin', 'Sign out']) {
      await nav.getByText(entry, { exact: true }).first().waitFor();
    }
    await page.getByText(/Version \d+\.\d+\.\d+/).first().waitFor();
    const stored = await page.evaluate(() => localStorage.getItem('token'));
    assert.match(stored ?? '', /^Bearer \S+/, "the token is stored as 'Bearer ' plus the token");
    await screenshot(page, 'shell-signed-in');
    await expectAccessible(page, 'shell, signed in');

    await nav.getByText('Sign out', { exact: true }).first().click();
    await page.getByText('Are you sure you want to sign out?').waitFor();
    await expectAccessible(page, 'sign-out confirmation');
    await page.getByRole('dialog').getByRole('button', { name: /^(OK|Yes|Sign out)$/ }).click();
    await page.waitForURL(/#\/account\/login/);
    assert.equal(await page.evaluate(() => localStorage.getItem('token')), null, 'sign-out removes the stored token');
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('a role without an admin permission does not see Admin and gets 403 from the API', async () => {
    const clinician = await createUser('clinician');
    const { page } = await openPage(browser);
    await signIn(page, clinician.username, clinician.password);
    await page.waitForURL(/#\/patients/);
    const nav = page.getByRole('navigation');
    await nav.getByText('Cases', { exact: true }).first().waitFor();
    assert.equal(await nav.getByText('Admin', { exact: true }).count(), 0);

    const login = await api<{ token: string }>('POST', '/accounts/login', {
      body: { username: clinician.username, password: clinician.password },
    });
    const users = await api('GET', '/accounts', { token: login.body.token });
    assert.equal(users.status, 403);
    const noToken = await api('GET', '/accounts');
    assert.equal(noToken.status, 401);
    await page.context().close();
  });

  it('a module whose manifest cannot be loaded shows its error panel while another module still mounts', async () => {
    const { page } = await openPage(browser, undefined, { serviceWorkers: 'block' });
    await page.route('**/remotes.json', async (route) => {
      const response = await route.fetch();
      const config = (await response.json()) as { remotes: Array<{ name: string; entry: string }> };
      for (const remote of config.remotes) {
        if (remote.name === 'mfe_reports') remote.entry = 'http://127.0.0.1:9/dead/mf-manifest.json';
      }
      await route.fulfill({ response, json: config });
    });
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL(/#\/patients/);
    await page.goto('/#/reports/obreport/summary/');
    await page.getByRole('button', { name: /retry/i }).waitFor({ timeout: 30_000 });
    await screenshot(page, 'module-error-panel');
    await page.goto('/#/cases');
    await page.getByRole('heading', { name: /^Cases/ }).first().waitFor();
    await page.context().close();
  });

  it('a module built for a newer @pnss/web than the shell provides shows its error panel saying so', async () => {
    // The remote entry is rewritten by page.route, which does not see the service worker's fetches.
    const { page } = await openPage(browser, undefined, { serviceWorkers: 'block' });
    // The admin module's remoteEntry.js as a build against the next minor @pnss/web would write it:
    // its strict range (the only strict one) asks for that while the shell runs the current one.
    await page.route('**/modules/admin/remoteEntry.js', async (route) => {
      const response = await route.fetch();
      const text = await response.text();
      const newer = text.replaceAll(/requiredVersion:"\^[0-9.]+",strictVersion:!0/g, `requiredVersion:"^${NEWER_WEB}",strictVersion:!0`);
      assert.notEqual(newer, text, 'the remote entry carries the strict @pnss/web range');
      await route.fulfill({ response, body: newer });
    });
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL(/#\/patients/);
    await page.goto('/#/admin');
    const panel = page.getByRole('alert').filter({ hasText: 'Admin could not be loaded.' });
    await panel.waitFor({ timeout: 30_000 });
    assert.ok((await panel.innerText()).includes(`needs a newer version of PNSS (@pnss/web ^${NEWER_WEB}) than this page runs (${WEB_VERSION})`));
    await screenshot(page, 'module-needs-newer-web');
    await page.goto('/#/cases');
    await page.getByRole('heading', { name: /^Cases/ }).first().waitFor();
    await page.context().close();
  });

  it('scripts come precompressed as the browser accepts, hashed chunks cached for a year, entry files checked', async () => {
    const { page } = await openPage(browser);
    const scripts: Array<{ url: string; encoding: string | undefined; cache: string | undefined }> = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      const headers = response.headers();
      scripts.push({ url: response.url(), encoding: headers['content-encoding'], cache: headers['cache-control'] });
    });
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.getByRole('heading', { name: 'Patients' }).waitFor();
    await page.waitForLoadState('networkidle');
    assert.ok(scripts.some((script) => script.url.endsWith('/modules/cases/remoteEntry.js')), 'the cases module loaded');
    for (const script of scripts) {
      const name = new URL(script.url).pathname.split('/').pop() ?? '';
      if (name === 'remoteEntry.js' || name === 'main.js') assert.equal(script.cache, 'no-cache', name);
      else assert.equal(script.cache, 'public, max-age=31536000, immutable', name);
    }
    const brotli = scripts.filter((script) => script.encoding === 'br');
    assert.ok(brotli.length >= scripts.length / 2, `${brotli.length} of ${scripts.length} scripts came as brotli`);
    assert.ok(brotli.some((script) => script.url.endsWith('/main.js')), 'main.js came as brotli');
    await page.context().close();
  });

  it('the API documentation at /api/docs lists every operation with its summary, and says who may call it', async () => {
    const { page, errors } = await openPage(browser);
    const document = await api<{ paths: Record<string, Record<string, { summary: string }>> }>('GET', '/docs/openapi.json');
    assert.equal(document.status, 200);
    const summaries = Object.values(document.body.paths).flatMap((item) => Object.values(item).map((operation) => operation.summary));
    assert.ok(summaries.length >= 60 && summaries.every((summary) => typeof summary === 'string' && summary.length > 0), 'every operation has a summary');
    await page.goto('/api/docs');
    await page.getByRole('heading', { name: /PNSS API/ }).first().waitFor();
    await page.getByText('One patient, with the histories').first().click();
    await page.getByText('Permission: find_patient.').waitFor();
    await screenshot(page, 'api-docs');
    assert.deepEqual(errors, []);
    await page.context().close();
  });
});
