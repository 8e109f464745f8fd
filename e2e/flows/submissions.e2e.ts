// Issue 10's browser flow, with two platforms side by side: the society's hub issues the
// department's key on its screen; on the department, closed cases are approved, packaged,
// downloaded and submitted, the package reads SENT with its upload id; the hub's screen lists it.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { unzipSync } from 'fflate';
import { closableGyneCase, closableObCase } from '@pnss/libs/testing';
import { launch, screenshot } from '../support/platform.js';
import { type Platform, call, signInToken, startDepartment, theHub } from '../support/society.js';

const DEPARTMENT = 'DEPT-E2E';
const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);

async function openAt(browser: Browser, platform: Platform, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ viewport, baseURL: platform.url, acceptDownloads: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  await page.goto('/#/account/login');
  await page.getByLabel('Username').fill(platform.admin.username);
  await page.getByLabel('Password').fill(platform.admin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/#\/patients/);
  return { page, errors };
}

interface MadeCase {
  _id: string;
  caseNum: string;
  patientId: string;
}

/** Two closed cases (OB and gyne) of a named patient, made through the API. */
async function closedCases(department: Platform): Promise<MadeCase[]> {
  const token = await signInToken(department.url, department.admin);
  const patient = await call<{ _id: string }>(department.url, token, 'POST', '/patients', {
    firstName: 'Rosario', lastName: `Bautista ${Date.now()}`, birthDate: '1994-05-17',
  });
  const made: MadeCase[] = [];
  const forms = [
    closableObCase({ admissionDate: daysAgo(11), deliveryDate: daysAgo(10), dischargeDate: daysAgo(7) }),
    closableGyneCase({ admissionDate: daysAgo(40), dischargeDate: daysAgo(36) }),
  ];
  for (const [i, form] of forms.entries()) {
    const body: Record<string, unknown> = { ...form, caseNum: `E2E-${Date.now().toString(36)}-${i}` };
    for (const field of ['_id', 'patientid', 'isClose', 'isArchived', 'submissionId', 'version', 'createdAt', 'updatedAt']) delete body[field];
    const created = await call<{ _id: string; caseNum: string }>(department.url, token, 'POST', `/patients/${patient._id}/cases`, body);
    await call(department.url, token, 'PUT', `/patients/${patient._id}/cases/${created._id}/close`, {});
    made.push({ _id: created._id, caseNum: created.caseNum, patientId: patient._id });
  }
  return made;
}

async function toast(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor({ timeout: 60_000 });
}

describe('census packages from a department to the society hub', () => {
  let browser: Browser;
  let hub: Platform;
  let department: Platform | null = null;

  before(async () => {
    browser = await launch();
    hub = await theHub();
  });
  after(async () => {
    await browser.close();
    await department?.stop();
    await hub.stop();
  });

  it('issues the key on the hub, packages, downloads and submits on the department, and the hub lists the package', { timeout: 600_000 }, async () => {
    // The hub's data manager issues the department's key on the hub's screen.
    const society = await openAt(browser, hub);
    await society.page.goto('/#/submissions/hub');
    await society.page.getByRole('tab', { name: 'Society Hub', selected: true }).waitFor();
    await society.page.getByLabel('Department ID').fill(DEPARTMENT);
    await society.page.getByLabel('Label').fill('E2E General Hospital');
    await society.page.getByRole('button', { name: 'Issue key' }).click();
    const keyText = society.page.getByLabel('New API key');
    await keyText.waitFor();
    const key = ((await keyText.textContent()) ?? '').trim();
    assert.match(key, /^pnss_/);
    await society.page.getByRole('cell', { name: DEPARTMENT, exact: true }).waitFor();
    await screenshot(society.page, 'submissions-hub-key-issued');

    department = await startDepartment(hub, DEPARTMENT, key);
    const made = await closedCases(department);
    const caseNumbers = made.map((c) => c.caseNum);

    // Approve and package on the department.
    const { page, errors } = await openAt(browser, department);
    await page.goto('/#/submissions/cases');
    const table = page.getByRole('table');
    for (const caseNum of caseNumbers) await table.getByText(caseNum).waitFor();
    await screenshot(page, 'submissions-cases-desktop');
    for (const caseNum of caseNumbers) await page.getByRole('checkbox', { name: `Approve case ${caseNum}` }).check();
    await page.getByRole('button', { name: 'Create Package' }).click();
    await toast(page, 'Building Package...');
    await toast(page, 'Census Package has been successfully created!');
    await page.waitForURL(/#\/submissions\/census$/);
    const row = page.getByRole('row').filter({ hasText: /S\d{8}-/ }).first();
    await row.getByText('PENDING').waitFor();
    const submissionId = ((await row.getByText(/^S\d{8}-[A-Z0-9]+$/).textContent()) ?? '').trim();
    assert.match(submissionId, /^S\d{8}-/);
    await row.getByText('2 cases · version 1').waitFor();
    await screenshot(page, 'submissions-census-desktop');

    // The cases left the review list: they are Submitted now.
    await page.goto('/#/submissions/cases');
    await page.getByText('No closed cases are waiting for a package.').waitFor();

    // The Create Submission overlay lists the package's cases.
    await page.goto(`/#/submissions/census/package/${submissionId}`);
    const dialog = page.getByRole('dialog', { name: 'Create Submission' });
    for (const caseNum of caseNumbers) await dialog.getByText(caseNum).waitFor();
    await screenshot(page, 'submissions-package-overlay');
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await page.waitForURL(/#\/submissions\/census$/);

    // Download: a single-use link opened in a new window.
    // The button opens the single-use link in a new window; the flow fetches that link itself,
    // without the session, as the new window does.
    await page.evaluate(() => {
      (window as unknown as { opened: string[] }).opened = [];
      window.open = (url?: string | URL) => {
        (window as unknown as { opened: string[] }).opened.push(String(url));
        return null;
      };
    });
    await page.getByRole('button', { name: `Download ${submissionId}` }).click();
    await page.waitForFunction(() => (window as unknown as { opened: string[] }).opened.length > 0);
    const link = await page.evaluate(() => (window as unknown as { opened: string[] }).opened[0]);
    assert.match(link, new RegExp(`^/api/submissions/download/PNSS-${DEPARTMENT}-${submissionId}-v1\\.zip\\?ticket=`));
    const file = await fetch(`${department.url}${link}`);
    assert.equal(file.status, 200);
    assert.equal(file.headers.get('content-type'), 'application/zip');
    const files = unzipSync(new Uint8Array(await file.arrayBuffer()));
    assert.equal((await fetch(`${department.url}${link}`)).status, 403, 'a download link works once');
    assert.deepEqual(Object.keys(files).slice(0, 2), ['manifest.json', 'cases.json']);
    assert.ok(!new TextDecoder().decode(files['cases.json']).includes('Rosario'), 'no patient name leaves the department');

    // Submit: SENT with the upload id the hub answered.
    await page.getByRole('button', { name: `Submit ${submissionId}` }).click();
    await toast(page, 'Successfully uploaded package');
    const sent = page.getByRole('row').filter({ hasText: submissionId });
    await sent.getByText('SENT', { exact: true }).waitFor();
    const uploadText = ((await sent.getByText(/^Upload ID /).textContent()) ?? '').replace('Upload ID ', '');
    assert.match(uploadText, /^U/);
    await screenshot(page, 'submissions-census-sent');

    // A packaged case's History says the version carrying it went to the society and the society
    // accepted it, with its upload id; on a case's screens the side navigation highlights Cases.
    const [ob] = made;
    const reader = await openAt(browser, department);
    await reader.page.goto(`/#/patients/${ob.patientId}/case/${ob._id}/history`);
    const history = reader.page.getByRole('list', { name: `History of case # ${ob.caseNum}` });
    await history.getByRole('article', { name: `Submitted to the society in census package ${submissionId}, version 1` }).waitFor();
    await history.getByRole('article', { name: `Accepted by the society: census package ${submissionId}, version 1, upload ${uploadText}` }).waitFor();
    const nav = reader.page.getByRole('navigation', { name: 'Main' });
    assert.equal(await nav.getByRole('link', { name: 'Cases', exact: true }).getAttribute('aria-current'), 'page');
    assert.equal(await nav.getByRole('link', { name: 'Patients', exact: true }).getAttribute('aria-current'), null);
    await screenshot(reader.page, 'case-history-sent-1280');
    assert.deepEqual(reader.errors, []);

    // Mobile and tablet widths of the department's two tabs.
    for (const [name, viewport] of [['mobile', { width: 390, height: 844 }], ['tablet', { width: 820, height: 1180 }]] as const) {
      const small = await openAt(browser, department, viewport);
      await small.page.goto('/#/submissions/census');
      await small.page.getByText('SENT', { exact: true }).waitFor();
      {
        // On mobile and tablet each package is a stacked card: nothing of it starts off-screen.
        const card = small.page.getByRole('row').filter({ hasText: submissionId });
        const parts = [
          card.getByText(submissionId, { exact: true }),
          card.getByText('2 cases · version 1'),
          card.getByText('SENT', { exact: true }),
          ...['Rebuild', 'Download', 'Submit'].map((action) => card.getByRole('button', { name: `${action} ${submissionId}` })),
        ];
        for (const part of parts) {
          const box = await part.boundingBox();
          assert.ok(box && box.x >= 0 && box.x + box.width <= viewport.width, `${String(part)} lies within ${viewport.width} px: ${JSON.stringify(box)}`);
        }
        const sideways = await small.page.evaluate(() => {
          const table = document.querySelector('.pnss-census-table .ant-table-content');
          return [document.documentElement.scrollWidth - document.documentElement.clientWidth, table ? table.scrollWidth - table.clientWidth : -1];
        });
        assert.deepEqual(sideways, [0, 0], 'neither the page nor the census table scrolls sideways');
      }
      await screenshot(small.page, `submissions-census-${name}`);
      await small.page.goto('/#/submissions/cases/maternalfetalcase');
      await small.page.getByText('No closed cases are waiting for a package.').waitFor();
      await screenshot(small.page, `submissions-cases-${name}`);
    }

    // The society sees it, verified, under the department.
    await society.page.reload();
    const received = society.page.getByRole('region', { name: 'Received packages' });
    const line = received.getByRole('row').filter({ hasText: submissionId });
    await line.waitFor({ timeout: 30_000 });
    await line.getByRole('cell', { name: DEPARTMENT, exact: true }).waitFor();
    await line.getByText('VERIFIED', { exact: true }).waitFor();
    await line.getByText(uploadText).waitFor();
    await screenshot(society.page, 'submissions-hub-received');
    const mobileHub = await openAt(browser, hub, { width: 390, height: 844 });
    await mobileHub.page.goto('/#/submissions/hub');
    await mobileHub.page.getByRole('region', { name: 'Received packages' }).getByText(submissionId).waitFor();
    await screenshot(mobileHub.page, 'submissions-hub-mobile');

    assert.deepEqual(errors, []);
    assert.deepEqual(society.errors, []);
  });
});
