// Issue 25 items 1 and 2 in the browser: the case form loads the case the address names every time
// the address changes (a pasted link, back and forward), and the unsaved edits of one patient's case
// are never shown, offered or saved on another patient's case.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Locator, Page } from 'playwright-core';
import { ADMIN, adminToken, api, launch, openPage, screenshot, settled, signIn } from '../support/platform.js';

interface CaseRef {
  patientid: string;
  caseid: string;
  caseNum: string;
}

const run = Date.now();

/** A patient and an open case with a room and a weight, made through the API. */
async function patientWithCase(name: string, room: string, weight: number): Promise<CaseRef> {
  const token = await adminToken();
  const patient = await api<{ _id: string }>('POST', '/patients', { token, body: { firstName: name, lastName: 'Address', birthDate: '1990-02-01' } });
  assert.ok(patient.status < 300, `creating the patient answered ${patient.status}`);
  const caseNum = `ADDR-${name}-${run}`;
  const created = await api<{ _id: string }>('POST', `/patients/${patient.body._id}/cases`, { token, body: { caseNum, room, weight } });
  assert.ok(created.status < 300, `creating the case answered ${created.status}`);
  return { patientid: patient.body._id, caseid: created.body._id, caseNum };
}

const field = (page: Page, path: string): Locator => page.locator(`[data-field="${path}"]`);
const value = (page: Page, path: string) => field(page, path).locator('input').first().inputValue();

describe('the case form follows the address (issue 25 items 1, 2)', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser.close();
  });

  it("an edited, unsaved case A, then the address of patient B's case: B's case number and values, no offer of A's edits", async () => {
    const a = await patientWithCase('Alma', 'ROOM-A1', 61);
    const b = await patientWithCase('Berta', 'ROOM-B2', 72);
    const { page, errors } = await openPage(browser, { width: 1366, height: 768 });
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL(/#\/patients/);

    await page.goto(`/#/patients/${a.patientid}/case/${a.caseid}`);
    await page.getByRole('heading', { name: `Case # ${a.caseNum}` }).waitFor();
    await field(page, 'room').locator('input').first().fill('ROOM-A1-EDITED');
    await field(page, 'weight').locator('input').first().fill('63');
    await page.waitForTimeout(800); // the draft is written shortly after the last keystroke

    // A link pasted into the address bar: the hash changes, the page does not reload.
    await page.evaluate((hash) => {
      window.location.hash = hash;
    }, `#/patients/${b.patientid}/case/${b.caseid}`);
    // The unsaved edits are asked about first; they stay in this browser, for case A only.
    const leave = await settled(page.getByRole('dialog', { name: 'Leave without saving?' }));
    await leave.getByRole('button', { name: 'Leave' }).click();
    await page.getByRole('heading', { name: `Case # ${b.caseNum}` }).waitFor();
    await page.getByRole('heading', { name: `PCRN # ${b.caseNum}` }).waitFor();
    assert.equal(await value(page, 'caseNum'), b.caseNum);
    assert.equal(await value(page, 'room'), 'ROOM-B2');
    assert.equal(await value(page, 'weight'), '72');
    const text = await page.locator('.cf-page').innerText();
    assert.ok(!text.includes(a.caseNum), "none of case A's text on case B");
    assert.equal(await page.getByText(/Unsaved changes to this case were kept/).count(), 0, "no offer of A's draft on B");
    await screenshot(page, 'case-address-b-after-a');

    // Saving B saves B's values on B.
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Successfully updated patient case information!').first().waitFor();
    const token = await adminToken();
    const storedB = (await api<Record<string, unknown>>('GET', `/patients/${b.patientid}/cases/${b.caseid}`, { token })).body;
    assert.equal(storedB.room, 'ROOM-B2');
    assert.equal(storedB.weight, 72);

    // Back: case A again, its own unsaved edits offered back and nothing of B.
    await page.goBack();
    await page.getByRole('heading', { name: `Case # ${a.caseNum}` }).waitFor();
    assert.equal(await value(page, 'room'), 'ROOM-A1');
    await page.getByText(/Unsaved changes to this case were kept/).waitFor();
    await page.getByRole('button', { name: 'Restore my changes' }).click();
    assert.equal(await value(page, 'room'), 'ROOM-A1-EDITED');
    assert.equal(await value(page, 'weight'), '63');
    await screenshot(page, 'case-address-a-restored');
    assert.deepEqual(errors, []);
    await page.context().close();
  });
});
