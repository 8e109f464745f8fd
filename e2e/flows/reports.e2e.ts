// Issue 11's browser flow: a known set of closed cases in one past quarter; the maternal mortality
// and OB summaries for that quarter (picked with the year and quarter picks), the table with row
// and column categories in Value and Percentage, and the CSV and XLSX exports read back.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { CASE_BOOKKEEPING_FIELDS, type CaseForm } from '@pnss/libs/api';
import { closableObCase, healthyInfant } from '@pnss/libs/testing';
import { ADMIN, adminToken, api, launch, openPage, screenshot, signIn, type WatchedPage } from '../support/platform.js';

const DAY_MS = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The quarter holding the day 450 days ago: old enough that no other flow discharges a case in it. */
const anchor = new Date(Date.now() - 450 * DAY_MS);
const YEAR = anchor.getUTCFullYear();
const QUARTER = Math.floor(anchor.getUTCMonth() / 3) + 1;
const QUARTER_LABEL = ['1st', '2nd', '3rd', '4th'][QUARTER - 1];
const quarterStart = Date.UTC(YEAR, (QUARTER - 1) * 3, 1);

const NOT_CS = { deliveryManner: 2, primaryRepeat: null, incision: null, CSBilateralSalpingectomy: null, CSBTL: null, deliveryIndication: [] };

function body(n: number, overrides: Partial<CaseForm>): Record<string, unknown> {
  const form: Record<string, unknown> = {
    ...closableObCase({
      caseNum: `RPT-${Date.now().toString(36)}-${n}`,
      admissionDate: day(quarterStart + (10 + n) * DAY_MS),
      deliveryDate: day(quarterStart + (11 + n) * DAY_MS),
      dischargeDate: day(quarterStart + (14 + n) * DAY_MS),
      ...overrides,
    }),
  };
  for (const field of CASE_BOOKKEEPING_FIELDS) delete form[field];
  return form;
}

/**
 * 12 cases: 6 caesarean singletons and 3 spontaneous ones, alive; a direct maternal death by
 * caesarean; an indirect one, spontaneous; twins (first spontaneous, second by caesarean), alive.
 * Mother condition: 10 Improved, 2 Died (rate 2/12 = 17%). Pregnancy type: 11 Singleton, 1 Multiple.
 * Manner of delivery (first infant): 7 caesarean, 5 spontaneous cephalic.
 */
function knownSet(): Array<Record<string, unknown>> {
  const cases: Array<Record<string, unknown>> = [];
  let n = 0;
  for (let i = 0; i < 6; i += 1) cases.push(body((n += 1), { deliveryIndication: [101] }));
  for (let i = 0; i < 3; i += 1) cases.push(body((n += 1), { ...NOT_CS, deliveryWeeks: 38 }));
  cases.push(body((n += 1), { deliveryIndication: [104], deliveryWeeks: 30, motherCondition: 3, antecedent: 1, antecedentType: 11, antecedentCause: 1101, deathTiming: 3, deathReviewed: true }));
  cases.push(body((n += 1), { ...NOT_CS, deliveryWeeks: 26, motherCondition: 3, antecedent: 2, antecedentType: 21, antecedentCause: 2101, deathTiming: 2, deathReviewed: true }));
  cases.push(body(n + 1, {
    ...NOT_CS, pregnancyType: 2, isHeterotopic: false, infantsNumber: 2, deliveryWeeks: 34,
    deliveryManner2: 1, primaryRepeat2: 1, incision2: 1, CSBilateralSalpingectomy2: false, CSBTL2: false, deliveryIndication2: [112],
    neonatal: [healthyInfant({ pediatricAge: 34, pediatricWeight: 2300 }), healthyInfant({ pediatricAge: 34, pediatricWeight: 2200 })],
  }));
  return cases;
}

/** A searchable select: type the option and take it with Enter (long lists are virtual). */
async function pickTyped(page: Page, label: string, option: string) {
  const box = page.getByRole('combobox', { name: label });
  await box.click();
  await box.fill(option);
  await page.keyboard.press('Enter');
}

