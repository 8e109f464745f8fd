// Issue 32: the platform on a ward with a weak connection. After one signed-in visit the service
// worker has the shell, the modules and the reference lists, so with the network really cut
// (context.setOffline) the app opens from the cache; the header says the connection state in words;
// the user's encrypted offline store exists only while signed in and sign-out erases it.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from '../support/axe.js';
import { ADMIN, adminToken, api, expectVisible, launch, openPage, screenshot, signIn, offlineStoredText, offlineKeyUser, saveNewPatient } from '../support/platform.js';

const status = (page: Page) => page.getByTestId('connection-status');

/** The IndexedDB databases of the page's origin (the offline store is `pnss-offline-<user id>`). */
const databases = (page: Page) => page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name ?? ''));

/** A patient with one case, made on the server through the API (what a ward has before the network goes). */
async function caseOnServer(patient: { firstName: string; lastName: string; birthDate: string }, caseNum: string) {
  const token = await adminToken();
  const made = await api<{ _id: string }>('POST', '/patients', { token, body: patient });
  const created = await api<{ _id: string; version: number }>('POST', `/patients/${made.body._id}/cases`, { token, body: { caseNum } });
  assert.equal(created.status, 201);
  return { token, patientId: made.body._id, caseId: created.body._id, version: created.body.version };
}

