// Issue 5's browser flows: the PNSS case form filled and closed as a clinician would, the
// failing-fields dialog, the draft offered back after a reload, a keyboard-only close, and the
// typing latency on a full twin delivery. The browser's close and the server's must agree.
import { after, before, describe, it, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Locator, Page } from 'playwright-core';
import { ADMIN, adminToken, api, expectVisible, launch, openPage, screenshot, settled, signIn } from '../support/platform.js';
import { expectAccessible } from '../support/axe.js';

interface CaseRef {
  patientid: string;
  caseid: string;
  caseNum?: string;
  patientName?: string;
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
  const caseNum = `E2E-${Date.now()}-${counter}`;
  const created = await api<{ _id: string }>('POST', `/patients/${patient.body._id}/cases`, { token, body: { caseNum } });
  assert.ok(created.status < 300, `creating the case answered ${created.status}`);
  return { patientid: patient.body._id, caseid: created.body._id, caseNum, patientName: `Flow Patient ${counter}` };
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

/** Presses Tab until the focus is in the field at `path` (or on an element `where` accepts): the keyboard's way there. */
async function tabTo(page: Page, where: string | ((el: Element) => boolean), limit = 400): Promise<void> {
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    const there = typeof where === 'string'
      ? await page.evaluate((path) => document.activeElement?.closest('[data-field]')?.getAttribute('data-field') === path, where)
      : await page.evaluate(`(${where.toString()})(document.activeElement)`);
    if (there) return;
  }
  throw new Error(`Tab never reached ${String(where)}`);
}

/** The full twin delivery of the latency check: every section open, a maternal death, PCOS, MIGS fellows. */
function fullTwinDelivery(version: number, caseNum: string, infants: number): Record<string, unknown> {
  const iso = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const infant = (i: number) => ({
    status: i === 1 ? 4 : 1, anomalies: i === 0, anomalyOthers: i === 0 ? 'Cleft lip' : null, pediatricAge: 36,
    pediatricWeight: 2400 + i, pediatricHeight: 46, apgar1m: 7, apgar5m: 9, injury: 8,
    causeofdeath: i === 1 ? 1 : null, specificcause: i === 1 ? 101 : null,
  });
  return {
    version, caseNum, caseFormType: 1, room: '4A', admissionDate: iso(6), dischargeDate: iso(1), weight: 60, height: 155,
    pcosHistory: true, pcosSymptoms: [1, 4], obscoreG: 3, obscoreP: 2, obscoreFT: 1, obscorePr: 1, obscoreAb: 0, obscoreLB: 2,
    complicatedPregnancy: true, returnToOR: false, isPostpartum: false, admissionAOGType: 1, admissionWeeks: 36, admissionDays: 1,
    pregnancyType: 2, isHeterotopic: false, isDelivered: true, institutionalDelivery: 1, infantsNumber: infants, isTOLAC: false,
    deliveryDate: iso(5), deliveryAOGType: 1, deliveryWeeks: 36, deliveryDays: 2, isInduced: true, inducedIndication: 4,
    inducedMethod: 1, inducedComplication: 6, deliveryManner: 2, deliveryManner2: 1, primaryRepeat2: 1, incision2: 1,
    CSBilateralSalpingectomy2: false, CSBTL2: true, deliveryIndication2: [106, 999999], deliveryIndicationOthers2: 'Cord around neck',
    morbidities: [{ conditionId: 101, categoryId: 1 }, { conditionId: 202, categoryId: 2 }],
    medicalHistory: [{ conditionId: 101, categoryId: 1 }], obstetricHistory: [{ conditionId: 101, categoryId: 1 }],
    neonatal: Array.from({ length: infants }, (_, i) => infant(i)),
    MIGSSurgeon: 1, MIGSSurgeonPSGE: true, MIGSAssist: 1, MIGSAssistPSRM: true,
    motherCondition: 3, antecedent: 1, antecedentType: 11, antecedentCause: 1101, immediateCause: 8,
    immediateCauseOthers: 'Amniotic fluid embolism', complicationOnset: 3, deathTiming: 3, deathTimingComplication: 3,
    deathReviewed: true,
  };
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
  await robsonAnswers(page, 'Spontaneous');
}

