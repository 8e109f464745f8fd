// Issue 32, offline entry: with the network really cut (context.setOffline) a clinician reloads the
// app, creates a patient and a case, fills it and closes it; the work waits on the device, marked in
// the lists, and reaches the server exactly once when the connection returns. A second browser
// changes a case the first saved offline meanwhile: the first gets the conflict dialog. Signing out
// with a change still waiting warns with the count.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from '../support/axe.js';
import { ADMIN, adminToken, api, createUser, expectVisible, launch, openPage, screenshot, screenshotOf, settled, signIn, type WatchedPage, offlineStoredText, offlineKeyUser, saveNewPatient } from '../support/platform.js';

const PATIENT_SAVED = 'No connection: the patient is saved on this device and will be sent when the connection returns.';
const CASE_SAVED = 'No connection: the case is saved on this device and will be sent when the connection returns.';
const CASE_CLOSED = 'No connection: the case is closed on this device. The close will be sent when the connection returns, and the server checks it again.';
const ON_DEVICE = 'On this device only: not on the server yet';

const status = (page: Page) => page.getByTestId('connection-status');
const field = (page: Page, path: string) => page.locator(`[data-field="${path}"]`);

function day(daysAgo: number): string {
  const d = new Date(Date.now() - daysAgo * 86_400_000);
  return `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}/${d.getFullYear()}`;
}

async function radio(page: Page, path: string, label: string): Promise<void> {
  await field(page, path).getByLabel(label, { exact: true }).check();
}

async function fill(page: Page, path: string, value: string): Promise<void> {
  await field(page, path).locator('input').first().fill(value);
}