/** Signs the administrator in on `page` and opens the case form of `patientId`/`caseId`. */
async function openCaseForm(page: Page, patientId: string, caseId: string): Promise<void> {
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.waitForURL(/#\/patients/);
  await page.goto(`/#/patients/${patientId}/case/${caseId}`);
  await page.locator('.cf-page').waitFor();
}

describe('offline on a ward (issue 32)', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser.close();
  });

  it('after one signed-in visit the app opens with the network cut, and the header says Offline, then Online again', async () => {
    const watched = await openPage(browser);
    const { page } = watched;
    const context = page.context();
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL(/#\/patients/);
    // The app opens only once the offline key is kept: a reload at once after sign-in reopens the queue
    // (the key used to be derived while the first screen loaded, and a reload in that second lost it).
    const keyUser = await offlineKeyUser(page);
    assert.ok(keyUser, 'the offline key is kept the moment the app opens after sign-in');
    await page.reload();
    await expectVisible(watched, status(page).filter({ hasText: 'Online' }), 'offline-online-first');
    assert.equal(await offlineKeyUser(page), keyUser, 'a reload at once after sign-in keeps the key');
    // The visit: the service worker takes the page over, and this load puts the modules and the reference lists in its caches.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expectVisible(watched, page.getByRole('navigation', { name: 'Main' }), 'offline-visit-nav');
    await expectVisible(watched, page.getByRole('heading', { name: 'Patients' }).first(), 'offline-visit-patients');
    assert.ok(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)), 'the service worker controls the page');
    const stores = (await databases(page)).filter((name) => name.startsWith('pnss-offline-') && name !== 'pnss-offline-session');
    assert.equal(stores.length, 1, `sign-in opened one offline store: ${stores.join(', ')}`);
    assert.ok((await databases(page)).includes('pnss-offline-session'), 'the key is kept, as a CryptoKey, while signed in');
    assert.equal(await offlineKeyUser(page), keyUser, 'the key is kept for the signed-in user across reloads');
    // The key cannot be read by a script: the page's own code gets a CryptoKey that refuses to be exported.
    const exported = await page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('pnss-offline-session');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const kept = await new Promise<{ key: CryptoKey }>((resolve) => {
        const request = db.transaction('keys').objectStore('keys').get('signed-in');
        request.onsuccess = () => resolve(request.result as { key: CryptoKey });
      });
      db.close();
      const refused = await crypto.subtle.exportKey('raw', kept.key).then(() => 'exported', (error: Error) => error.name);
      return { type: Object.prototype.toString.call(kept.key), extractable: kept.key.extractable, refused };
    });
    assert.deepEqual(exported, { type: '[object CryptoKey]', extractable: false, refused: 'InvalidAccessError' });
    assert.equal(await page.evaluate(() => sessionStorage.length), 0, 'nothing of the key in sessionStorage');

    await context.setOffline(true);
    await expectVisible(watched, status(page).filter({ hasText: 'Offline' }), 'offline-indicator');
    await expectAccessible(page, 'connection indicator offline', { include: '[data-testid="connection-status"]' });

    const started = Date.now();
    await page.reload();
    await expectVisible(watched, status(page).filter({ hasText: 'Offline' }), 'offline-reload-indicator');
    await expectVisible(watched, page.getByRole('heading', { name: 'Patients' }).first(), 'offline-reload-patients');
    const openedIn = Date.now() - started;
    console.info(`The app opened from the cache with the network cut in ${openedIn} ms (issue 32 asks for under 3 s).`);
    await page.getByRole('link', { name: 'Cases' }).first().click();
    await expectVisible(watched, page.getByRole('heading', { name: 'Cases' }).first(), 'offline-cases');
    await screenshot(page, 'offline-cases');

    await context.setOffline(false);
    await expectVisible(watched, status(page).filter({ hasText: /^Online$/ }), 'offline-back-online');
    await expectAccessible(page, 'connection indicator online', { include: '[data-testid="connection-status"]' });
    await context.close();
  });

  it('a case saved with the network cut waits on the device, encrypted, and is on the server once after the connection returns', async () => {
    const { token, patientId, caseId, version } = await caseOnServer({ firstName: 'Ward', lastName: 'Outage', birthDate: '1993-04-11' }, `OFFLINE-${Date.now()}`);
    const watched = await openPage(browser);
    const { page } = watched;
    const context = page.context();
    await openCaseForm(page, patientId, caseId);

    await context.setOffline(true);
    await expectVisible(watched, status(page).filter({ hasText: 'Offline' }), 'offline-case-offline');
    await page.locator('[data-field="room"] input').first().fill('Delivery room 3');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectVisible(watched, page.getByText('No connection: the case is saved on this device and will be sent when the connection returns.'), 'offline-case-queued');
    await expectVisible(watched, status(page).filter({ hasText: 'Offline · 1 change waiting' }), 'offline-case-waiting');
    assert.equal(await page.locator('[data-field="room"] input').first().inputValue(), 'Delivery room 3', 'the form stays with the edit');
    await screenshot(page, 'offline-case-waiting');
    // The browser's storage holds the queued save sealed: neither the room nor the case number is readable in it.
    const stored = await offlineStoredText(page);
    assert.match(stored, /saveCase/, 'the queue is there');
    assert.doesNotMatch(stored, /Delivery room 3|OFFLINE-/, 'no patient text in the browser storage');

    const back = Date.now();
    await context.setOffline(false);
    await expectVisible(watched, status(page).filter({ hasText: /^Online$/ }), 'offline-case-synced');
    console.info(`The queued save was sent ${Date.now() - back} ms after the network returned (issue 32 asks for under 5 s).`);
    const saved = await api<{ room: string; version: number }>('GET', `/patients/${patientId}/cases/${caseId}`, { token });
    assert.equal(saved.body.room, 'Delivery room 3');
    assert.equal(saved.body.version, version + 1, 'saved exactly once');
    await context.close();
  });

  it('two tabs of one user, each with a save waiting, send the shared queue once between them when the connection returns', async () => {
    const stamp = Date.now();
    const cases = [];
    for (const n of [1, 2]) cases.push(await caseOnServer({ firstName: 'Twotab', lastName: `Ward ${n}`, birthDate: '1990-02-14' }, `TABS-${stamp}-${n}`));
    const { token } = cases[0]!;
    const watched = await openPage(browser);
    const { page: first } = watched;
    const context = first.context();
    const second = await context.newPage();
    const tabs = [first, second] as const;
    await openCaseForm(first, cases[0]!.patientId, cases[0]!.caseId);
    // The second tab shares the first's session (one browser profile): it opens its case directly.
    await second.goto(`/#/patients/${cases[1]!.patientId}/case/${cases[1]!.caseId}`);
    await second.locator('.cf-page').waitFor();

    await context.setOffline(true);
    for (const [i, tab] of tabs.entries()) {
      await status(tab).filter({ hasText: 'Offline' }).waitFor();
      await tab.locator('[data-field="room"] input').first().fill(`Tab ${i + 1} room`);
      await tab.getByRole('button', { name: 'Save' }).click();
      await tab.getByText('No connection: the case is saved on this device and will be sent when the connection returns.').waitFor();
    }
    // One queue on the device: each tab counts both saves.
    await expectVisible(watched, status(second).filter({ hasText: 'Offline · 2 changes waiting' }), 'offline-two-tabs-waiting');

    const saves: string[] = [];
    context.on('request', (request) => {
      if (request.method() === 'PUT' && !request.serviceWorker() && /\/api\/patients\/[^/]+\/cases\/[^/]+$/.test(request.url())) saves.push(request.url());
    });
    await context.setOffline(false);
    for (const [i, tab] of tabs.entries()) {
      // What each user sees: Online with nothing waiting or refused, and the form still showing the room typed in it.
      await status(tab).filter({ hasText: /^Online$/ }).waitFor();
      assert.equal(await tab.locator('[data-field="room"] input').first().inputValue(), `Tab ${i + 1} room`);
    }
    await screenshot(second, 'offline-two-tabs-synced');
    for (const [i, created] of cases.entries()) {
      const saved = await api<{ room: string; version: number }>('GET', `/patients/${created.patientId}/cases/${created.caseId}`, { token });
      assert.equal(saved.body.room, `Tab ${i + 1} room`);
      assert.equal(saved.body.version, created.version + 1, 'saved exactly once');
    }
    assert.equal(saves.length, 2, `each waiting save went to the server once, by one of the tabs: ${saves.join(', ')}`);
    await context.close();
  });

  it('a network cut during sign-in is said in words and loses nothing: signing in again when back online sends the queue', async () => {
    const { token, patientId, caseId, version } = await caseOnServer({ firstName: 'Night', lastName: 'Signin', birthDate: '1990-01-02' }, `SIGNIN-${Date.now()}`);
    const watched = await openPage(browser);
    const { page } = watched;
    const context = page.context();
    await openCaseForm(page, patientId, caseId);
    await context.setOffline(true);
    await page.locator('[data-field="room"] input').first().fill('Night shift 2');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectVisible(watched, status(page).filter({ hasText: 'Offline · 1 change waiting' }), 'signin-cut-queued');

    // The session ends meanwhile (revoked on the server); back online, the app goes to sign-in, the queue kept.
    const stored = await page.evaluate(() => localStorage.getItem('token'));
    await api('POST', '/accounts/logout', { token: (stored ?? '').replace(/^Bearer /, '') });
    await context.setOffline(false);
    await page.reload();
    await page.waitForURL(/#\/account\/login/);

    // The network goes as the user signs in: told in words, still on sign-in, the queue still on the device.
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Login' }).click();
    await expectVisible(watched, page.getByText(/^Error communicating with server: /).first(), 'signin-cut-message');
    await screenshot(page, 'offline-signin-cut');
    assert.match(page.url(), /#\/account\/login/);
    assert.match(await offlineStoredText(page), /saveCase/, 'the queued save is still on the device');

    // Back online, signing in again works and the queue continues: on the server once.
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => !url.hash.startsWith('#/account/login'));
    const read = () => api<{ room: string | null; version: number }>('GET', `/patients/${patientId}/cases/${caseId}`, { token });
    let saved = await read();
    for (const until = Date.now() + 30_000; saved.body.room !== 'Night shift 2' && Date.now() < until; saved = await read()) await page.waitForTimeout(250);
    await expectVisible(watched, status(page).filter({ hasText: /^Online$/ }), 'signin-cut-synced');
    assert.equal(saved.body.room, 'Night shift 2', 'the queued save reached the server after signing in again');
    assert.equal(saved.body.version, version + 1, 'saved exactly once');
    await context.close();
  });

  it('a save whose answer is lost (the network cut mid-save, and again mid-sync) is replayed, never duplicated: on the server exactly once', async () => {
    const token = await adminToken();
    // No service worker here: the flow drops answers on their way back, which it can only do for the page's own requests.
    const watched = await openPage(browser, undefined, { serviceWorkers: 'block' });
    const { page } = watched;
    const context = page.context();
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL(/#\/patients/);

    // A new patient: the server makes her, and the connection drops before the answer; then again on the first replay.
    const lastName = `Lost ${Date.now()}`;
    const keys: string[] = [];
    await context.route('**/api/patients', async (route) => {
      if (route.request().method() !== 'POST' || keys.length >= 2) {
        if (route.request().method() === 'POST') keys.push(route.request().headers()['idempotency-key'] ?? '');
        await route.fallback();
        return;
      }
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      await route.fetch();
      await context.setOffline(true);
      await route.abort('internetdisconnected');
    });
    await page.goto('/#/newpatient');
    await saveNewPatient(page, { firstName: 'Perla', lastName, birthDate: '07/21/1988' });
    await expectVisible(watched, page.getByText('No connection: the patient is saved on this device and will be sent when the connection returns.').first(), 'lost-patient-queued');
    await context.setOffline(false);
    // The replay's answer is lost too (mid-sync): the change waits again.
    for (const until = Date.now() + 30_000; keys.length < 2 && Date.now() < until;) await page.waitForTimeout(100);
    assert.equal(keys.length, 2, 'the queue was replayed once the connection returned');
    await expectVisible(watched, status(page).filter({ hasText: 'Offline · 1 change waiting' }), 'lost-mid-sync');
    await context.setOffline(false);
    await expectVisible(watched, status(page).filter({ hasText: /^Online$/ }), 'lost-patient-synced');
    assert.equal(keys.length, 3, 'made, replayed, replayed again');
    assert.ok(keys[0] && keys.every((key) => key === keys[0]), `one Idempotency-Key throughout: ${keys.join(', ')}`);
    const patients = await api<{ items: Array<{ _id: string }> }>('GET', `/patients?search=${encodeURIComponent(lastName)}`, { token });
    assert.equal(patients.body.items.length, 1, 'one patient on the server');
    await context.unrouteAll();

    // A save of a case: the server takes it, the answer is lost; the replay finds it there and does not save it again.
    const created = await api<{ _id: string; version: number }>('POST', `/patients/${patients.body.items[0]!._id}/cases`, { token, body: { caseNum: `LOST-${Date.now()}` } });
    await page.goto(`/#/patients/${patients.body.items[0]!._id}/case/${created.body._id}`);
    await page.locator('.cf-page').waitFor();
    let lost = false;
    await context.route('**/api/patients/*/cases/*', async (route) => {
      if (route.request().method() !== 'PUT' || lost) {
        await route.fallback();
        return;
      }
      lost = true;
      await route.fetch();
      await context.setOffline(true);
      await route.abort('internetdisconnected');
    });
    await page.locator('[data-field="room"] input').first().fill('Answer lost');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectVisible(watched, page.getByText('No connection: the case is saved on this device and will be sent when the connection returns.').first(), 'lost-save-queued');
    await context.setOffline(false);
    await expectVisible(watched, status(page).filter({ hasText: /^Online$/ }), 'lost-save-synced');
    assert.equal(await page.getByRole('link', { name: /was changed by someone else/ }).count(), 0, 'no conflict with the user\'s own save');
    const once = await api<{ room: string; version: number }>('GET', `/patients/${patients.body.items[0]!._id}/cases/${created.body._id}`, { token });
    assert.equal(once.body.room, 'Answer lost');
    assert.equal(once.body.version, created.body.version + 1, 'saved exactly once');
    // The form goes on from the server's version: the next save is no conflict.
    await page.locator('[data-field="room"] input').first().fill('Answer lost, then found');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectVisible(watched, page.getByText('Successfully updated patient case information!').first(), 'lost-save-next');
    await context.close();
  });

  it("signing out erases the user's offline store from the browser", async () => {
    const watched = await openPage(browser);
    const { page } = watched;
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL(/#\/patients/);
    await page.waitForFunction(async () => (await indexedDB.databases()).some((db) => db.name?.startsWith('pnss-offline-')));
    await page.getByRole('navigation', { name: 'Main' }).getByText('Sign out', { exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/#\/account\/login/);
    await page.waitForFunction(async () => !(await indexedDB.databases()).some((db) => db.name?.startsWith('pnss-offline-')));
    assert.ok(!(await databases(page)).includes('pnss-offline-session'), 'the key left the device');
    await page.context().close();
  });
});
