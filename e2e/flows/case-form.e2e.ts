// Issue 5's browser flows: the PNSS case form filled and closed as a clinician would, the
// failing-fields dialog, the draft offered back after a reload, a keyboard-only close, and the
// typing latency on a full twin delivery. The browser's close and the server's must agree.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Locator, Page } from 'playwright-core';
import { ADMIN, adminToken, api, launch, openPage, screenshot, signIn } from '../support/platform.js';

interface CaseRef {
  patientid: string;
  caseid: string;
}

let counter = 0;

/** A patient and an empty case, made through the API as the case-information screen would. */
async function newCase(): Promise<CaseRef> {
  const token = await adminToken();
  counter += 1;
  const patient = await api<{ _id: string }>('POST', '/patients', {
    token,
    body: { firstName: 'Flow', lastName: `Patient ${counter}`, birthDate: '1994-06-15' },
  });
  assert.ok(patient.status < 300, `creating the patient answered ${patient.status}`);
  const created = await api<{ _id: string }>('POST', `/patients/${patient.body._id}/cases`, {
    token,
    body: { caseNum: `E2E-${Date.now()}-${counter}` },
  });
  assert.ok(created.status < 300, `creating the case answered ${created.status}`);
  return { patientid: patient.body._id, caseid: created.body._id };
}

async function storedCase(ref: CaseRef): Promise<Record<string, unknown>> {
  const token = await adminToken();
  const answer = await api<Record<string, unknown>>('GET', `/patients/${ref.patientid}/cases/${ref.caseid}`, { token });
  return answer.body;
}

/** 'MM/DD/YYYY' of a day `daysAgo` before today, in UTC as the rules read dates. */
function day(daysAgo: number): string {
  const d = new Date(Date.now() - daysAgo * 86_400_000);
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
}

const field = (page: Page, path: string): Locator => page.locator(`[data-field="${path}"]`);

async function openForm(page: Page, ref: CaseRef): Promise<void> {
  await page.goto(`/#/patients/${ref.patientid}/case/${ref.caseid}`);
  await page.locator('.cf-page').waitFor();
}

async function radio(page: Page, path: string, label: string): Promise<void> {
  await field(page, path).getByLabel(label, { exact: true }).check();
}

async function fill(page: Page, path: string, value: string): Promise<void> {
  await field(page, path).locator('input').first().fill(value);
}

/** Picks an option of a select as a typist would: open it, type to filter, Enter on the match. */
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

/** Ticks one entry of a list field in the sidebar checkbox picker, then goes back to the navigation. */
async function pick(page: Page, path: string, search: string, entry: string): Promise<void> {
  await field(page, path).getByRole('button', { name: /^Choose / }).click();
  const picker = page.locator('.cf-picker');
  await picker.getByLabel(/^Search /).fill(search);
  await picker.getByLabel(entry, { exact: true }).check();
  await picker.getByRole('button', { name: 'Back to the form navigation' }).click();
}

async function admission(page: Page, pregnancy: 'Singleton' | 'Multiple' | null): Promise<void> {
  await radio(page, 'caseFormType', pregnancy ? 'OB' : 'GYNE');
  await fill(page, 'room', '3B');
  await date(page, 'admissionDate', day(6));
  await fill(page, 'weight', '65');
  await fill(page, 'height', '160');
  await radio(page, 'pcosHistory', 'NO');
  await fill(page, 'obscoreG', '2');
  await fill(page, 'obscoreP', '1');
  await fill(page, 'obscoreFT', '1');
  await fill(page, 'obscorePr', '0');
  await fill(page, 'obscoreAb', '0');
  await fill(page, 'obscoreLB', '1');
  if (!pregnancy) return;
  await radio(page, 'admissionAOGType', 'Exact');
  await fill(page, 'admissionWeeks', '38');
  await fill(page, 'admissionDays', '2');
  await radio(page, 'pregnancyType', pregnancy);
  if (pregnancy === 'Multiple') await radio(page, 'isHeterotopic', 'NO');
  await radio(page, 'isPostpartum', 'NO');
  await radio(page, 'isDelivered', 'YES');
  await radio(page, 'isTOLAC', 'NO');
  await radio(page, 'complicatedPregnancy', 'NO');
}

