// Issue 30 in the browser, as a census officer walks it: a submitted case reopened for amendment
// with a reason (a reason too short is refused in the rule's words), Submit refused in words while it
// is open, the case corrected and closed again by a clinician, Rebuild making version 2 with version 1
// listed as superseded, the case's history showing the reason and the changed field, then a case
// withdrawn from the package and gone from version 3.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { closableObCase } from '@pnss/libs/testing';
import { AMENDMENT_REASON_MESSAGE } from '@pnss/libs/rules';
import { adminToken, api, createUser, expectVisible, launch, openPage, screenshot, settled, signIn, type WatchedPage, caseBody } from '../support/platform.js';
import { expectAccessible } from '../support/axe.js';

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);
const REASON = 'weight on admission was mistyped';

interface Made {
  _id: string;
  caseNum: string;
  patientid: string;
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 300; i += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not happen in 30 s`);
}

/** The reason dialog of a case: the reason typed, then its confirm button pressed. */
async function answerDialog(page: Page, title: string, reason: string, confirm: string): Promise<void> {
  const dialog = await settled(page.getByRole('dialog').filter({ hasText: title }));
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
}

describe('corrections after submission (issue 30), as a census officer walks them', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser.close();
  });

  it('reopens a submitted case for amendment, is refused Submit while it is open, rebuilds version 2, withdraws a case from version 3', { timeout: 600_000 }, async () => {
    const token = await adminToken();
    const patient = (await api<{ _id: string }>('POST', '/patients', { token, body: { firstName: 'Rosario', lastName: `Magbanua ${Date.now()}`, birthDate: '1992-04-03' } })).body;
    const cases: Made[] = [];
    for (const suffix of ['A', 'W']) {
      const form = closableObCase({ admissionDate: daysAgo(11), deliveryDate: daysAgo(10), dischargeDate: daysAgo(7) });
      const created = await api<Made>('POST', `/patients/${patient._id}/cases`, { token, body: caseBody(form, `AMD-${suffix}-${Date.now().toString(36)}`) });
      assert.equal(created.status, 201);
      assert.equal((await api('PUT', `/patients/${patient._id}/cases/${created.body._id}/close`, { token, body: {} })).status, 200);
      cases.push(created.body);
    }
    const [amended, withdrawn] = cases;
    await api('PUT', '/submissions/cases/approval', { token, body: { caseIds: cases.map((c) => c._id), approved: true } });
    const started = await api<{ submissionId: string }>('POST', '/submissions/cases/create', { token, body: { selectedCases: cases.map((c) => c._id) } });
    assert.equal(started.status, 202);
    const { submissionId } = started.body;
    const built = async (version: number) =>
      (await api<{ building: boolean; version: number }>('GET', `/submissions/census/packages/${submissionId}`, { token })).body.version === version;
    await until(() => built(1), 'the first build');

    const officer = await createUser('census_officer');
    const watched: WatchedPage = await openPage(browser, { width: 1366, height: 900 });
    const { page } = watched;
    await signIn(page, officer.username, officer.password);
    await page.waitForURL(/#\/(patients|cases|submissions)/);

    // The submitted case, reopened for amendment from its form's title bar.
    await page.goto(`/#/patients/${patient._id}/case/${amended._id}`);
    const bar = page.getByRole('toolbar', { name: 'Case actions' });
    await expectVisible(watched, bar.getByText('Submitted', { exact: true }), 'amend-submitted-tag');
    await bar.getByRole('button', { name: `Reopen case # ${amended.caseNum} for amendment` }).click();
    const title = `Reopen case # ${amended.caseNum} for amendment`;
    await answerDialog(page, title, 'typo', 'Reopen for amendment');
    await expectVisible(watched, page.getByRole('dialog').filter({ hasText: title }).getByRole('alert').filter({ hasText: AMENDMENT_REASON_MESSAGE }), 'amend-reason-rule');
    await screenshot(page, 'amend-reason-refused');
    await answerDialog(page, title, REASON, 'Reopen for amendment');
    await expectVisible(watched, bar.getByText('Amending', { exact: true }), 'amend-amending-tag');
    await screenshot(page, 'amend-case-amending');

