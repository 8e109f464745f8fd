// Issue 31's browser flow, walked by two users in two browsers: a census officer raises a query on a
// birth weight; the clinician who entered the case sees the marker on the field, reopens the case,
// corrects the weight, closes the case again and answers; the officer closes the query, approves the
// case, and the Data Quality view counts one case fewer under 'Birth weight far from the gestational
// age'. Beside it, a case with a warning is approved only through the confirmation the Cases tab asks.
import { CASE_BOOKKEEPING_FIELDS } from '@pnss/libs/api';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Locator, Page } from 'playwright-core';
import { healthyInfant, closableObCase } from '@pnss/libs/testing';
import { openQueryRefusal } from '@pnss/libs/submissions';
import { TOASTS } from '@pnss/libs/validation';
import { api, createUser, expectVisible, launch, openPage, screenshot, settled, signIn, type WatchedPage } from '../support/platform.js';

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);
const RULE = 'Birth weight far from the gestational age';
const WEIGHT = 'neonatal[0].pediatricWeight';
const WEIGHT_LABEL = 'Infant 1: Birth Weight (g)';
const QUESTION = 'Is 1200 g right for a baby of 39 weeks?';

interface Made {
  _id: string;
  caseNum: string;
  patientid: string;
}

const field = (page: Page, path: string): Locator => page.locator(`[data-field="${path}"]`);

/** The clinician's closed case, through the API as the form would send it, with the warnings confirmed on save. */
async function closedCaseOf(token: string, overrides: Parameters<typeof closableObCase>[0], confirmedWarnings: string[], tag: string): Promise<Made> {
  const patient = (await api<{ _id: string }>('POST', '/patients', { token, body: { firstName: 'Imelda', lastName: `Quality ${tag} ${Date.now()}`, birthDate: '1993-02-11' } })).body;
  const body: Record<string, unknown> = {
    ...closableObCase({ admissionDate: daysAgo(11), deliveryDate: daysAgo(10), dischargeDate: daysAgo(7), ...overrides }),
    caseNum: `DQ-${tag}-${Date.now().toString(36)}`,
    confirmedWarnings,
  };
  for (const name of CASE_BOOKKEEPING_FIELDS) delete body[name];
  const created = await api<Made>('POST', `/patients/${patient._id}/cases`, { token, body });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  assert.equal((await api('PUT', `/patients/${patient._id}/cases/${created.body._id}/close`, { token, body: {} })).status, 200);
  return created.body;
}

/** The Data Quality tab's row of a rule: its count of cases and the case numbers behind it. */
async function ruleRow(watched: WatchedPage): Promise<{ count: number; text: string }> {
  const { page } = watched;
  await page.goto('/#/submissions/quality');
  const row = page.getByRole('row').filter({ hasText: RULE });
  await expectVisible(watched, row, 'dq-rule-row');
  const count = Number(((await row.getByRole('cell').nth(2).textContent()) ?? '').trim());
  return { count, text: await row.innerText() };
}

/** The Cases tab's row of a case, once its quality cell has loaded. */
async function caseRow(watched: WatchedPage, made: Made, quality: string): Promise<Locator> {
  const { page } = watched;
  await page.goto('/#/submissions/cases');
  const row = page.getByRole('row').filter({ hasText: made.caseNum });
  await expectVisible(watched, row.getByText(quality, { exact: true }), `dq-cases-${quality}`);
  return row;
}

