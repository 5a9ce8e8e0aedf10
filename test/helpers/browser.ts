import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import chromium from '@sparticuz/chromium';
import { chromium as playwright, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { TestContext } from './test-app.js';

/** Where the runs write their screenshots (git-ignored), for a reviewer to look at. */
export const SCREENSHOTS = join(process.cwd(), 'test-output', 'screenshots');

// Flags @sparticuz/chromium sets for AWS Lambda that a test must not run with: they turn off the
// same-origin rules and the site isolation the dashboard's page is meant to live under.
const LAMBDA_ONLY = new Set(['--disable-web-security', '--allow-running-insecure-content', '--single-process', '--no-zygote']);

/**
 * One headless Chromium (the one @sparticuz/chromium ships) for the test file, started before its
 * tests and closed after them.
 */
export function useBrowser(): { browser: Browser } {
  const holder = {} as { browser: Browser };
  beforeAll(async () => {
    holder.browser = await playwright.launch({
      executablePath: await chromium.executablePath(),
      args: chromium.args.filter((arg) => !LAMBDA_ONLY.has(arg) && !arg.startsWith('--headless')),
      headless: true,
    });
  });
  afterAll(async () => {
    await holder.browser?.close();
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

/** No serious or critical accessibility violation on the page as it is now. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const result = await new AxeBuilder({ page }).analyze();
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

/**
 * How long the screen took to become usable: from the navigation's start until `ready` is visible.
 * Written to the test's log, for BENCHMARKS.md (not asserted: the machine's load varies).
 */
export async function timeToUsable(page: Page, url: string, ready: () => Promise<void>, screen: string): Promise<number> {
  const started = performance.now();
  await page.goto(url);
  await ready();
  const ms = Math.round(performance.now() - started);
  console.log(`time to usable: ${screen}: ${ms} ms`);
  return ms;
}