async function rowCells(page: Page, table: string, label: string): Promise<string[]> {
  const row = page.locator(`${table} tr`).filter({ has: page.getByRole('cell', { name: label, exact: true }) }).first();
  await row.waitFor();
  return (await row.locator('td').allTextContents()).map((t) => t.trim());
}

/** A row as the user ends up seeing it: a switch (range, Value/Percentage) re-renders after the URL has moved. */
async function expectRow(page: Page, table: string, expected: string[], timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let seen = await rowCells(page, table, expected[0]);
  while (JSON.stringify(seen) !== JSON.stringify(expected) && Date.now() < deadline) {
    await page.waitForTimeout(100);
    seen = await rowCells(page, table, expected[0]);
  }
  assert.deepEqual(seen, expected);
}

describe('reports: summaries, table and exports', () => {
  let browser: Browser;
  let watched: WatchedPage;

  before(async () => {
    const token = await adminToken();
    for (const form of knownSet()) {
      const patient = await api<{ _id: string }>('POST', '/patients', { token, body: { firstName: 'Report', lastName: 'Flow', birthDate: '1994-03-10' } });
      assert.equal(patient.status, 201, JSON.stringify(patient.body));
      const created = await api<CaseForm>('POST', `/patients/${patient.body._id}/cases`, { token, body: form });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const closed = await api('PUT', `/patients/${patient.body._id}/cases/${created.body._id}/close`, { token, body: { version: created.body.version } });
      assert.equal(closed.status, 200, JSON.stringify(closed.body));
    }
    browser = await launch();
    watched = await openPage(browser);
  });

  after(async () => {
    await browser?.close();
  });

  it('1. the maternal mortality summary for a picked year and quarter: rate 17%, deaths by timing; the range is in the URL', async () => {
    const { page } = watched;
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL(/#\/patients/);
    // Suppression is on by default; these checks read the small counts themselves.
    await page.goto('/#/reports/maternalMortality/summary/?suppress=0');
    await page.getByRole('heading', { name: 'Reports' }).waitFor();
    await page.getByText('Counts closed, not archived cases whose discharge date falls between FROM and TO (both days included).').first().waitFor();
    await pickTyped(page, 'Year', String(YEAR));
    await pickTyped(page, 'Quarter', QUARTER_LABEL);
    const from = day(quarterStart);
    await page.waitForURL(new RegExp(`from=${from}`));
    await page.getByLabel('Maternal mortality rate 17%').waitFor();
    await expectRow(page, '.report-chart-table', ['Intrapartal', '1', '50%']);
    await expectRow(page, '.report-chart-table', ['Hemorrhage', '1', '100%']);
    await screenshot(page, 'reports-mm-summary-desktop');
  });

  it('2. the OB report keeps the range; changing the range to a year without cases shows the empty state', async () => {
    const { page } = watched;
    await page.getByRole('tab', { name: 'OB Report' }).click();
    await page.waitForURL(/#\/reports\/obreport\/summary\/\?from=/);
    await page.getByRole('heading', { name: 'Manner of Delivery' }).or(page.getByText('Manner of Delivery').first()).first().waitFor();
    await expectRow(page, '.report-chart-table', ['Caesarean Section', '7', '58%']);
    await expectRow(page, '.report-chart-table', ['Multiple', '1', '8%']);
    // the plot is drawn (the chart library loaded with the module's summary)
    await page.locator('.report-plot canvas').first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1000);
    await screenshot(page, 'reports-ob-summary-desktop');
    await pickTyped(page, 'Year', '2015');
    await page.getByText('No counted cases in this range').waitFor();
    await page.goBack();
  });

  it('3. the table: Pregnancy Type by Mother Condition, Value then Percentage, totals, zero as "-"', async () => {
    const { page } = watched;
    await page.goto(`/#/reports/obreport/table?from=${day(quarterStart)}&to=${day(Date.UTC(YEAR, QUARTER * 3, 0))}&suppress=0`);
    await pickTyped(page, 'Row category', 'Pregnancy Type');
    await pickTyped(page, 'Column category', 'Mother Condition');
    await page.getByRole('columnheader', { name: 'Died' }).waitFor();
    await expectRow(page, '.report-table', ['Singleton', '9', '-', '2', '11']);
    await expectRow(page, '.report-table', ['Multiple', '1', '-', '-', '1']);
    await expectRow(page, '.report-table', ['Miscarriage', '-', '-', '-', '-']);
    await expectRow(page, '.report-table', ['Total', '10', '-', '2', '12']);
    await page.getByText('Percentage', { exact: true }).click();
    await page.waitForURL(/mode=percentage/);
    await expectRow(page, '.report-table', ['Singleton', '82%', '-', '18%', '92%']);
    await expectRow(page, '.report-table', ['Total', '83%', '-', '17%', '100%']);
    await screenshot(page, 'reports-table-desktop');
    await page.getByText('Value', { exact: true }).click();
    await expectRow(page, '.report-table', ['Singleton', '9', '-', '2', '11']);
  });

  it('4. one suppression control: the CSV follows it on, the XLSX follows it off; both carry the range, the rule and the numbers', async () => {
    const { page } = watched;
    await page.getByRole('switch', { name: /Small-cell suppression/ }).click();
    await page.waitForURL((url) => !url.hash.includes('suppress=0'));
    const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const csv = readFileSync(await csvDownload.path(), 'utf8').replace(/^\uFEFF/, '');
    assert.match(csvDownload.suggestedFilename(), /^report_PregnancyType_by_MotherCondition_.*\.csv$/);
    assert.ok(csv.includes(`Range: ${day(quarterStart)} to`), csv);
    assert.ok(csv.includes('Counts closed, not archived cases'), csv);
    assert.match(csv, /Exported: \d{4}-\d\d-\d\dT/);
    assert.ok(csv.includes('Singleton,9,-,†,x'), csv);
    assert.ok(csv.includes('Multiple,†,-,-,†'), csv);
    assert.ok(csv.includes('Total,x,-,†,x'), csv);

    assert.ok(csv.includes('† a count from 1 to 4'), csv);

    await page.getByRole('switch', { name: /Small-cell suppression/ }).click();
    await page.waitForURL(/suppress=0/);
    const [xlsxDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export XLSX' }).click()]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await xlsxDownload.path());
    const rows = workbook.worksheets[0].getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
    assert.deepEqual(rows.find((r) => r[0] === 'Singleton'), ['Singleton', 9, '-', 2, 11]);
    assert.deepEqual(rows.find((r) => r[0] === 'Total'), ['Total', 10, '-', 2, 12]);
    assert.deepEqual(watched.errors, []);
  });

  it('5. at mobile width the summary and the table stay readable', async () => {
    const mobile = await openPage(browser, { width: 390, height: 844 });
    await signIn(mobile.page, ADMIN.username, ADMIN.password);
    await mobile.page.waitForURL(/#\/patients/);
    const to = day(Date.UTC(YEAR, QUARTER * 3, 0));
    await mobile.page.goto(`/#/reports/maternalMortality/summary/?from=${day(quarterStart)}&to=${to}&suppress=0`);
    await mobile.page.getByLabel('Maternal mortality rate 17%').waitFor();
    await mobile.page.locator('.report-plot canvas').first().waitFor({ timeout: 30_000 });
    await mobile.page.waitForTimeout(1000);
    await screenshot(mobile.page, 'reports-mm-summary-mobile');
    await mobile.page.goto(`/#/reports/obreport/table?from=${day(quarterStart)}&to=${to}&row=PregnancyType&col=MotherCondition`);
    await mobile.page.getByRole('columnheader', { name: 'Died' }).waitFor();
    await screenshot(mobile.page, 'reports-table-mobile');
    await mobile.page.context().close();
  });
});
