// Issue 29's browser flow: two departments, each a platform of its own, package their closed cases
// and submit them to the society's hub; the hub ingests both in its background queue; the society's
// staff see both departments in the national figures (with the right counts, small cells marked),
// on the funnel plot and its table, in the completeness grid and in the ingest list; a department sees
// its own figures beside the nation's on its Reports. Screens at
// 1366x768 and on a tablet, each checked with axe.
// Run as the hub: `E2E_PORT=8350 HUB_ENABLED=true node --import tsx run.ts flows/national.e2e.ts`
// (otherwise a hub is started beside the platform on the port + 33).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { CASE_BOOKKEEPING_FIELDS, type CaseForm, type CensusPackagesResponse, type IssuedHubKey, type NationalIngestAnswer } from '@pnss/libs/api';
import { closableObCase } from '@pnss/libs/testing';
import { BASE_URL, launch, screenshot } from '../support/platform.js';
import { type Platform, call, signInToken, startPlatform, theHub } from '../support/society.js';
import { expectAccessible } from '../support/axe.js';

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);
/** The month every case below is discharged in: 7 days ago. */
const MONTH = daysAgo(7).slice(0, 7);
const flowPort = Number(new URL(BASE_URL).port || 80);
const DEPARTMENTS = [
  { id: 'DEPT-NAT-A', port: Number(process.env.E2E_DEPARTMENT_PORT ?? flowPort + 23) },
  { id: 'DEPT-NAT-B', port: Number(process.env.E2E_DEPARTMENT_PORT_2 ?? flowPort + 24) },
];

/** A closed OB case discharged 7 days ago; `death` makes the mother a maternal death from postpartum haemorrhage (ICD-MM group 3). */
function obCase(n: number, death: boolean): Record<string, unknown> {
  const form: Partial<CaseForm> = closableObCase({
    caseNum: `NAT-${Date.now().toString(36)}-${n}`,
    admissionDate: daysAgo(11),
    deliveryDate: daysAgo(10),
    dischargeDate: daysAgo(7),
    ...(death ? { motherCondition: 3, antecedent: 1, antecedentType: 11, antecedentCause: 1101, deathTiming: 3, deathReviewed: true } : {}),
  });
  const body: Record<string, unknown> = { ...form };
  for (const field of CASE_BOOKKEEPING_FIELDS) delete body[field];
  return body;
}

async function until<T>(what: string, probe: () => Promise<T | null>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still not after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** On a department, through its API: closed cases, approved, packaged, and the package submitted to the hub. */
async function submitCases(department: Platform, cases: Array<Record<string, unknown>>): Promise<string> {
  const token = await signInToken(department.url, department.admin);
  const patient = await call<{ _id: string }>(department.url, token, 'POST', '/patients', { firstName: 'Luz', lastName: `Santos ${Date.now()}`, birthDate: '1993-02-11' });
  const ids: string[] = [];
  for (const body of cases) {
    const created = await call<{ _id: string }>(department.url, token, 'POST', `/patients/${patient._id}/cases`, body);
    await call(department.url, token, 'PUT', `/patients/${patient._id}/cases/${created._id}/close`, {});
    ids.push(created._id);
  }
  // The cases carry data-quality warnings (a death without its immediate cause): the officer approves over them, confirmed (issue 31).
  await call(department.url, token, 'PUT', '/submissions/cases/approval', { caseIds: ids, approved: true, warningsConfirmed: true });
  await call(department.url, token, 'POST', '/submissions/cases/create', { selectedCases: ids });
  const built = await until('the package is built', async () => {
    const list = await call<CensusPackagesResponse>(department.url, token, 'GET', '/submissions/census/packages');
    return list.items.find((p) => p.status === 'pending' && !p.building) ?? null;
  });
  await call(department.url, token, 'POST', '/submissions/census/packages/submit', { submissionid: built.submissionId });
  await until('the package is sent', async () => {
    const list = await call<CensusPackagesResponse>(department.url, token, 'GET', '/submissions/census/packages');
    const sent = list.items.find((p) => p.submissionId === built.submissionId);
    if (sent?.status === 'Failed') throw new Error(`the submit failed: ${sent.lastError}`);
    return sent?.status === 'Sent' ? sent : null;
  });
  return built.submissionId;
}

async function signedIn(browser: Browser, platform: Platform, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, baseURL: platform.url });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  await page.goto('/#/account/login');
  await page.getByLabel('Username').fill(platform.admin.username);
  await page.getByLabel('Password').fill(platform.admin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/#\/patients/);
  return { page, errors };
}

function rowText(page: Page, table: string, row: RegExp) {
  return page.getByRole('table', { name: table }).getByRole('row', { name: row });
}

