import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { launchChromium } from './chromium.js';
import { testDatabases, type TestContext } from './test-app.js';

/** Where the runs write their screenshots (git-ignored), for a reviewer to look at. */
export const SCREENSHOTS = join(process.cwd(), 'test-output', 'screenshots');

let shared: Promise<Browser> | undefined;

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
      // for a reviewer need no GPU either.
      shared = launchChromium(['--disable-gpu']);
      browser = await shared;
    }
    holder.browser = browser;
  });
  afterAll(async () => {
    // Every window a file opened is closed by then (inWindow); one left open is closed here.
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
 * A fresh browser window (its own session storage) of the size staff use, in English and UTC, asking
 * for reduced motion: no transition is under way when axe reads the colours.
 */
export async function newWindow(browser: Browser, width = 1440, height = 900): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height }, locale: 'en-US', timezoneId: 'UTC', reducedMotion: 'reduce' });
  const page = await context.newPage();
  return { context, page };
}

/** Runs `use` in a fresh window, closed after it whatever happens. */
export async function inWindow<T>(browser: Browser, use: (page: Page) => Promise<T>, size?: { width: number; height: number }): Promise<T> {
  const { context, page } = await newWindow(browser, size?.width, size?.height);
  try {
    return await use(page);
  } finally {
    await context.close();
  }
}

/** Signs in on the sign-in screen with a key, and waits for the first screen behind it. */
export async function signIn(page: Page, base: string, key: string, path = '/admin/orders'): Promise<void> {
  await page.goto(`${base}${path}`);
  await page.getByLabel('Admin key').fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Areas' }).waitFor();
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

// The pages are the same whichever database serves them: they are checked with axe and pictured on
// the first database of the run only, which halves what those steps cost.
const firstDatabase = (t: TestContext) => t.kind === testDatabases()[0];

/**
 * No serious or critical accessibility violation on the page as it is now. axe runs in the page itself
 * (its legacy mode), not in a blank page opened beside it to gather the results, which took twice as
 * long. Legacy mode leaves out frames axe cannot run in; the dashboard's one frame is the sandboxed
 * preview of a mail, the store's own HTML rather than the dashboard's.
 */
export async function expectAccessible(t: TestContext, page: Page, screen: string): Promise<void> {
  if (!firstDatabase(t)) return;
  const result = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  const grave = result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(grave, `accessibility of ${screen}`).toEqual([]);
}

/** A screenshot of the page as staff see it, kept under test-output/screenshots. */
export async function screenshot(t: TestContext, page: Page, name: string): Promise<void> {
  if (!firstDatabase(t)) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: false });
}
