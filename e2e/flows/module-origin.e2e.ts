// Issue 26.2: a module is redeployed by changing its entry in remotes.json alone. With the platform
// running, the admin module's build is served from a second origin, remotes.json is edited to point
// there (as an operator would, by writing a new file over it), and after a reload the Admin screen
// renders from the new origin: the page's Content Security Policy follows the file it serves.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { ADMIN, BASE_URL, expectVisible, launch, openPage, screenshot, signIn } from '../support/platform.js';
import { type ModuleOrigin, serveModule } from '../support/module-origin.js';

const REMOTES_FILE = process.env.E2E_REMOTES_FILE ?? '';
const ADMIN_DIST = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'mfe-admin', 'dist');
/** The second origin: E2E_MODULE_PORT, or the platform's port + 5 (8305 beside 8300). */
const MODULE_PORT = Number(process.env.E2E_MODULE_PORT ?? Number(new URL(BASE_URL).port) + 5);

interface Remotes {
  remotes: Array<{ name: string; entry: string }>;
}

/** Writes remotes.json as an editor saves: a new file renamed over the old one. */
function replaceFile(path: string, text: string): void {
  writeFileSync(`${path}.new`, text);
  renameSync(`${path}.new`, path);
}

describe('a module moved to another origin by editing remotes.json', () => {
  let browser: Browser;
  let moduleOrigin: ModuleOrigin;
  let original: string;

  before(async () => {
    assert.ok(REMOTES_FILE, 'E2E_REMOTES_FILE names the remotes.json the platform serves (run through e2e/run.ts)');
    original = readFileSync(REMOTES_FILE, 'utf8');
    browser = await launch();
    moduleOrigin = await serveModule(ADMIN_DIST, MODULE_PORT, new URL(BASE_URL).origin);
  });

  after(async () => {
    if (original) replaceFile(REMOTES_FILE, original);
    await browser?.close();
    await moduleOrigin?.close();
  });

  it('loads the Admin screen from the new origin after a reload, with no restart, and from the platform again once the file is put back', async () => {
    const watched = await openPage(browser);
    const { page, errors } = watched;
    const adminFiles: string[] = [];
    // The admin module's entry files, wherever they come from.
    page.on('request', (request) => {
      const url = request.url();
      if (!/\/(mf-manifest\.json|remoteEntry\.js)$/.test(url)) return;
      if (url.startsWith(moduleOrigin.origin) || url.startsWith(`${BASE_URL}/modules/admin/`)) adminFiles.push(url);
    });
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL(/#\/patients/);

    const remotes = JSON.parse(original) as Remotes;
    const admin = remotes.remotes.find((remote) => remote.name === 'mfe_admin');
    assert.ok(admin, 'remotes.json lists mfe_admin');
    admin.entry = `${moduleOrigin.origin}/mf-manifest.json`;
    replaceFile(REMOTES_FILE, JSON.stringify(remotes, null, 2));

    adminFiles.length = 0;
    await page.goto('/#/admin/users');
    await page.reload();
    await expectVisible(watched, page.getByRole('button', { name: 'New User' }), 'module-origin-admin');
    await expectVisible(watched, page.getByRole('row').filter({ hasText: ADMIN.username }).first(), 'module-origin-admin-users');
    await screenshot(page, 'module-origin-admin');
    assert.ok(moduleOrigin.requested.includes('/mf-manifest.json'), `the manifest came from ${moduleOrigin.origin}: ${moduleOrigin.requested.join(', ')}`);
    assert.ok(moduleOrigin.requested.includes('/remoteEntry.js'), `the remote entry came from ${moduleOrigin.origin}`);
    assert.ok(adminFiles.length > 0 && adminFiles.every((url) => url.startsWith(moduleOrigin.origin)), `the admin module's files: ${adminFiles.join(', ')}`);
    const csp = (await page.request.get('/')).headers()['content-security-policy'];
    assert.match(csp ?? '', new RegExp(`connect-src 'self'[^;]* ${moduleOrigin.origin.replace(/[.:/]/g, '\\$&')}`));
    assert.deepEqual(errors.filter((error) => /Content Security Policy|Refused/.test(error)), []);

    replaceFile(REMOTES_FILE, original);
    moduleOrigin.requested.length = 0;
    adminFiles.length = 0;
    await page.reload();
    await expectVisible(watched, page.getByRole('button', { name: 'New User' }), 'module-origin-admin-back');
    assert.deepEqual(moduleOrigin.requested, [], 'nothing more is asked of the second origin');
    assert.ok(adminFiles.some((url) => url.startsWith(`${BASE_URL}/modules/admin/`)), `the admin module's files: ${adminFiles.join(', ')}`);
    assert.deepEqual(errors, []);
    await page.context().close();
  });
});