async function choose(page: Page, path: string, label: string): Promise<void> {
  await field(page, path).getByRole('combobox').first().click();
  await page.keyboard.type(label);
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option-active[title="${label}"]`).waitFor();
  await page.keyboard.press('Enter');
  await field(page, path).locator(`[title="${label}"]`).first().waitFor();
}

async function date(page: Page, path: string, value: string): Promise<void> {
  const input = field(page, path).locator('input').first();
  await input.fill(value);
  await input.press('Enter');
}

async function pick(page: Page, path: string, search: string, entry: string): Promise<void> {
  await field(page, path).getByRole('button', { name: /^Choose / }).click();
  const picker = page.locator('.cf-picker');
  await picker.getByLabel(/^Search /).fill(search);
  await picker.getByLabel(entry, { exact: true }).check();
  await picker.getByRole('button', { name: 'Back to the form navigation' }).click();
}

/** A gyne case every close rule accepts (the answers of case-form.e2e.ts' gyne close). */
async function fillClosableGyneCase(page: Page): Promise<void> {
  await radio(page, 'caseFormType', 'GYNE');
  await fill(page, 'room', '3B');
  await date(page, 'admissionDate', day(6));
  await fill(page, 'weight', '65');
  await fill(page, 'height', '160');
  await radio(page, 'pcosHistory', 'NO');
  for (const [path, value] of [['obscoreG', '2'], ['obscoreP', '1'], ['obscoreFT', '1'], ['obscorePr', '0'], ['obscoreAb', '0'], ['obscoreLB', '1']] as const) {
    await fill(page, path, value);
  }
  await choose(page, 'gyneOrgan', 'Cervix');
  await radio(page, 'organCondition', 'Malignant');
  await choose(page, 'gyneDiagnosis', 'Malignant Neoplasm of the Cervix');
  await pick(page, 'gynecologicalDiagnosis', 'squamous', 'Squamous cell carcinoma of the cervix');
  await field(page, 'gynecologicalDiagnosis').getByRole('combobox', { name: /^Stage of / }).click();
  await page.keyboard.type('IB');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option-active[title="IB"]').waitFor();
  await page.keyboard.press('Enter');
  await pick(page, 'concomitantProcedure', 'laparoscopic hysterectomy', 'Total laparoscopic hysterectomy');
  await radio(page, 'MIGSSurgeon', 'N/A');
  await radio(page, 'MIGSAssist', 'N/A');
  await date(page, 'dischargeDate', day(1));
  await radio(page, 'motherCondition', 'Improved');
}

/** Every value of the origin's offline databases as text: what someone reading the browser profile would find. */

async function signedInAndCached(browser: Browser, user: { username: string; password: string } = ADMIN): Promise<WatchedPage> {
  const watched = await openPage(browser);
  const { page } = watched;
  await signIn(page, user.username, user.password);
  await page.waitForURL(/#\/patients/);
  // The app opens only once the offline key is kept (a reload at once after sign-in keeps it).
  assert.ok(await offlineKeyUser(page), 'the offline key is kept the moment the app opens after sign-in');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expectVisible(watched, page.getByRole('heading', { name: 'Patients' }).first(), 'entry-visit');
  return watched;
}

describe('offline entry (issue 32)', () => {
  let browser: Browser;
  let second: Browser;
  before(async () => {
    browser = await launch();
    second = await launch();
  });
  after(async () => {
    await browser.close();
    await second.close();
  });

  it('with the network cut: a new patient and a case, filled and closed, wait on the device and reach the server once; a case changed meanwhile by a second browser opens the conflict dialog; sign-out warns', async () => {
    const token = await adminToken();
    const stamp = String(Date.now());
    const lastName = `Offline ${stamp}`;
    const caseNum = `OFF-${stamp}`;
    // A case on the server, which the first browser saves offline and a second browser changes meanwhile.
    const shared = await api<{ _id: string }>('POST', '/patients', { token, body: { firstName: 'Shared', lastName: `Ward ${stamp}`, birthDate: '1991-02-03' } });
    const sharedCase = await api<{ _id: string; version: number }>('POST', `/patients/${shared.body._id}/cases`, { token, body: { caseNum: `SHARED-${stamp}` } });
    const sharedPath = `/patients/${shared.body._id}/case/${sharedCase.body._id}`;

    const watched = await signedInAndCached(browser);
    const { page } = watched;
    const context = page.context();
    // The visit also opens the forms once, so their modules are in the service worker's cache.
    await page.goto('/#/newpatient');
    await page.getByLabel('First Name').waitFor();
    await page.goto(`/#${sharedPath}`);
    await page.locator('.cf-page').waitFor();

    await context.setOffline(true);
    await expectVisible(watched, status(page).filter({ hasText: 'Offline' }), 'entry-offline');
    // The shared case, saved offline.
    await fill(page, 'room', 'Mine offline');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectVisible(watched, page.getByText(CASE_SAVED).first(), 'entry-shared-queued');

    // The app reloaded with the network cut.
    const started = Date.now();
    await page.reload();
    await expectVisible(watched, status(page).filter({ hasText: 'Offline · 1 change waiting' }), 'entry-offline-reload');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Patients' }).click();
    await expectVisible(watched, page.getByRole('heading', { name: 'Patients' }).first(), 'entry-offline-reload-patients');
    console.info(`The app opened from the cache with the network cut in ${Date.now() - started} ms.`);

    // A new patient.
    await page.goto('/#/newpatient');
    await saveNewPatient(page, { firstName: 'Luzviminda', lastName, birthDate: '03/14/1976' });
    await expectVisible(watched, page.getByText(PATIENT_SAVED).first(), 'entry-patient-queued');
    await page.waitForURL(/#\/patients\/local-[^/]+\/newcase/);

    // A case for her, filled and closed.
    await page.locator('.cf-page').waitFor();
    await fill(page, 'caseNum', caseNum);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/#\/patients\/local-[^/]+\/case\/local-[^/]+$/);
    const localCaseUrl = page.url();
    await expectVisible(watched, page.getByText(CASE_SAVED).first(), 'entry-case-queued');
    await fillClosableGyneCase(page);
    await page.getByRole('toolbar', { name: 'Case actions' }).getByRole('button', { name: 'Close case' }).click();
    const confirm = await settled(page.getByRole('dialog').filter({ hasText: 'Are you sure you want to close the case ?' }));
    await confirm.getByRole('button', { name: 'Close case' }).click();
    await expectVisible(watched, page.getByText(CASE_CLOSED).first(), 'entry-case-closed-on-device');
    await page.getByRole('button', { name: 'Reopen case' }).waitFor();
    const waiting = await status(page).innerText();
    assert.match(waiting, /^Offline · \d+ changes waiting$/, waiting);
    await screenshot(page, 'offline-entry-closed-on-device');

    // The lists show what is on the device only, marked so.
    await page.goto('/#/patients');
    const onDevicePatients = page.getByRole('list', { name: 'Patients on this device only' });
    await expectVisible(watched, onDevicePatients.getByText(`Luzviminda ${lastName}`), 'entry-list-patient');
    assert.equal(await onDevicePatients.getByText(ON_DEVICE).count(), 1);
    await screenshot(page, 'offline-entry-patients-list');
    await page.goto('/#/cases');
    const onDeviceCases = page.getByRole('list', { name: 'Cases on this device only' });
    await expectVisible(watched, onDeviceCases.getByText(`Case # ${caseNum}`), 'entry-list-case');
    await screenshot(page, 'offline-entry-cases-list');
    // The header offline with changes waiting, once the toasts of the saves have gone, wide and narrow.
    await page.locator('.ant-notification-notice').first().waitFor({ state: 'detached', timeout: 20_000 }).catch(() => undefined);
    await screenshotOf(page.locator('.pnss-header'), 'offline-entry-header-offline-1280');
    await page.setViewportSize({ width: 820, height: 800 });
    await screenshotOf(page.locator('.pnss-header'), 'offline-entry-header-offline-820');
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectAccessible(page, 'connection indicator offline with changes waiting', { include: '[data-testid="connection-status"]' });

    // Nothing of the patient is readable in the browser's storage.
    const stored = await offlineStoredText(page);
    assert.match(stored, /createPatient/);
    for (const secret of [lastName, 'Luzviminda', caseNum, 'Mine offline', '1976-03-14']) assert.ok(!stored.includes(secret), `${secret} is not stored readable`);

    // Meanwhile a second browser, another clinician's, changes the shared case.
    const other = await signedInAndCached(second, await createUser('clinician'));
    await other.page.goto(`/#${sharedPath}`);
    await other.page.locator('.cf-page').waitFor();
    await fill(other.page, 'room', 'Theirs online');
    await other.page.getByRole('button', { name: 'Save' }).click();
    await expectVisible(other, other.page.getByText('Successfully updated patient case information!').first(), 'entry-second-browser-saved');
    const theirs = await api<{ room: string; version: number }>('GET', `/patients/${shared.body._id}/cases/${sharedCase.body._id}`, { token });
    assert.equal(theirs.body.room, 'Theirs online');

    // The case made offline is open in the form when the connection returns.
    await page.goto(localCaseUrl);
    await expectVisible(watched, page.getByRole('button', { name: 'Reopen case' }), 'entry-local-case-open');

    // The connection returns: the queue is sent in order.
    const back = Date.now();
    await context.setOffline(false);
    // The open form follows the case to the server's ids: its address names them, without a reload.
    await page.waitForURL((url) => /^#\/patients\/[^/]+\/case\/[^/]+$/.test(url.hash) && !url.hash.includes('local-'), { timeout: 60_000 });
    await expectVisible(watched, page.getByRole('heading', { name: `Case # ${caseNum}` }), 'entry-followed-case');
    await expectVisible(watched, page.getByRole('button', { name: 'Reopen case' }), 'entry-followed-closed');
    const conflictLink = page.getByRole('link', { name: `Case SHARED-${stamp} was changed by someone else: open it to choose` });
    await expectVisible(watched, conflictLink, 'entry-synced-conflict', 60_000);
    console.info(`The queue was sent ${Date.now() - back} ms after the network returned (issue 32 asks for a save within 5 s).`);
    await expectVisible(watched, status(page).filter({ hasText: /^Online · 1 change waiting$/ }), 'entry-one-waiting');
    await screenshot(page, 'offline-entry-back-online-conflict');
    await screenshotOf(page.locator('.pnss-header'), 'offline-entry-header-conflict-1280');
    await expectAccessible(page, 'connection indicator with a conflict', { include: '.pnss-header' });
    // In a narrow header (a tablet's 820 px) the conflict link wraps and is read whole, never cut.
    await page.setViewportSize({ width: 820, height: 800 });
    const linkBox = await conflictLink.evaluate((link) => ({ cut: link.scrollWidth > link.clientWidth, height: link.getBoundingClientRect().height }));
    assert.equal(linkBox.cut, false, 'the conflict link is not cut at 820 px');
    const header = await page.locator('.pnss-header').boundingBox();
    assert.ok(header && linkBox.height <= header.height, 'the wrapped link stays inside the header');
    await screenshotOf(page.locator('.pnss-header'), 'offline-entry-header-conflict-820');
    await page.setViewportSize({ width: 1280, height: 800 });

    // On the server exactly once: one patient, one case, filled and closed.
    const patients = await api<{ items: Array<{ _id: string }> }>('GET', `/patients?search=${encodeURIComponent(lastName)}`, { token });
    assert.equal(patients.body.items.length, 1, 'one patient on the server');
    const cases = await api<Array<{ _id: string; caseNum: string; isClose: boolean; room: string; gyneOrgan: number; motherCondition: number }>>(
      'GET', `/patients/${patients.body.items[0]!._id}/cases`, { token },
    );
    assert.equal(cases.body.length, 1, 'one case on the server');
    assert.equal(cases.body[0]!.caseNum, caseNum);
    assert.equal(cases.body[0]!.isClose, true, 'closed on the server');
    assert.equal(cases.body[0]!.room, '3B');
    await page.goto('/#/patients');
    await page.getByRole('heading', { name: 'Patients' }).first().waitFor();
    assert.equal(await page.getByRole('list', { name: 'Patients on this device only' }).count(), 0, 'nothing left only on the device');

    // The refused save opens the conflict dialog.
    await conflictLink.click();
    const dialog = await settled(page.getByRole('dialog').filter({ hasText: 'This case was changed by someone else' }));
    await expectVisible(watched, dialog.getByText('Theirs online').first(), 'entry-conflict-theirs');
    await expectVisible(watched, dialog.getByText('Mine offline').first(), 'entry-conflict-mine');
    await expectAccessible(page, 'conflict dialog after an offline save', { include: '.ant-modal' });
    await screenshot(page, 'offline-entry-conflict-dialog');

    // Signing out with the change still waiting warns and counts it.
    await page.keyboard.press('Escape');
    await page.getByRole('navigation', { name: 'Main' }).getByText('Sign out', { exact: true }).click();
    const signOut = await settled(page.getByRole('dialog').filter({ hasText: 'Are you sure you want to sign out?' }));
    await expectVisible(watched, signOut.getByText('1 change made offline has not been sent yet. Signing out deletes it from this device.'), 'entry-sign-out-warns');
    await screenshot(page, 'offline-entry-sign-out-warning');
    await signOut.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/#\/account\/login/);
    await page.waitForFunction(async () => !(await indexedDB.databases()).some((db) => db.name?.startsWith('pnss-offline')));
    assert.equal((await api<{ room: string }>('GET', `/patients/${shared.body._id}/cases/${sharedCase.body._id}`, { token })).body.room, 'Theirs online', 'nothing overwritten without a choice');
    await context.close();
    await other.page.context().close();
  });

  it('the Patients list shows a patient made offline as the server row once the queue is sent, without a reload', async () => {
    const lastName = `Relist ${Date.now()}`;
    const watched = await signedInAndCached(browser);
    const { page } = watched;
    const context = page.context();
    // The list searched for her name while online: nobody yet.
    await page.getByLabel('Search Patients').fill(lastName);
    await page.getByLabel('Search Patients').press('Enter');
    await expectVisible(watched, page.getByLabel('0 patients'), 'relist-none-yet');
    await page.goto('/#/newpatient');
    await page.getByLabel('First Name').waitFor();
    await context.setOffline(true);
    await expectVisible(watched, status(page).filter({ hasText: 'Offline' }), 'relist-offline');
    await saveNewPatient(page, { firstName: 'Teodora', lastName, birthDate: '05/09/1984' });
    await expectVisible(watched, page.getByText(PATIENT_SAVED).first(), 'relist-patient-queued');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Patients' }).click();
    const onDevice = page.getByRole('list', { name: 'Patients on this device only' });
    await expectVisible(watched, onDevice.getByText(`Teodora ${lastName}`), 'relist-on-device');

    await context.setOffline(false);
    await expectVisible(watched, page.getByRole('list', { name: 'Patients', exact: true }).getByText(`Teodora ${lastName}`), 'relist-server-row', 30_000);
    await onDevice.waitFor({ state: 'detached' });
    assert.match(page.url(), /#\/patients$/, 'the list was read again where it stood, not reopened');
    await context.close();
  });
});