/** The Robson answers of a delivery (issue 28): no previous caesarean, the onset given, cephalic. */
async function robsonAnswers(page: Page, onset: 'Spontaneous' | 'Induced' | 'No labor (caesarean before labor)'): Promise<void> {
  await fill(page, 'previousCaesareans', '0');
  await radio(page, 'laborOnset', onset);
  await radio(page, 'fetalPresentation', 'Cephalic');
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

/** 'Close case' in the title bar, set apart from leaving the form. */
function closeCaseButton(page: Page): Locator {
  return page.getByRole('toolbar', { name: 'Case actions' }).getByRole('button', { name: 'Close case' });
}

/** Close: the confirmation, the success toast, then a read-only view of the case; the server agrees. */
async function closeAndCheck(page: Page, ref: CaseRef, shot: string): Promise<void> {
  await closeCaseButton(page).click();
  await page.locator('.ant-modal-confirm-title', { hasText: 'Are you sure you want to close the case ?' }).waitFor();
  await page.getByRole('dialog').getByRole('button', { name: 'Close case' }).click();
  await expectVisible(page, page.getByText('Patient case has been successfully closed!'), `${shot}-closing`);
  await page.getByRole('button', { name: 'Reopen case' }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Save' }).count(), 0, 'Save is hidden when closed');
  const controls = await page.locator('.cf-form').locator('input, button, textarea').count();
  assert.equal(controls, 0, 'a closed case is a read-only view, not disabled inputs');
  // The answers read in the normal text colour (at least 4.5:1), axe agreeing.
  const colour = await field(page, 'weight').locator('.cf-value').evaluate((el) => getComputedStyle(el).color);
  assert.equal(colour, 'rgba(0, 0, 0, 0.88)');
  await expectAccessible(page, 'case form, closed');
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

  it('1b. records an induced delivery with the Robson answers, sees its group on the form, closes it and finds it in the Robson table', async () => {
    const ref = await newCase();
    const { page, errors } = await signedIn();
    await openForm(page, ref);
    await admission(page, 'Singleton');
    await radio(page, 'institutionalDelivery', 'Institutional');
    await date(page, 'deliveryDate', day(5));
    await radio(page, 'deliveryAOGType', 'Exact');
    await fill(page, 'deliveryWeeks', '39');
    await fill(page, 'deliveryDays', '1');
    const robson = page.getByRole('status', { name: 'Robson group' });
    await radio(page, 'isInduced', 'YES');
    await choose(page, 'inducedIndication', 'Postdatism');
    await choose(page, 'inducedMethod', 'Oxytocin');
    await choose(page, 'inducedComplication', 'None');
    // Induction already says the onset: it is prefilled, and the group waits for what is still missing.
    assert.equal(await field(page, 'laborOnset').getByLabel('Induced', { exact: true }).isChecked(), true, 'the onset is prefilled from the induction');
    await expectVisible(page, robson.getByText('Not classifiable', { exact: true }), 'robson-not-classifiable');
    await fill(page, 'previousCaesareans', '0');
    await radio(page, 'fetalPresentation', 'Cephalic');
    await choose(page, 'deliveryManner', 'Spontaneous Cephalic Delivery');
    await expectVisible(page, robson.getByText('Group 4a', { exact: true }), 'robson-group-on-form');
    await expectVisible(page, robson.getByText('Multiparous, no previous CS, single cephalic, 37+ weeks, induced: group 4a'), 'robson-reason-on-form');
    await robson.scrollIntoViewIfNeeded();
    await page.locator('.cf-subsection', { has: robson }).screenshot({ path: await screenshot(page, 'robson-on-form') });
    await pick(page, 'morbidities', 'no pregnancy', 'No pregnancy morbidity');
    await liveInfant(page, 0);
    await migsAndDischarge(page);
    await closeAndCheck(page, ref, 'robson-case-closed');
    await expectVisible(page, robson.getByText('Group 4a', { exact: true }), 'robson-group-closed');
    const stored = await storedCase(ref);
    assert.deepEqual([stored.previousCaesareans, stored.laborOnset, stored.fetalPresentation], [0, 2, 1]);

    // Suppression is on by default ('†' for a count of 1 to 4): the flow reads the count itself.
    await page.goto('/#/reports/obreport/summary/?suppress=0');
    const table = page.getByRole('table', { name: 'Robson Ten-Group Classification (WHO)' });
    await table.waitFor();
    const row = table.getByRole('row', { name: /^Group 4a / });
    await expectVisible(page, row, 'robson-table-row');
    const cells = await row.getByRole('cell').allTextContents();
    assert.deepEqual(cells.slice(0, 2), ['Group 4a', '1'], 'the closed delivery is the one woman of group 4a');
    await expectAccessible(page, 'OB report with the Robson table');
    await table.scrollIntoViewIfNeeded();
    await screenshot(page, 'robson-report');
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
    await expectAccessible(page, 'case form, open');
    await closeCaseButton(page).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Please fill out the following required fields correctly before closing the case :').waitFor();
    await expectAccessible(page, 'close-check dialog');
    const links = dialog.locator('[data-error-field]');
    assert.ok((await links.count()) >= 10, 'the dialog lists every failing field');
    await screenshot(page, 'case-form-close-dialog');
    const listed = (await links.evaluateAll((els) => els.map((e) => e.getAttribute('data-error-field') ?? ''))).sort();
    await dialog.locator('[data-error-field="weight"]').click();
    const focusedField = () => page.evaluate(() => document.activeElement?.closest('[data-field]')?.getAttribute('data-field'));
    await page.waitForFunction(() => document.activeElement?.closest('[data-field]')?.getAttribute('data-field') === 'weight');
    await page.waitForTimeout(700);
    assert.equal(await focusedField(), 'weight', 'the focus stays on the field once the dialog has gone');
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
    const leave = await settled(page.getByRole('dialog', { name: 'Leave without saving?' }));
    await leave.getByRole('button', { name: 'Stay' }).click();
    await leave.waitFor({ state: 'hidden' });
    // Stay: the form is still on screen with the restored edits in it, not only the address.
    assert.equal(await page.locator('.cf-page').count(), 1, 'the form stays after Stay');
    assert.equal(await field(page, 'weight').locator('input').inputValue(), '71.5');
    assert.match(page.url(), new RegExp(`/case/${ref.caseid}`));
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Successfully updated patient case information!').waitFor();
    assert.equal(await field(page, 'weight').locator('input').inputValue(), '71.5', 'the saved value stays on the form');
    assert.equal((await storedCase(ref)).weight, 71.5);
    assert.deepEqual(errors, []);
    await page.context().close();
  });
  it('6. fills and closes a gyne case with the keyboard alone', async () => {
    const ref = await newCase();
    const { page, errors } = await signedIn();
    await openForm(page, ref);
    // Sign-in clicked Login: park the pointer off the page, or the date popup would preview the day under it.
    await page.mouse.move(0, 0);
    const type = (text: string) => page.keyboard.type(text, { delay: 20 });
    await tabTo(page, 'caseFormType');
    await page.keyboard.press('ArrowRight'); // OB -> GYNE
    await tabTo(page, 'admissionDate');
    await type(day(4));
    await page.keyboard.press('Enter');
    await tabTo(page, 'weight');
    await type('58');
    await tabTo(page, 'height');
    await type('155');
    await tabTo(page, 'pcosHistory');
    await page.keyboard.press('ArrowRight'); // YES -> NO
    for (const [path, value] of [['obscoreG', '3'], ['obscoreP', '3'], ['obscoreFT', '3'], ['obscorePr', '0'], ['obscoreAb', '0'], ['obscoreLB', '3']]) {
      await tabTo(page, path);
      await type(value);
    }
    await tabTo(page, 'gynecologicalDiagnosis');
    await page.keyboard.press('Enter');
    await type('squamous');
    await tabTo(page, (el) => el instanceof HTMLInputElement && el.type === 'checkbox' && (el.closest('label')?.textContent ?? '').includes('Squamous cell carcinoma of the cervix'));
    await page.keyboard.press('Space');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.activeElement?.closest('[data-field]')?.getAttribute('data-field') === 'gynecologicalDiagnosis');
    await tabTo(page, 'MIGSSurgeon');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight'); // N/A
    await tabTo(page, 'MIGSAssist');
    await page.keyboard.press('ArrowRight'); // NO
    await tabTo(page, 'dischargeDate');
    await type(day(1));
    await page.keyboard.press('Enter');
    await tabTo(page, 'motherCondition');
    await page.keyboard.press('Space'); // Improved
    await tabTo(page, (el) => el.tagName === 'BUTTON' && el.textContent?.trim() === 'Close case');
    await page.keyboard.press('Enter');
    await page.locator('.ant-modal-confirm-title', { hasText: 'Are you sure you want to close the case ?' }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByText('Patient case has been successfully closed!').waitFor();
    const stored = await storedCase(ref);
    assert.equal(stored.isClose, true);
    assert.equal(stored.MIGSSurgeon, 3);
    assert.equal(stored.MIGSAssist, 2);
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('8. leaving with unsaved changes is asked BEFORE it happens, every way out; Stay leaves the form, the value and the caret as they were', async () => {
    const ref = await newCase();
    const { page, errors } = await signedIn();
    await openForm(page, ref);
    const weight = field(page, 'weight').locator('input');
    await weight.click();
    await page.keyboard.type('65');
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    const focusedField = () => page.evaluate(() => document.activeElement?.closest('[data-field]')?.getAttribute('data-field'));
    const stayAndCheck = async (way: string) => {
      await settled(dialog);
      // Behind the question the form is still on screen: nothing has moved yet.
      assert.equal(await page.locator('.cf-page').count(), 1, `${way}: the form stays behind the question`);
      assert.match(page.url(), new RegExp(`/case/${ref.caseid}$`), `${way}: the address has not moved`);
      await dialog.getByRole('button', { name: 'Stay' }).click();
      await dialog.waitFor({ state: 'hidden' });
      assert.equal(await weight.inputValue(), '65', `${way}: the typed value is still there`);
      await page.waitForFunction(() => document.activeElement?.closest('[data-field]')?.getAttribute('data-field') === 'weight');
      assert.equal(await focusedField(), 'weight', `${way}: the cursor is back in the field`);
      assert.equal(await weight.evaluate((el) => (el as HTMLInputElement).selectionStart), 2, `${way}: the caret where it was`);
      assert.match(page.url(), new RegExp(`/case/${ref.caseid}$`));
    };
    // × (Back to the patient)
    await page.getByRole('button', { name: 'Back to the patient' }).click();
    await dialog.waitFor();
    await expectAccessible(page, 'leave dialog');
    await screenshot(page, 'case-form-leave-dialog');
    await stayAndCheck('×');
    // The back button
    await page.evaluate(() => history.back());
    await stayAndCheck('back button');
    // The shell's side navigation (a module switch)
    await page.getByRole('navigation').getByText('Submissions', { exact: true }).first().click();
    await stayAndCheck('side navigation');
    // Closing the tab: the browser's own prompt. It is answered "leave", so the tab really closes:
    // a dismissed prompt leaves a page whose later forced close takes headless Chromium 156 down.
    const prompt = new Promise<string>((resolve) => {
      page.once('dialog', (d) => {
        resolve(d.type());
        void d.accept();
      });
      // No prompt at all must fail the flow, not hang it.
      setTimeout(() => resolve('no prompt'), 10_000);
    });
    const closed = new Promise<void>((resolve) => page.once('close', () => resolve()));
    await page.close({ runBeforeUnload: true });
    assert.equal(await prompt, 'beforeunload');
    await closed;
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('9. Leave goes on at the first answer, and the next side-navigation click needs none', async () => {
    const ref = await newCase();
    const { page, errors } = await signedIn();
    await openForm(page, ref);
    await fill(page, 'room', '9F');
    await page.getByRole('navigation').getByText('Cases', { exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await (await settled(dialog)).getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL(/#\/cases$/);
    await page.getByRole('heading', { name: /^Cases/ }).waitFor();
    assert.equal(await dialog.count(), 0, 'one answer was enough');
    await page.getByRole('navigation').getByText('Patients', { exact: true }).first().click();
    await page.waitForURL(/#\/patients$/);
    assert.equal(await dialog.count(), 0);
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it("10. a case opened from the Cases list names the patient, and × returns to the list", async () => {
    const ref = await newCase();
    const { page, errors } = await signedIn();
    await page.goto('/#/cases');
    await page.getByLabel('Search Case Number').fill(ref.caseNum ?? '');
    const row = page.getByRole('list', { name: 'Cases' }).getByRole('link', { name: new RegExp(ref.caseNum ?? '') });
    await row.waitFor();
    assert.match((await row.textContent()) ?? '', new RegExp(ref.patientName ?? ''), 'the row names the patient');
    await expectAccessible(page, 'cases list');
    await row.click();
    await page.locator('.cf-page').waitFor();
    assert.equal(await page.locator('.cf-header-patient').textContent(), ref.patientName);
    assert.equal(await page.locator('.cf-titlebar-patient').textContent(), ref.patientName);
    await page.getByRole('button', { name: 'Back to Cases' }).click();
    await page.waitForURL(/#\/cases$/);
    assert.equal(await page.getByLabel('Search Case Number').inputValue(), ref.caseNum, 'the list comes back with its filters');
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('11. at tablet and phone sizes the case form uses the width, with no overflow', async () => {
    const ref = await newCase();
    for (const [width, height] of [[1440, 900], [1024, 768], [390, 844]] as const) {
      const watched = await openPage(browser, { width, height });
      await signIn(watched.page, ADMIN.username, ADMIN.password);
      await watched.page.waitForURL(/#\/patients/);
      await openForm(watched.page, ref);
      const page = watched.page;
      const sizes = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
        main: document.querySelector('.cf-main')?.getBoundingClientRect().width ?? 0,
        page: document.querySelector('.cf-page')?.getBoundingClientRect().width ?? 0,
      }));
      assert.ok(sizes.scrollWidth <= sizes.innerWidth, `${width}px: no sideways scrolling (${sizes.scrollWidth} > ${sizes.innerWidth})`);
      if (width === 1024) assert.ok(sizes.main >= sizes.page - 2, `1024px: the form takes the whole width (${sizes.main} of ${sizes.page})`);
      await screenshot(page, `case-form-${width}`);
      assert.deepEqual(watched.errors, []);
      await page.context().close();
    }
  });

  it('7. typing stays under 100 ms on a full twin delivery with every section open, and with 5 infants', async (t: TestContext) => {
    for (const infants of [2, 5]) {
      const ref = await newCase();
      const token = await adminToken();
      const opened = await storedCase(ref);
      const filled = await api('PUT', `/patients/${ref.patientid}/cases/${ref.caseid}`, {
        token, body: fullTwinDelivery(opened.version as number, opened.caseNum as string, infants),
      });
      assert.equal(filled.status, 200, JSON.stringify(filled.body).slice(0, 300));
      const { page, errors } = await signedIn();
      await openForm(page, ref);
      await field(page, `neonatal[${infants - 1}].apgar5m`).waitFor();
      await page.evaluate(() => {
        const w = window as unknown as { inp: number[]; slow: number[] };
        w.inp = [];
        w.slow = [];
        // Event Timing (what INP is made of) reports events of 16 ms and more.
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) w.slow.push(entry.duration);
        }).observe({ type: 'event', durationThreshold: 16 } as PerformanceObserverInit);
        // Every keystroke to the next frame, so fast ones count too.
        document.addEventListener('keydown', () => {
          const t0 = performance.now();
          requestAnimationFrame(() => setTimeout(() => w.inp.push(performance.now() - t0), 0));
        }, true);
      });
      for (const path of ['room', 'weight', 'obscoreG', `neonatal[${infants - 1}].pediatricWeight`, 'deliveryIndicationOthers2', 'immediateCauseOthers']) {
        const input = field(page, path).locator('input').first();
        await input.click();
        await input.press('End');
        for (let i = 0; i < 10; i += 1) await page.keyboard.type(String(i), { delay: 50 });
        for (let i = 0; i < 10; i += 1) await page.keyboard.press('Backspace', { delay: 50 });
      }
      await page.waitForTimeout(300);
      const { inp, slow } = await page.evaluate(() => {
        const w = window as unknown as { inp: number[]; slow: number[] };
        return { inp: w.inp, slow: w.slow };
      });
      const sorted = [...inp].sort((a, b) => a - b);
      const p75 = sorted[Math.floor(sorted.length * 0.75)];
      const worstEvent = Math.max(0, ...slow);
      t.diagnostic(`${infants} infants: ${sorted.length} keystrokes, input to next paint p50 ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} ms, p75 ${p75.toFixed(1)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms; Event Timing worst ${worstEvent.toFixed(0)} ms`);
      assert.ok(sorted.length >= 100, 'every keystroke was measured');
      assert.ok(p75 < 100, `p75 input to next paint ${p75.toFixed(1)} ms is under 100 ms`);
      assert.deepEqual(errors, []);
      await page.context().close();
    }
  });
});