describe('the national census on the society hub (issue 29)', () => {
  let browser: Browser;
  let hub: Platform;
  const departments: Platform[] = [];

  before(async () => {
    browser = await launch();
    hub = await theHub();
  });

  after(async () => {
    await browser?.close();
    for (const department of departments) await department.stop();
    await hub?.stop();
  });

  it('two departments submit; the society sees both in the national figures, the funnel, the completeness grid and the ingest', { timeout: 900_000 }, async () => {
    const token = await signInToken(hub.url, hub.admin);
    for (const { id, port } of DEPARTMENTS) {
      const key = await call<IssuedHubKey>(hub.url, token, 'POST', '/hub/keys', { departmentId: id, label: `${id} hospital` });
      departments.push(await startPlatform(port, { SOCIETY_URL: hub.url, SOCIETY_API_KEY: key.key, DEPARTMENT_ID: id, HUB_ENABLED: 'false' }));
    }
    // Department A: three deliveries, one mother dying of postpartum haemorrhage. Department B: two deliveries.
    await submitCases(departments[0], [obCase(1, false), obCase(2, false), obCase(3, true)]);
    await submitCases(departments[1], [obCase(4, false), obCase(5, false)]);
    await until('both packages are ingested', async () => {
      const ingest = await call<NationalIngestAnswer>(hub.url, token, 'GET', '/national/ingest');
      return ingest.totals.ingested >= 2 ? ingest : null;
    });

    const { page, errors } = await signedIn(browser, hub, { width: 1366, height: 768 });
    // The side navigation offers National to the hub's administrator.
    await page.getByRole('link', { name: 'National' }).first().click();
    await page.waitForURL(/#\/national\/figures/);
    await page.goto(`/#/national/figures?from=${MONTH}&to=${MONTH}`);
    await page.getByRole('heading', { name: /^All departments, / }).waitFor();
    await page.getByText('5 cases (5 obstetric) from 2 departments').waitFor();
    // One maternal death in five live births: a count below 5, so '†', and the ratio that would give it back is hidden.
    await page.getByLabel('Maternal mortality ratio hidden per 100,000 live births').waitFor();
    assert.equal((await rowText(page, 'By WHO ICD-MM group', /^Total/).textContent())?.trim().endsWith('†'), true);
    await expectAccessible(page, 'national figures');
    await screenshot(page, 'national-figures-desktop');

    // Suppression off, for the society's staff: 1 death in 5 live births is 20,000.0 per 100,000.
    await page.getByRole('switch', { name: 'Suppress small cells (as published)' }).click();
    await page.getByLabel('Maternal mortality ratio 20000.0 per 100,000 live births').waitFor();
    const group3 = await rowText(page, 'By WHO ICD-MM group', /^3\. /).textContent();
    assert.match(group3 ?? '', /1$/, `ICD-MM group 3 holds the one death: ${group3}`);

    // One department.
    await page.getByRole('combobox', { name: 'Department' }).click();
    await page.locator('.ant-select-item-option[title="DEPT-NAT-B"]').click();
    await page.getByRole('heading', { name: /^Department DEPT-NAT-B, / }).waitFor();
    await page.getByText('2 cases (2 obstetric) from 1 department').waitFor();

    // Benchmarking: both departments on the funnel and in its table.
    await page.getByRole('tab', { name: 'Benchmarking' }).click();
    await page.waitForURL(/#\/national\/benchmarking/);
    await page.getByRole('combobox', { name: 'Indicator' }).click();
    await page.locator('.ant-select-item-option[title="Caesarean section rate"]').click();
    const funnel = page.getByRole('table', { name: 'Departments against the national rate' });
    for (const { id } of DEPARTMENTS) await funnel.getByRole('row', { name: new RegExp(id) }).waitFor();
    await page.locator('.national-plot canvas').first().waitFor();
    await page.getByText(/No department is beyond the 99.8% limits|Beyond the 99.8% limits \(outliers\)/).waitFor();
    await expectAccessible(page, 'national benchmarking');
    await screenshot(page, 'national-benchmarking-desktop');

    // Completeness: both departments submitted the month.
    await page.getByRole('tab', { name: 'Completeness' }).click();
    const grid = page.getByRole('table', { name: 'Completeness' });
    for (const { id } of DEPARTMENTS) await grid.getByRole('row', { name: new RegExp(`${id}.*Submitted`) }).waitFor();
    await expectAccessible(page, 'national completeness');
    await screenshot(page, 'national-completeness-desktop');

    // Ingest: both packages ingested, their facts counted.
    await page.getByRole('tab', { name: 'Ingest' }).click();
    const ingest = page.getByRole('table', { name: 'Received packages and their ingest' });
    await ingest.getByRole('row', { name: /DEPT-NAT-A.*Ingested.*3 cases, 3 infants/ }).waitFor();
    await ingest.getByRole('row', { name: /DEPT-NAT-B.*Ingested.*2 cases, 2 infants/ }).waitFor();
    await expectAccessible(page, 'national ingest');
    await screenshot(page, 'national-ingest-desktop');

    // Back to the departments: department A's summary shows its figures beside the nation's, dated.
    const own = await signedIn(browser, departments[0], { width: 1366, height: 768 });
    await own.page.goto(`/#/reports/obreport/summary/?from=${MONTH}-01&to=${daysAgo(0)}`);
    const comparison = own.page.getByRole('table', { name: 'National Comparison' });
    await comparison.getByRole('columnheader', { name: 'This department (DEPT-NAT-A)' }).waitFor({ timeout: 60_000 });
    const casesRow = (await comparison.getByRole('row', { name: /^Cases counted/ }).getByRole('cell').allTextContents()).map((t) => t.trim());
    assert.equal(casesRow[2], '5', `the nation counts the five cases of both departments: ${casesRow.join(' | ')}`);
    await own.page.getByText(/Fetched from the society on/).waitFor();
    await own.page.getByRole('table', { name: 'National Comparison' }).scrollIntoViewIfNeeded();
    await screenshot(own.page, 'national-department-comparison');
    assert.deepEqual(own.errors, []);

    // A tablet: the figures in one column, nothing off the page sideways.
    const tablet = await signedIn(browser, hub, { width: 820, height: 1180 });
    await tablet.page.goto(`/#/national/figures?from=${MONTH}&to=${MONTH}`);
    await tablet.page.getByText('5 cases (5 obstetric) from 2 departments').waitFor();
    const sideways = await tablet.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.equal(sideways, 0, 'the page does not scroll sideways on a tablet');
    await screenshot(tablet.page, 'national-figures-tablet');

    assert.deepEqual(errors, []);
    assert.deepEqual(tablet.errors, []);
  });
});
