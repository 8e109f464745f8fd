// Issue 25 items 6 and 7 in the browser: a molar pregnancy asks its GTD diagnosis beside the molar
// type and keeps it; a corrected date of birth changes a packaged case's age, and the census officer
// sees which package needs a rebuild and why, and which closed case changed, then rebuilds it.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { closableObCase } from '@pnss/libs/testing';
import { ADMIN, adminToken, api, expectVisible, launch, openPage, screenshot, signIn, caseBody } from '../support/platform.js';
import { expectAccessible } from '../support/axe.js';

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);
/** A birth date `years` years and two months before the admission 11 days ago: that many whole years on admission. */
const bornBefore = (years: number) => {
  const at = new Date(Date.now() - 11 * DAY);
  return new Date(Date.UTC(at.getUTCFullYear() - years, at.getUTCMonth() - 2, 1)).toISOString().slice(0, 10);
};

describe("a molar pregnancy's GTD answers, and a corrected date of birth in Submissions", () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser.close();
  });

  it('asks GTD Diagnosis beside the molar type, and keeps what was chosen', { timeout: 300_000 }, async () => {
    const token = await adminToken();
    const patient = (await api<{ _id: string }>('POST', '/patients', { token, body: { firstName: 'Imelda', lastName: `Corpuz ${Date.now()}`, birthDate: bornBefore(29) } })).body;
    const created = await api<{ _id: string }>('POST', `/patients/${patient._id}/cases`, {
      token, body: { caseNum: `MOLE-${Date.now().toString(36)}`, caseFormType: 1, admissionDate: daysAgo(2), pregnancyType: 5, molarType: 2 },
    });
    assert.equal(created.status, 201);

    const watched = await openPage(browser);
    const { page } = watched;
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL(/#\/patients/);
    await page.goto(`/#/patients/${patient._id}/case/${created.body._id}`);
    // The GTD questions sit in the Admission section, beside the molar type.
    const gtd = page.locator('[data-field="gtdDiagnosis"]');
    await expectVisible(watched, gtd, 'molar-gtd-field');
    await gtd.getByRole('combobox').first().click();
    await page.keyboard.type('Complete Hydatidiform Mole');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option-active[title="Complete Hydatidiform Mole"]').waitFor();
    await page.keyboard.press('Enter');
    await gtd.locator('[title="Complete Hydatidiform Mole"]').first().waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await expectVisible(watched, page.getByText('Successfully updated patient case information!').first(), 'molar-gtd-saved');
    await screenshot(page, 'case-form-molar-gtd');
    const stored = await api<{ gtdDiagnosis: number | null }>('GET', `/patients/${patient._id}/cases/${created.body._id}`, { token });
    assert.equal(stored.body.gtdDiagnosis, 2, 'the GTD diagnosis chosen on screen is the one stored');
    await expectAccessible(page, 'case form, molar pregnancy');
  });

  it("shows which package needs a rebuild after a patient's birth date is corrected, and which closed case changed; Rebuild makes version 2", { timeout: 600_000 }, async () => {
    const token = await adminToken();
    const patient = (await api<{ _id: string; version: number }>('POST', '/patients', {
      token, body: { firstName: 'Leonora', lastName: `Dimaano ${Date.now()}`, birthDate: bornBefore(40) },
    })).body;
    const ids: Array<{ _id: string; caseNum: string }> = [];
    for (const suffix of ['P', 'C']) {
      const form = closableObCase({ admissionDate: daysAgo(11), deliveryDate: daysAgo(10), dischargeDate: daysAgo(7) });
      const created = await api<{ _id: string; caseNum: string }>('POST', `/patients/${patient._id}/cases`, {
        token, body: caseBody(form, `DOB-${suffix}-${Date.now().toString(36)}`),
      });
      assert.equal(created.status, 201);
      await api('PUT', `/patients/${patient._id}/cases/${created.body._id}/close`, { token, body: {} });
      ids.push(created.body);
    }
    const [packaged, closed] = ids;
    await api('PUT', '/submissions/cases/approval', { token, body: { caseIds: [packaged._id], approved: true } });
    const started = await api<{ submissionId: string }>('POST', '/submissions/cases/create', { token, body: { selectedCases: [packaged._id] } });
    assert.equal(started.status, 202);
    const submissionId = started.body.submissionId;
    for (let i = 0; i < 200; i += 1) {
      const pkg = await api<{ building: boolean }>('GET', `/submissions/census/packages/${submissionId}`, { token });
      if (!pkg.body.building) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const corrected = await api('PUT', `/patients/${patient._id}`, { token, body: { version: patient.version, birthDate: bornBefore(41) } });
    assert.equal(corrected.status, 200);

    const watched = await openPage(browser, { width: 1366, height: 768 });
    const { page } = watched;
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL(/#\/patients/);

    await page.goto('/#/submissions/census');
    const row = page.getByRole('row').filter({ hasText: submissionId });
    const notice = row.getByRole('alert');
    await expectVisible(watched, notice, 'census-rebuild-notice');
    assert.equal(
      (await notice.innerText()).trim(),
      `Needs a rebuild. Case ${packaged.caseNum} (Age on Admission 40 → 41, the patient's record was corrected) changed after version 1 was built. Rebuild to make version 2, then submit it.`,
    );
    await screenshot(page, 'submissions-census-rebuild-notice');
    await expectAccessible(page, 'census tab with a rebuild notice');

    await page.goto('/#/submissions/cases');
    const caseRow = page.getByRole('row').filter({ hasText: closed.caseNum });
    await expectVisible(watched, caseRow.getByRole('alert'), 'cases-correction-notice');
    assert.match(await caseRow.getByRole('alert').innerText(), /Age on Admission 40 → 41\. Review it before approving\./);
    await screenshot(page, 'submissions-cases-correction-notice');

    await page.goto('/#/submissions/census');
    await page.getByRole('button', { name: `Rebuild ${submissionId}` }).click();
    await expectVisible(watched, page.getByRole('row').filter({ hasText: submissionId }).getByText('1 case · version 2'), 'census-rebuilt', 60_000);
    assert.equal(await page.getByRole('row').filter({ hasText: submissionId }).getByRole('alert').count(), 0, 'the notice goes once version 2 is built');
    await screenshot(page, 'submissions-census-rebuilt');
    assert.deepEqual(watched.errors, []);
  });
});
