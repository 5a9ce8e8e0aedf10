import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { launchChromium } from './chromium.js';
import { describeOnDatabases, testDatabases, type TestAppOptions, type TestContext } from './test-app.js';

/** Where the runs write their screenshots (git-ignored), for a reviewer to look at. */
export const SCREENSHOTS = join(process.cwd(), 'test-output', 'screenshots');

let shared: Promise<Browser> | undefined;

/** The context whose tabs are the windows of the tests (inWindow), per browser. */
const windows = new WeakMap<Browser, Promise<BrowserContext>>();

/** Per context, the window of the test before, open until the next window has loaded (inWindow). */
const parked = new WeakMap<BrowserContext, Page>();

/**
 * The headless Chromium (the one @sparticuz/chromium ships) of this test process, started by the
 * first test file that asks and shared by the files after it in the same process (Vitest runs files
 * one after another in a process: vitest.config.ts): each test still opens its own window, a fresh
 * browser context with nothing of the others. Starting Chromium takes seconds on a loaded machine;
 * a browser that has gone (crashed) is started again. Playwright ends it when the process exits.
 */
export function useBrowser(): { browser: Browser } {
  const holder = {} as { browser: Browser };
  beforeAll(async () => {
    let browser = await shared?.catch(() => undefined);
    if (!browser?.isConnected()) {
      // No GPU work (software compositing): the tests read the page and its styles, and pictures
      // for a reviewer need no GPU either. One renderer process per site: the tests' windows share it.
      shared = launchChromium(['--disable-gpu', '--process-per-site']);
      browser = await shared;
    }
    holder.browser = browser;
  });
  afterAll(async () => {
    // The file's windows go with their context.
    if (holder.browser) windows.delete(holder.browser);
    await Promise.all(holder.browser?.contexts().map((context) => context.close()) ?? []);
  });
  return holder;
}

/** The app listening on a free port of 127.0.0.1, as a browser reaches it. */
export async function listen(t: TestContext): Promise<string> {
  if (!t.app.server.listening) await t.app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

/**
 * The context of a file's windows: the size staff use, in English and UTC, asking for reduced motion
 * (no transition is under way when axe reads the colours).
 */
function windowsOf(browser: Browser): Promise<BrowserContext> {
  let context = windows.get(browser);
  if (!context) {
    context = browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US', timezoneId: 'UTC', reducedMotion: 'reduce' });
    windows.set(browser, context);
  }
  return context;
}

/**
 * Runs `use` in a fresh window: a new tab, with its own session storage (where the dashboard keeps
 * its key) and nothing of the tests before; the dashboard keeps nothing in cookies or local storage,
 * which tabs of a context share. The tabs of a file share a context so that they share a renderer
 * process (one per site): a tab opened there finds the dashboard's scripts compiled and cached, which
 * takes a third off what opening a screen costs the browser. The window of the test before stays open
 * until this one has loaded, so that the process lives on between them.
 */
export async function inWindow<T>(browser: Browser, use: (page: Page) => Promise<T>, size?: { width: number; height: number }): Promise<T> {
  const context = await windowsOf(browser);
  const page = await context.newPage();
  const before = parked.get(context);
  parked.delete(context);
  const closeBefore = () => before?.close();
  page.once('load', closeBefore);
  if (size) await page.setViewportSize(size);
  try {
    const result = await use(page);
    // One window is kept: of windows open at once, the last one to close.
    const stale = parked.get(context);
    parked.set(context, page);
    await stale?.close();
    return result;
  } catch (error) {
    await page.close();
    throw error;
  } finally {
    page.off('load', closeBefore);
    await closeBefore();
  }
}

/** Signs in on the sign-in screen with a key (its second way), and waits for the first screen behind it. */
export async function signIn(page: Page, base: string, key: string, path = '/admin/orders'): Promise<void> {
  await page.goto(`${base}${path}`);
  await page.getByRole('button', { name: 'Sign in with an API key' }).click();
  await page.getByLabel('Admin key').fill(key);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('navigation', { name: 'Areas' }).waitFor();
}

/**
 * Signs in on the sign-in screen with an email and password, and the code of `otp()` when the
 * screen asks for one; waits for the first screen behind it.
 */
export async function signInWithPassword(page: Page, base: string, credentials: { email: string; password: string; otp?: () => string }, path = '/admin/'): Promise<void> {
  await page.goto(`${base}${path}`);
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  if (credentials.otp) {
    const code = page.getByLabel('Code from your authenticator app');
    await code.waitFor();
    await code.fill(credentials.otp());
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }
  await page.getByRole('navigation', { name: 'Areas' }).waitFor();
}

/** Signs out through the header's account menu. */
export async function signOutFromMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Account:/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.getByLabel('Email').waitFor();
}

/**
 * Opens a screen in a tab already signed in with `key`: the key is in the tab's session storage before
 * the dashboard loads, as sign-in leaves it (admin/src/lib/session.ts). The sign-in screen itself is
 * tested through its form (sign-in.test.ts); the other screens' tests start behind it.
 */
export async function openSignedIn(page: Page, base: string, key: string, path = '/admin/orders'): Promise<void> {
  await page.addInitScript((stored) => window.sessionStorage.setItem('storefront.admin.key', stored), key);
  await page.goto(`${base}${path}`);
  await page.getByRole('navigation', { name: 'Areas' }).waitFor();
}

/**
 * Declares browser tests, on the run's first database only: the pages, and the requests they send, are
 * the same whichever database serves them, and the HTTP tests prove the API under them on both. The
 * second database was nearly half of the browser tests' time, the largest part of the suite's.
 */
export function describeInBrowser(name: string, body: (t: TestContext) => void, options: TestAppOptions = {}): void {
  describeOnDatabases(testDatabases().slice(0, 1), name, body, options);
}

/**
 * No serious or critical accessibility violation on the page as it is now. axe runs in the page itself
 * (its legacy mode), not in a blank page opened beside it to gather the results, which took twice as
 * long. Legacy mode leaves out frames axe cannot run in; the dashboard's one frame is the sandboxed
 * preview of a mail, the store's own HTML rather than the dashboard's. Every rule runs; only the
 * violations are described node by node (a third less work than describing every passing node too).
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const result = await new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] }).analyze();
  const grave = result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(grave, `accessibility of ${screen}`).toEqual([]);
}

/** A screenshot of the page as staff see it, kept under test-output/screenshots. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: false });
}

/** The field of that label, whether it is marked required (`Name *`) or not. */
export const field = (scope: Page | Locator, label: string) => scope.getByLabel(new RegExp(`^${label.replace(/[()]/g, '\\$&')}( \\*)?$`));

/** Picks an option of a Mantine select (or multi-select) by typing part of it. */
export async function choose(scope: Page | Locator, page: Page, label: string, typed: string, option: string) {
  const input = field(scope, label);
  await input.click();
  await input.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The texts that describe a field to assistive technology (its description and its error). */
export async function describedAs(page: Page, target: Locator): Promise<string> {
  const ids = ((await target.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
  return (await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).innerText()))).join(' ');
}