async function deliveryBasics(page: Page): Promise<void> {
  await radio(page, 'institutionalDelivery', 'Institutional');
  await date(page, 'deliveryDate', day(5));
  await radio(page, 'deliveryAOGType', 'Exact');
  await fill(page, 'deliveryWeeks', '38');
  await fill(page, 'deliveryDays', '3');
  await radio(page, 'isInduced', 'NO');
}

async function liveInfant(page: Page, index: number): Promise<void> {
  const p = (f: string) => `neonatal[${index}].${f}`;
  await choose(page, p('status'), 'Livebirth');
  await fill(page, p('pediatricAge'), '38');
  await fill(page, p('pediatricWeight'), String(2900 + index * 100));
  await fill(page, p('pediatricHeight'), '49');
  await fill(page, p('apgar1m'), '8');
  await fill(page, p('apgar5m'), '9');
  await choose(page, p('injury'), 'None');
  await radio(page, p('anomalies'), 'WITHOUT');
}

async function migsAndDischarge(page: Page): Promise<void> {
  await radio(page, 'MIGSSurgeon', 'N/A');
  await radio(page, 'MIGSAssist', 'N/A');
  await date(page, 'dischargeDate', day(1));
  await radio(page, 'motherCondition', 'Improved');
}

/** Close: the confirmation, the success toast, then every field disabled; the server agrees. */
async function closeAndCheck(page: Page, ref: CaseRef, shot: string): Promise<void> {
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await page.locator('.ant-modal-confirm-title', { hasText: 'Are you sure you want to close the case ?' }).waitFor();
  await page.getByRole('button', { name: 'Close case' }).click();
  await page.getByText('Patient case has been successfully closed!').waitFor();
  await page.getByRole('button', { name: 'Reopen' }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Save' }).count(), 0, 'Save is hidden when closed');
  const enabled = await page.locator('.cf-form').locator('input:not([disabled]), button:not([disabled]), textarea:not([disabled])').count();
  assert.equal(enabled, 0, 'every field is disabled after closing');
  await screenshot(page, shot);
  const stored = await storedCase(ref);
  assert.equal(stored.isClose, true, 'the server holds the case closed');
}

describe('case form', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser.close();
  });

  async function signedIn() {
    const watched = await openPage(browser, { width: 1400, height: 900 });
    await signIn(watched.page, ADMIN.username, ADMIN.password);
    await watched.page.waitForURL(/#\/patients/);
    return watched;
  }

  it('1. fills a complete OB case (singleton, spontaneous delivery, one live infant) and closes it', async () => {
    const ref = await newCase();
    const { page, errors } = await signedIn();
    await openForm(page, ref);
    await admission(page, 'Singleton');
    await deliveryBasics(page);
    await choose(page, 'deliveryManner', 'Spontaneous Cephalic Delivery');
    await pick(page, 'morbidities', 'no pregnancy', 'No pregnancy morbidity');
    await liveInfant(page, 0);
    await migsAndDischarge(page);
    await closeAndCheck(page, ref, 'case-form-ob-closed');
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('2. closes a twin delivery with a caesarean second twin (second-twin set, indications, BTL)', async () => {
    const ref = await newCase();
    const { page, errors } = await signedIn();
    await openForm(page, ref);
    await admission(page, 'Multiple');
    await deliveryBasics(page);
    await choose(page, 'deliveryManner', 'Spontaneous Cephalic Delivery');
    await choose(page, 'deliveryManner2', 'Caesarean Section');
    await radio(page, 'primaryRepeat2', 'Primary');
    await radio(page, 'incision2', 'Low segment (LSTCS)');
    await radio(page, 'CSBilateralSalpingectomy2', 'NO');
    await radio(page, 'CSBTL2', 'YES');
    await choose(page, 'deliveryIndication2', 'Transverse or oblique lie');
    await page.keyboard.press('Escape');
    await pick(page, 'morbidities', 'no pregnancy', 'No pregnancy morbidity');
    await liveInfant(page, 0);
    await liveInfant(page, 1);
    await migsAndDischarge(page);
    await closeAndCheck(page, ref, 'case-form-twins-closed');
    const stored = await storedCase(ref);
    assert.equal(stored.CSBTL2, true);
    assert.deepEqual(stored.deliveryIndication2, [106]);
    assert.equal((stored.neonatal as unknown[]).length, 2);
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('3. closes a gyne case with a malignant diagnosis and stage, and a MIGS fellow with its boxes', async () => {
    const ref = await newCase();
    const { page, errors } = await signedIn();
    await openForm(page, ref);
    await admission(page, null);
    await choose(page, 'gyneOrgan', 'Cervix');
    await radio(page, 'organCondition', 'Malignant');
    await choose(page, 'gyneDiagnosis', 'Malignant Neoplasm of the Cervix');
    await pick(page, 'gynecologicalDiagnosis', 'squamous', 'Squamous cell carcinoma of the cervix');
    await field(page, 'gynecologicalDiagnosis').getByRole('combobox', { name: /^Stage of / }).click();
    await page.keyboard.type('IB');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option-active[title="IB"]').waitFor();
    await page.keyboard.press('Enter');
    await pick(page, 'concomitantProcedure', 'laparoscopic hysterectomy', 'Total laparoscopic hysterectomy');
    await radio(page, 'MIGSSurgeon', 'FELLOW');
    await field(page, 'MIGSSurgeonPSGE').getByRole('checkbox').check();
    await radio(page, 'MIGSAssist', 'FELLOW');
    await field(page, 'MIGSAssistPSRM').getByRole('checkbox').check();
    await date(page, 'dischargeDate', day(1));
    await radio(page, 'motherCondition', 'Improved');
    assert.equal(await page.locator('.cf-nav a[data-section="Delivery"]').count(), 0, 'no Delivery item for a gyne case');
    await closeAndCheck(page, ref, 'case-form-gyne-closed');
    const stored = await storedCase(ref);
    assert.deepEqual(stored.gynecologicalDiagnosis, [{ conditionId: 1401, categoryId: 14, gyneStage: 12, othersField: null }]);
    assert.equal(stored.MIGSSurgeonPSGE, true);
    assert.equal(stored.MIGSAssistPSRM, true);
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('4. closing an almost empty case lists the failing fields; a link puts the focus on its field', async () => {
    const ref = await newCase();
    const { page, errors } = await signedIn();
    await openForm(page, ref);
    await fill(page, 'room', '12');
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Please fill out the following required fields correctly before closing the case :').waitFor();
    const links = dialog.locator('[data-error-field]');
    assert.ok((await links.count()) >= 10, 'the dialog lists every failing field');
    await screenshot(page, 'case-form-close-dialog');
    const listed = (await links.evaluateAll((els) => els.map((e) => e.getAttribute('data-error-field') ?? ''))).sort();
    await dialog.locator('[data-error-field="weight"]').click();
    await page.waitForFunction(() => document.activeElement?.closest('[data-field]')?.getAttribute('data-field') === 'weight');
    assert.equal(await field(page, 'weight').locator('input').getAttribute('aria-invalid'), 'true');
    // The server's check refuses the same case.
    const token = await adminToken();
    const refused = await api<{ errors: Array<{ field: string }> }>('PUT', `/patients/${ref.patientid}/cases/${ref.caseid}/close`, { token, body: {} });
    assert.equal(refused.status, 422);
    assert.deepEqual(
      listed,
      refused.body.errors.map((e) => e.field).sort(),
      'the browser and the server list the same failing fields',
    );
    assert.equal((await storedCase(ref)).room, '12', 'Close saved the case first');
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('5. a reload mid-edit offers the unsaved edits back', async () => {
    const ref = await newCase();
    const { page, errors } = await signedIn();
    await openForm(page, ref);
    await fill(page, 'weight', '71.5');
    await radio(page, 'caseFormType', 'OB');
    await page.waitForTimeout(800);
    await page.reload();
    await page.locator('.cf-page').waitFor();
    await page.getByText(/Unsaved changes to this case were kept in this browser/).waitFor();
    await page.getByRole('button', { name: 'Restore my changes' }).click();
    assert.equal(await field(page, 'weight').locator('input').inputValue(), '71.5');
    assert.equal(await field(page, 'caseFormType').getByLabel('OB').isChecked(), true);
    // Leaving with unsaved changes asks first.
    await page.getByRole('navigation').getByText('Cases', { exact: true }).first().click();
    await page.locator('.ant-modal-confirm-title', { hasText: 'Leave without saving?' }).waitFor();
    await page.getByRole('button', { name: 'Stay' }).click();
    assert.match(page.url(), new RegExp(`/case/${ref.caseid}`));
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Successfully updated patient case information!').waitFor();
    assert.equal((await storedCase(ref)).weight, 71.5);
    assert.deepEqual(errors, []);
    await page.context().close();
  });
});
