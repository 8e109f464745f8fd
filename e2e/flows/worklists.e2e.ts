// Issue 31's worklists in the browser, as a clinician walks them: her count of cases waiting in the
// side navigation, the list 'My open cases' with its definition and how long each case has been open,
// a case opened from it and closed, and the count in the side navigation going down by one.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { closableObCase } from '@pnss/libs/testing';
import { worklistDefinition } from '@pnss/libs/quality';
import { api, createUser, expectVisible, launch, openPage, screenshot, settled, signIn, type WatchedPage, caseBody } from '../support/platform.js';
import { expectAccessible } from '../support/axe.js';

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);

interface Made {
  _id: string;
  caseNum: string;
  patientid: string;
}

describe('worklists (issue 31), as a clinician walks them', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser.close();
  });

  it('sees her count in the side navigation, opens My open cases and a case, closes it, and the count goes down', { timeout: 300_000 }, async () => {
    const clinician = await createUser('clinician');
    const signedIn = await api<{ token: string }>('POST', '/accounts/login', { body: { username: clinician.username, password: clinician.password } });
    const token = signedIn.body.token;
    const patient = (await api<{ _id: string }>('POST', '/patients', { token, body: { firstName: 'Luzviminda', lastName: `Reyes ${Date.now()}`, birthDate: '1993-06-21' } })).body;
    const made: Made[] = [];
    for (const suffix of ['A', 'B']) {
      const form = closableObCase({ admissionDate: daysAgo(11), deliveryDate: daysAgo(10), dischargeDate: daysAgo(7) });
      const created = await api<Made>('POST', `/patients/${patient._id}/cases`, { token, body: caseBody(form, `WL-${suffix}-${Date.now().toString(36)}`) });
      assert.equal(created.status, 201);
      made.push(created.body);
      // A new patient has one open case at a time: the second is on a patient of its own.
      if (suffix === 'A') {
        const other = (await api<{ _id: string }>('POST', '/patients', { token, body: { firstName: 'Marites', lastName: `Garcia ${Date.now()}`, birthDate: '1990-02-11' } })).body;
        patient._id = other._id;
      }
    }
    const [closing] = made;

    const watched: WatchedPage = await openPage(browser, { width: 1280, height: 800 });
    const { page } = watched;
    await signIn(page, clinician.username, clinician.password);
    await page.waitForURL(/#\/(patients|cases)/);

    // Her count in the side navigation, in words for screen readers.
    const nav = page.getByRole('navigation', { name: 'Main' });
    const item = nav.getByRole('link', { name: /^Worklists\s*, 2 cases waiting$/ });
    await expectVisible(watched, item, 'worklists-nav-count-2');
    assert.equal((await nav.locator('.pnss-nav-badge').innerText()).trim(), '2');

    // The list, titled, with its definition in words and how long each case has been open.
    await item.click();
    await page.waitForURL(/#\/cases\/worklists\/my-open$/);
    await expectVisible(watched, page.getByRole('heading', { name: 'My open cases' }), 'worklists-heading');
    await expectVisible(watched, page.getByText(worklistDefinition('my-open').definition), 'worklists-definition');
    const list = page.getByRole('list', { name: 'My open cases' });
    const row = list.getByRole('link', { name: new RegExp(`Case # ${closing.caseNum}`) });
    await expectVisible(watched, row, 'worklists-row');
    assert.match(await row.innerText(), /Opened today/);
    assert.equal(await list.getByRole('link').count(), 2);
    assert.equal(await nav.getByRole('link', { name: /^Worklists/ }).getAttribute('aria-current'), 'page');
    await screenshot(page, 'worklists-my-open-1280');
    await expectAccessible(page, 'worklist my open cases');

    // She opens the case from the list and closes it.
    await row.click();
    await page.waitForURL(new RegExp(`#/patients/[^/]+/case/${closing._id}$`));
    await page.getByRole('toolbar', { name: 'Case actions' }).getByRole('button', { name: 'Close case' }).click();
    const confirm = await settled(page.getByRole('dialog').filter({ hasText: 'Are you sure you want to close the case ?' }));
    await confirm.getByRole('button', { name: 'Close case' }).click();
    await expectVisible(watched, page.getByText('Patient case has been successfully closed!'), 'worklists-closed');

    // The count in the side navigation goes down by one, without leaving the case.
    await expectVisible(watched, nav.getByRole('link', { name: /^Worklists\s*, 1 case waiting$/ }), 'worklists-nav-count-1');

    // Back to the worklist (× on the case form): the closed case has left it.
    await page.getByRole('button', { name: 'Back to the worklist' }).first().click();
    await page.waitForURL(/#\/cases\/worklists\/my-open$/);
    await expectVisible(watched, list.getByRole('link', { name: new RegExp(`Case # ${made[1].caseNum}`) }), 'worklists-remaining-row');
    assert.equal(await list.getByRole('link', { name: new RegExp(`Case # ${closing.caseNum}`) }).count(), 0);
    await screenshot(page, 'worklists-after-close-1280');
    assert.deepEqual(watched.errors, []);

    // The same screen at 820 px.
    const narrow: WatchedPage = await openPage(browser, { width: 820, height: 1000 });
    await signIn(narrow.page, clinician.username, clinician.password);
    await narrow.page.waitForURL(/#\/(patients|cases)/);
    await narrow.page.goto('/#/cases/worklists/my-open');
    await expectVisible(narrow, narrow.page.getByRole('list', { name: 'My open cases' }).getByRole('link').first(), 'worklists-820-row');
    await screenshot(narrow.page, 'worklists-my-open-820');
    await expectAccessible(narrow.page, 'worklist my open cases at 820 px');
  });
});