    // Submit is refused in words while the amended case is open.
    await page.goto('/#/submissions/census');
    const row = page.getByRole('row').filter({ hasText: submissionId });
    await expectVisible(watched, row.getByRole('alert').filter({ hasText: 'Submit is refused.' }), 'amend-submit-refused');
    assert.match(await row.innerText(), new RegExp(`Case ${amended.caseNum} is being amended: close it again, then rebuild and submit this package\\.`));
    await screenshot(page, 'amend-census-submit-refused');
    await expectAccessible(page, 'census tab with a case being amended');

    // A clinician corrects the case and closes it again.
    const current = (await api<{ version: number; weight: number }>('GET', `/patients/${patient._id}/cases/${amended._id}`, { token })).body;
    assert.equal((await api('PUT', `/patients/${patient._id}/cases/${amended._id}`, { token, body: { version: current.version, weight: current.weight + 2 } })).status, 200);
    assert.equal((await api('PUT', `/patients/${patient._id}/cases/${amended._id}/close`, { token, body: {} })).status, 200);

    await page.reload();
    await expectVisible(watched, row.getByText(`Changed since the last submission: ${amended.caseNum} amended (${REASON}).`, { exact: false }), 'amend-changed-notice');
    await row.getByRole('button', { name: `Rebuild ${submissionId}` }).click();
    await expectVisible(watched, row.getByText('2 cases · version 2'), 'amend-version-2', 60_000);
    await expectVisible(watched, row.getByText(/Version 1 \(superseded/), 'amend-version-1-superseded');
    assert.match(await row.innerText(), new RegExp(`Version 2 \\(current\\): amended ${amended.caseNum}`));
    await screenshot(page, 'amend-census-version-2');

    // The case's history, opened from its form's title bar: the reason the officer typed, and the
    // field the correction changed against the submitted version (issue 30 "Audit").
    await page.goto(`/#/patients/${patient._id}/case/${amended._id}`);
    await bar.getByRole('link', { name: `History of case # ${amended.caseNum}` }).click();
    await page.waitForURL(new RegExp(`#/patients/${patient._id}/case/${amended._id}/history$`));
    const history = page.getByRole('list', { name: `History of case # ${amended.caseNum}` });
    const reopened = history.getByRole('article', { name: 'Reopened for amendment' });
    await expectVisible(watched, reopened.getByText(REASON), 'history-amend-reason');
    assert.match(await reopened.innerText(), new RegExp(`by ${officer.username}`));
    const corrected = history.getByRole('article', { name: 'Amendment closed: changed since the submitted version' });
    await expectVisible(watched, corrected.getByText(REASON), 'history-reclose-reason');
    const weightRow = corrected.getByRole('row', { name: /Weight \(kg\)/ });
    await expectVisible(watched, weightRow, 'history-changed-weight');
    assert.match(await weightRow.innerText(), new RegExp(`Weight \\(kg\\)\\s+${current.weight}\\s+${current.weight + 2}`));
    await expectVisible(watched, history.getByRole('article', { name: `Rebuilt into version 2 of census package ${submissionId}` }), 'history-rebuilt');
    assert.doesNotMatch(await page.locator('body').innerText(), /Magbanua/);
    await expectAccessible(page, 'case history');
    for (const width of [1280, 820]) {
      await page.setViewportSize({ width, height: 900 });
      await screenshot(page, `case-history-${width}`);
    }
    await page.setViewportSize({ width: 1366, height: 900 });

    // A duplicate withdrawn from the package: Closed again, and version 3 omits it.
    await page.goto(`/#/patients/${patient._id}/case/${withdrawn._id}`);
    await bar.getByRole('button', { name: `Withdraw case # ${withdrawn.caseNum} from its package` }).click();
    await answerDialog(page, `Withdraw case # ${withdrawn.caseNum} from package ${submissionId}`, 'a duplicate of another admission', 'Withdraw');
    await expectVisible(watched, bar.getByText('Closed', { exact: true }), 'withdraw-closed-tag');
    await page.goto('/#/submissions/census');
    await row.getByRole('button', { name: `Rebuild ${submissionId}` }).click();
    await expectVisible(watched, row.getByText('1 case · version 3'), 'withdraw-version-3', 60_000);
    assert.match(await row.innerText(), new RegExp(`Version 3 \\(current\\): withdrawn ${withdrawn.caseNum}`));
    await screenshot(page, 'amend-census-version-3');
    const packaged = await api<{ result: Array<{ _id: string }> }>('GET', `/submissions/cases/packaged/${submissionId}`, { token });
    assert.deepEqual(packaged.body.result.map((c) => c._id), [amended._id]);
    assert.deepEqual(watched.errors, []);
  });
});
