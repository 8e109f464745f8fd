// What every flow needs: the platform's address, the first administrator, a browser page
// that records page errors, and direct API calls for setting up data.
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CASE_BOOKKEEPING_FIELDS } from '@pnss/libs/api';

export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8181';
export const ADMIN = {
  username: process.env.E2E_ADMIN_USERNAME ?? 'admin',
  password: process.env.E2E_ADMIN_PASSWORD ?? '',
};
const artifacts = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '.e2e-artifacts');

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export interface WatchedPage {
  page: Page;
  /** Uncaught exceptions and console errors seen on the page. */
  errors: string[];
}

/**
 * A page in a context of its own. `serviceWorkers: 'block'` for a flow that rewrites answers with
 * page.route: requests the service worker makes (issue 32) are not seen by page.route.
 */
export async function openPage(
  browser: Browser, viewport = { width: 1280, height: 800 }, options: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport, baseURL: BASE_URL, serviceWorkers: options.serviceWorkers ?? 'allow' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return { page, errors };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(artifacts, { recursive: true });
  const path = join(artifacts, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** A screenshot of one part of the page (a header, a dialog), beside the full-page ones. */
export async function screenshotOf(locator: Locator, name: string): Promise<string> {
  mkdirSync(artifacts, { recursive: true });
  const path = join(artifacts, `${name}.png`);
  await locator.screenshot({ path });
  return path;
}

export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/#/account/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/**
 * Waits until `dialog` is on screen and still: antd's modals zoom in from where the pointer was, so a
 * button pressed during that entrance can move between mouse down and mouse up, and the click never
 * happens (a person answers a question once it has appeared; the flow does the same).
 */
export async function settled(dialog: Locator): Promise<Locator> {
  await dialog.waitFor();
  const element = await dialog.elementHandle();
  // Still: no entrance class left on the modal (its animation starts a frame after the class is
  // set) and no animation running in it. No named functions in here: the page runs this text as
  // it is, without tsx's helpers.
  await dialog.page().waitForFunction((shown) => {
    const modal = (shown as Element).closest('.ant-modal') ?? (shown as Element);
    return !/-(appear|enter)(\s|$)/.test(modal.className) && modal.getAnimations({ subtree: true }).length === 0;
  }, element, { polling: 'raf' });
  return dialog;
}

/**
 * Waits for what the user should see; when it does not come, the failure says what the user saw
 * instead (the address, the page's text and its errors) and leaves a screenshot named `name`.
 */
export async function expectVisible(watched: WatchedPage | Page, locator: Locator, name: string, timeout = 30_000): Promise<void> {
  try {
    await locator.waitFor({ timeout });
  } catch (error) {
    const page = 'page' in watched ? watched.page : watched;
    const errors = 'page' in watched ? watched.errors : [];
    const path = await screenshot(page, `FAILED-${name}`).catch(() => '(no screenshot)');
    const text = await page.locator('body').innerText({ timeout: 2000 }).catch(() => '(no text)');
    throw new Error(
      `${error instanceof Error ? error.message.split('\n')[0] : String(error)}\n` +
        `at ${page.url()}; screenshot ${path}\npage errors: ${JSON.stringify(errors)}\npage text: ${text.replace(/\s+/g, ' ').slice(0, 1500)}`,
      { cause: error },
    );
  }
}

export interface ApiAnswer<T> {
  status: number;
  body: T;
}

export async function api<T = unknown>(
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<ApiAnswer<T>> {
  const response = await fetch(`${BASE_URL}/api${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

export async function adminToken(): Promise<string> {
  const answer = await api<{ token: string }>('POST', '/accounts/login', { body: ADMIN });
  if (answer.status !== 200 && answer.status !== 201) {
    throw new Error(`administrator sign-in failed with ${answer.status}`);
  }
  return answer.body.token;
}

let userCounter = 0;
/** Registers a user with one of the seeded roles and returns its credentials. */
export async function createUser(role: string): Promise<{ username: string; password: string; _id: string }> {
  const token = await adminToken();
  userCounter += 1;
  const username = `e2e_${role}_${Date.now()}_${userCounter}`;
  const password = `Pw-${role}-strong-enough-${userCounter}`;
  const answer = await api<{ _id: string }>('POST', '/accounts/register', {
    token,
    body: { firstname: 'Test', lastname: role, username, role, password },
  });
  if (answer.status !== 201 && answer.status !== 200) {
    throw new Error(`registering a ${role} user failed with ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return { username, password, _id: answer.body._id };
}

/**
 * A case form as the body of a new case with its own case number: the bookkeeping fields (identity,
 * server-owned fields and the version, libs' CASE_BOOKKEEPING_FIELDS) left out, as the form leaves them.
 */
export function caseBody(form: object, caseNum: string): Record<string, unknown> {
  const body: Record<string, unknown> = { ...form, caseNum };
  for (const field of CASE_BOOKKEEPING_FIELDS) delete body[field];
  return body;
}

/** Every row of the browser's offline databases (pnss-offline*) as text, its sealed bytes decoded: what a profile's reader could find. */
export async function offlineStoredText(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((db) => db.name ?? '').filter((name) => name.startsWith('pnss-offline'));
    const texts: string[] = [];
    for (const name of names) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      for (const table of Array.from(db.objectStoreNames)) {
        const rows = await new Promise<unknown[]>((resolve) => {
          const request = db.transaction(table).objectStore(table).getAll();
          request.onsuccess = () => resolve(request.result as unknown[]);
        });
        texts.push(JSON.stringify(rows, (_key, value: unknown) => (value instanceof ArrayBuffer ? new TextDecoder().decode(value) : value)));
      }
      db.close();
    }
    return texts.join('\n');
  });
}

/**
 * The user id whose offline key the page keeps (the `signed-in` row of `pnss-offline-session`), or
 * null. Read without creating the database where it does not exist (a bare `indexedDB.open` would),
 * and awaited: a predicate given to `waitForFunction` that returns a promise passes at once.
 */
export async function offlineKeyUser(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((db) => db.name === 'pnss-offline-session')) return null;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('pnss-offline-session');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      if (!db.objectStoreNames.contains('keys')) return null;
      return await new Promise<string | null>((resolve) => {
        const get = db.transaction('keys').objectStore('keys').get('signed-in');
        get.onsuccess = () => resolve((get.result as { userId?: string } | undefined)?.userId ?? null);
        get.onerror = () => resolve(null);
      });
    } finally {
      db.close();
    }
  });
}

/**
 * Fills the New Patient form (on #/newpatient) as a clinician types it and presses Save: the names,
 * and the date of birth typed as MM/DD/YYYY and taken with Enter.
 */
export async function saveNewPatient(page: Page, patient: { firstName: string; lastName: string; birthDate: string }): Promise<void> {
  await page.getByLabel('First Name').fill(patient.firstName);
  await page.getByLabel('Last Name').fill(patient.lastName);
  const birth = page.getByLabel('Date of Birth', { exact: true });
  await birth.click();
  await birth.fill(patient.birthDate);
  await birth.press('Enter');
  await page.getByRole('button', { name: 'Save' }).click();
}
