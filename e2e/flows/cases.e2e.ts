// Issue 4's browser flows: a patient added through the form shows in the patients list with the
// count going up and opens in the preview; a case added through the case-information screen
// shows in the cases list, is found by its number, and is archived and unarchived.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { ADMIN, launch, openPage, screenshot, signIn } from '../support/platform.js';
import { expectAccessible, reportAccessibility } from '../support/axe.js';

async function countOf(page: Page, testId: string): Promise<number> {
  const tag = page.getByTestId(testId);
  await tag.waitFor();
  return Number((await tag.textContent())?.replace(/\D/g, '') ?? 'NaN');
}

async function typeDate(page: Page, label: string, value: string): Promise<void> {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

describe('patients and cases', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser.close();
  });

  it('adds a patient, sees them in the patients list with the count going up, and opens the preview', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto('/#/account/login');
    await page.getByLabel('Username').waitFor();
    // The login screen is the shell's: its findings are listed for its owner.
    await reportAccessibility(page, 'login');
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL(/#\/patients/);
    await page.getByRole('heading', { name: /^Patients/ }).waitFor();
    await page.getByRole('status', { name: 'Loading patients' }).waitFor({ state: 'detached' });
    await expectAccessible(page, 'patients list');
    const before = await countOf(page, 'patients-title-count');

    const stamp = String(Date.now());
    const lastName = `Dela Cruz ${stamp}`;
    await page.getByRole('button', { name: 'Add patient' }).click();
    await page.waitForURL(/#\/newpatient/);
    await page.getByLabel('First Name').fill('Maria');
    await page.getByLabel('Last Name').fill(lastName);
    await typeDate(page, 'Date of Birth', '03/14/1990');
    await expectAccessible(page, 'new patient form');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Successfully added new patient!').first().waitFor();
    await page.waitForURL(/#\/patients\/[^/]+\/newcase/);

    await page.goto('/#/patients');
    await page.getByRole('heading', { name: /^Patients/ }).waitFor();
    await page.waitForFunction(
      ([testId, was]) => Number(document.querySelector(`[data-testid="${testId}"]`)?.textContent?.replace(/\D/g, '')) === was + 1,
      ['patients-title-count', before] as const,
    );
    // Two words, first name and a word of the last name (the pairs of name words), then the whole
    // last name (three words, the GIN index of name words): each lists the new patient, alone.
    const patientsList = page.getByRole('list', { name: 'Patients' });
    for (const search of [`maria ${stamp}`, lastName]) {
      await page.getByLabel('Search Patients').fill(search);
      await patientsList.getByText(lastName, { exact: false }).first().waitFor();
      await page.waitForFunction((testId) => document.querySelector(`[data-testid="${testId}"]`)?.textContent?.replace(/\D/g, '') === '1', 'patients-title-count');
      assert.equal(await patientsList.getByText(`Maria ${lastName}`).count(), 1);
    }
    const row = patientsList.getByText(lastName, { exact: false }).first();
    await row.waitFor();
    await row.click();
    await page.waitForURL(/#\/patients\/[^/]+$/);
    await page.getByRole('heading', { name: new RegExp(`Maria.*${lastName}`) }).waitFor();
    await page.getByRole('button', { name: 'Close preview' }).waitFor();
    await screenshot(page, 'patient-preview');
    await expectAccessible(page, 'patient preview');
    await page.getByRole('button', { name: 'Edit patient' }).click();
    await page.waitForURL(/#\/patients\/[^/]+\/edit/);
    await page.getByLabel('First Name').waitFor();
    await expectAccessible(page, 'edit patient form');
    assert.deepEqual(errors.filter((e) => !e.includes('401')), []);
    await page.context().close();
  });

  it('adds a case through the case information screen, finds it by number, archives and unarchives it', async () => {
    const { page, errors } = await openPage(browser);
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL(/#\/patients/);
    await page.goto('/#/cases');
    await page.getByRole('heading', { name: /^Cases/ }).waitFor();
    await page.getByRole('status', { name: 'Loading cases' }).waitFor({ state: 'detached' });

    const caseNum = `PCRN-${Date.now()}`;
    await page.getByRole('button', { name: 'Add case' }).click();
    await page.waitForURL(/#\/newpatientcase/);
    await page.getByRole('heading', { name: 'New Case' }).waitFor();
    await page.getByLabel('Case Number').fill(caseNum);
    // The screen makes the patient too, so it asks their name: no 'Unnamed patient'.
    await page.getByLabel('First Name').fill('Lourdes');
    await page.getByLabel('Last Name').fill(`Reyes ${caseNum}`);
    await typeDate(page, 'Birth Date', '07/02/1988');
    await expectAccessible(page, 'case information screen');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Successfully added new patient case!').first().waitFor();
    await page.waitForURL(/#\/patients\/[^/]+\/case\/[^/]+/);

    await page.goto('/#/cases');
    await page.getByRole('heading', { name: /^Cases/ }).waitFor();
    await page.getByLabel('Search Case Number').fill(caseNum);
    const list = page.getByRole('list', { name: 'Cases' });
    await list.getByText(`Case # ${caseNum}`).waitFor();
    // The row names the patient.
    await list.getByText(`Lourdes Reyes ${caseNum}`).waitFor();
    await screenshot(page, 'cases-search');
    await expectAccessible(page, 'cases list');
    await list.getByText(`Case # ${caseNum}`).click();
    await page.waitForURL(/#\/patients\/[^/]+\/case\/[^/]+/);

    await page.getByRole('button', { name: 'Archive', exact: true }).click();
    await page.getByText('Case archived successfully').first().waitFor();
    await page.getByRole('button', { name: 'Unarchive', exact: true }).waitFor();

    await page.goto('/#/cases');
    await page.getByLabel('Case type').click();
    await page.getByTitle('Archived Cases').click();
    await page.getByLabel('Search Case Number').fill(caseNum);
    const archivedRow = list.getByRole('link', { name: new RegExp(`Case # ${caseNum}`) });
    await archivedRow.getByText('Archived', { exact: true }).waitFor();
    await archivedRow.click();
    await page.getByRole('button', { name: 'Unarchive', exact: true }).click();
    await page.getByText('Case unarchived successfully').first().waitFor();
    await page.getByRole('button', { name: 'Archive', exact: true }).waitFor();
    assert.deepEqual(errors.filter((e) => !e.includes('401')), []);
    await page.context().close();
  });
});