async function signedIn(browser: Browser, user: { username: string; password: string }, viewport: { width: number; height: number }): Promise<WatchedPage> {
  const watched = await openPage(browser, viewport);
  await signIn(watched.page, user.username, user.password);
  await watched.page.waitForURL(/#\/(patients|cases|submissions)/);
  return watched;
}

describe('a query on a birth weight, answered and closed, then the case approved (issue 31)', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser.close();
  });

  it('the reviewer raises it, the clinician sees the marker, corrects and answers, the reviewer closes it and approves; the rule counts one fewer', { timeout: 600_000 }, async () => {
    const clinician = await createUser('clinician');
    const officer = await createUser('census_officer');
    const clinicianToken = (await api<{ token: string }>('POST', '/accounts/login', { body: { username: clinician.username, password: clinician.password } })).body.token;
    const queried = await closedCaseOf(clinicianToken, { neonatal: [healthyInfant({ pediatricWeight: 1200 })] }, [WEIGHT], 'W');

    // The officer, in one browser at 1280 px: the rule counts the case, and names it.
    const reviewer = await signedIn(browser, officer, { width: 1280, height: 900 });
    const before = await ruleRow(reviewer);
    assert.ok(before.count >= 1, `the rule counts the case: ${before.text}`);
    assert.match(before.text, new RegExp(queried.caseNum));
    await expectVisible(reviewer, reviewer.page.getByText(/^Cases reviewed: closed, not archived cases whose discharge date falls between/), 'dq-denominator');
    await screenshot(reviewer.page, 'dq-quality-tab-1280');

    // The officer raises a query on the birth weight from the case form.
    await reviewer.page.goto(`/#/patients/${queried.patientid}/case/${queried._id}`);
    const panel = reviewer.page.locator('section.cf-queries');
    await expectVisible(reviewer, panel, 'dq-queries-panel');
    await panel.getByRole('button', { name: 'Show' }).click();
    // The field picked as a person would: type to filter, click the one option shown (not antd's hidden list for screen readers).
    await panel.getByRole('combobox', { name: 'Field to query' }).fill('Infant 1: Birth Weight');
    await reviewer.page.locator('.ant-select-item-option').filter({ hasText: `Delivery: ${WEIGHT_LABEL}` }).click();
    await panel.getByRole('textbox', { name: 'Question' }).fill(QUESTION);
    await panel.getByRole('button', { name: 'Raise query' }).click();
    const reviewerQuery = panel.getByRole('listitem', { name: `Query on ${WEIGHT_LABEL}` });
    await expectVisible(reviewer, reviewerQuery.getByText('Waiting for an answer'), 'dq-query-raised');
    await expectVisible(reviewer, field(reviewer.page, WEIGHT).getByRole('note').filter({ hasText: 'Query open' }), 'dq-marker-reviewer');
    await field(reviewer.page, WEIGHT).scrollIntoViewIfNeeded();
    await screenshot(reviewer.page, 'dq-case-form-query-1280');

    // While the query is open, the Cases tab says the case cannot be approved, and refuses it in the rule's words.
    const blocked = await caseRow(reviewer, queried, 'Open query: not approvable');
    await blocked.getByRole('checkbox', { name: `Approve case ${queried.caseNum}` }).click();
    await expectVisible(reviewer, reviewer.page.getByText(`Case ${queried.caseNum} ${openQueryRefusal([WEIGHT])}`), 'dq-approve-refused');
    assert.equal(await blocked.getByRole('checkbox', { name: `Approve case ${queried.caseNum}` }).isChecked(), false);

    // The clinician, in a second browser at 820 px: the marker on the field and the question.
    const author = await signedIn(browser, clinician, { width: 820, height: 1000 });
    await author.page.goto(`/#/patients/${queried.patientid}/case/${queried._id}`);
    const marker = field(author.page, WEIGHT).getByRole('note').filter({ hasText: 'Query open' });
    await expectVisible(author, marker, 'dq-marker-clinician');
    const authorQuery = author.page.getByRole('listitem', { name: `Query on ${WEIGHT_LABEL}` });
    await expectVisible(author, authorQuery.getByText(QUESTION, { exact: false }), 'dq-question-seen');
    await marker.scrollIntoViewIfNeeded();
    await screenshot(author.page, 'dq-case-form-query-820');

    // The clinician reopens the case, corrects the weight, saves, closes it again and answers.
    const bar = author.page.getByRole('toolbar', { name: 'Case actions' });
    await bar.getByRole('button', { name: 'Reopen case' }).click();
    await (await settled(author.page.getByRole('dialog').filter({ hasText: 'Are you sure you want to reopen patient case ?' }))).getByRole('button', { name: 'Reopen case' }).click();
    await expectVisible(author, author.page.getByText(TOASTS.caseReopened), 'dq-reopened');
    await field(author.page, WEIGHT).locator('input').first().fill('3200');
    await author.page.getByRole('button', { name: 'Save' }).click();
    await expectVisible(author, author.page.getByText(TOASTS.caseUpdated), 'dq-saved');
    await bar.getByRole('button', { name: 'Close case' }).click();
    await (await settled(author.page.getByRole('dialog').filter({ hasText: 'Are you sure you want to close the case ?' }))).getByRole('button', { name: 'Close case' }).click();
    await expectVisible(author, author.page.getByText(TOASTS.caseClosed), 'dq-closed-again');
    await authorQuery.getByRole('textbox', { name: `Answer the query on ${WEIGHT_LABEL}` }).fill('Mistyped: 3200 g on the chart, corrected');
    await authorQuery.getByRole('button', { name: 'Answer' }).click();
    await expectVisible(author, authorQuery.getByText('Answered: waiting for the reviewer'), 'dq-answered');
    // The clinician may not close it: only the reviewer does.
    assert.equal(await authorQuery.getByRole('button', { name: 'Close query' }).count(), 0);

    // The officer sees the answer and closes the query: the marker goes. (Reloaded: the case's queries
    // read a minute ago may still be cached by the page.)
    await reviewer.page.goto(`/#/patients/${queried.patientid}/case/${queried._id}`);
    await reviewer.page.reload();
    await expectVisible(reviewer, reviewerQuery.getByText('Answered: waiting for the reviewer'), 'dq-answer-seen');
    await expectVisible(reviewer, reviewerQuery.getByText('Mistyped: 3200 g on the chart, corrected', { exact: false }), 'dq-answer-text');
    await reviewerQuery.getByRole('button', { name: 'Close query' }).click();
    await expectVisible(reviewer, reviewerQuery.getByText('Closed', { exact: true }), 'dq-query-closed');
    assert.equal(await field(reviewer.page, WEIGHT).getByRole('note').count(), 0, 'no marker once the query is closed');

    // The case can now be approved, and it has no warning left: no confirmation is asked.
    const ready = await caseRow(reviewer, queried, 'No warnings');
    const box = ready.getByRole('checkbox', { name: `Approve case ${queried.caseNum}` });
    await box.click();
    await reviewer.page.waitForFunction(
      (name) => (document.querySelector(`input[aria-label="${name}"]`) as HTMLInputElement | null)?.checked === true,
      `Approve case ${queried.caseNum}`,
    );
    assert.equal(await reviewer.page.getByRole('dialog').count(), 0, 'no confirmation for a case without warnings');
    const officerToken = (await api<{ token: string }>('POST', '/accounts/login', { body: { username: officer.username, password: officer.password } })).body.token;
    const listed = await api<{ result: Array<{ _id: string; approved: boolean }> }>('GET', '/submissions/cases/closed', { token: officerToken });
    assert.equal(listed.body.result.find((c) => c._id === queried._id)?.approved, true, 'the server holds the case approved');

    // The Data Quality view counts one case fewer under the rule, and no longer names it.
    const after = await ruleRow(reviewer);
    assert.equal(after.count, before.count - 1, `one fewer: ${before.text} -> ${after.text}`);
    assert.doesNotMatch(after.text, new RegExp(queried.caseNum));
    assert.deepEqual(author.errors, []);
    assert.deepEqual(reviewer.errors, []);
    await author.page.context().close();
    await reviewer.page.context().close();
  });

  it('approves a case with a warning only through the confirmation, which names the case and the rule', { timeout: 300_000 }, async () => {
    const clinician = await createUser('clinician');
    const officer = await createUser('census_officer');
    const clinicianToken = (await api<{ token: string }>('POST', '/accounts/login', { body: { username: clinician.username, password: clinician.password } })).body.token;
    const warned = await closedCaseOf(clinicianToken, { neonatal: [healthyInfant({ pediatricWeight: 1200 })] }, [WEIGHT], 'C');

    const reviewer = await signedIn(browser, officer, { width: 1280, height: 900 });
    const row = await caseRow(reviewer, warned, '1 warning');
    await screenshot(reviewer.page, 'dq-cases-tab-warnings-1280');
    await row.getByRole('checkbox', { name: `Approve case ${warned.caseNum}` }).click();
    const dialog = await settled(reviewer.page.getByRole('dialog').filter({ hasText: 'This case has data-quality warnings' }));
    await expectVisible(reviewer, dialog.getByText(`Case ${warned.caseNum}: ${RULE}`), 'dq-confirm-names-rule');
    await expectVisible(reviewer, dialog.getByText('Approve anyway? Your confirmation is recorded with the approval.'), 'dq-confirm-recorded');
    await screenshot(reviewer.page, 'dq-cases-tab-confirm-1280');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await reviewer.page.waitForFunction(
      (name) => (document.querySelector(`input[aria-label="${name}"]`) as HTMLInputElement | null)?.checked === true,
      `Approve case ${warned.caseNum}`,
    );
    assert.deepEqual(reviewer.errors, []);
    await reviewer.page.context().close();
  });
});
