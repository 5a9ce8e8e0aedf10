/**
 * `npm run bench:admin`: how soon each screen of the dashboard is usable on a big store, in the
 * headless Chromium of the browser tests, against the built server as `npm start` runs it.
 *
 * The data set is the benchmark's (bench/bench-data.ts: `--products`, `--orders`, `--events`, kept
 * under bench/.data/ and reused). Each measure runs `--rounds` times and the median is printed, from
 * the action (a navigation, a click, typing) until the screen shows the data it exists for: the list's
 * rows, the order's events. The first load is measured in a fresh window (nothing cached), the rest
 * in a window that has loaded the dashboard once, as staff use it. Also prints the gzipped size of
 * the scripts each screen needs. Times are in milliseconds; nothing is asserted.
 *
 *   npm run bench:admin -- [--products 10000] [--orders 1000000] [--events 5000000] [--rounds 5] [--fresh]
 */
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { firstLoadScripts, lazyScripts } from '../test/helpers/admin-bundle.js';
import { launchChromium } from '../test/helpers/chromium.js';
import { prepareData } from './bench-data.js';
import { BENCH_ADMIN_KEY, BENCH_CHANNEL_KEY } from './dataset.js';
import { startRealServer, stopAll } from './servers.js';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '10000' },
    orders: { type: 'string', default: '1000000' },
    events: { type: 'string', default: '5000000' },
    rounds: { type: 'string', default: '5' },
    fresh: { type: 'boolean', default: false },
  },
});
const rounds = Number(values.rounds);
// A page far into the list (page 1,000 of 40,000 on a million orders), as staff paging back get to.
const deepPage = Math.max(2, Math.min(1000, Math.floor(Number(values.orders) / 25 / 2)));
const log = (text: string) => process.stderr.write(`${text}\n`);

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;

async function time(action: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await action();
  return performance.now() - started;
}

/**
 * Runs `action` and waits until the order list has shown the answer of the list request it causes
 * (`query` in its address): the answer is in, and the list's loading mark is gone.
 */
async function listShown(page: Page, query: RegExp, action: () => Promise<unknown>): Promise<void> {
  const answer = page.waitForResponse((response) => /\/v1\/orders\?/.test(response.url()) && query.test(response.url()) && response.ok());
  await action();
  await answer;
  await page.getByLabel('Loading', { exact: true }).waitFor({ state: 'detached' });
}

/** Runs `action` (typing in a search box, which asks after a pause) and waits for the answer to the request it causes. */
async function answered(page: Page, url: RegExp, action: () => Promise<unknown>): Promise<void> {
  const answer = page.waitForResponse((response) => url.test(response.url()) && response.ok());
  await action();
  await answer;
}

/**
 * Runs `action` and waits until the screen titled `heading` is usable: its heading is shown, every API
 * request made since the action has been answered, and no loading mark is left on the page.
 */
async function screenShown(page: Page, heading: string | RegExp, action: () => Promise<unknown>): Promise<void> {
  let pending = 0;
  const isApi = (url: string) => new URL(url).pathname.startsWith('/v1/');
  const started = (request: { url(): string }) => void (isApi(request.url()) && pending++);
  const ended = (request: { url(): string }) => void (isApi(request.url()) && pending--);
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    await action();
    await page.getByRole('heading', { name: heading, level: 1 }).first().waitFor();
    await page.waitForFunction(() => document.querySelectorAll('.mantine-Loader-root').length === 0, undefined, { polling: 'raf' });
    while (pending > 0) await page.waitForTimeout(5);
    await page.waitForFunction(() => document.querySelectorAll('.mantine-Loader-root').length === 0, undefined, { polling: 'raf' });
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

async function main(): Promise<void> {
  const data = await prepareData(
    { db: 'sqlite', products: Number(values.products), orders: Number(values.orders), events: Number(values.events) },
    { fresh: values.fresh, log },
  );
  if (!data.lookups) throw new Error('the dashboard benchmark needs orders: --orders above 0');
  const { lastName, lastNameMatches, number } = data.lookups;
  const server = await startRealServer({ url: data.url, adminKey: BENCH_ADMIN_KEY, channelKey: BENCH_CHANNEL_KEY, workers: 1 });
  const browser = await launchChromium();
  const samples = new Map<string, number[]>();
  const record = (name: string, ms: number) => samples.set(name, [...(samples.get(name) ?? []), ms]);
  const orderId = (await (await fetch(`${server.base}/v1/orders?q=${encodeURIComponent(number)}`, { headers: { authorization: `Bearer ${BENCH_ADMIN_KEY}` } })).json()).data[0].id as string;

  try {
    for (let round = 0; round < rounds; round++) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US', timezoneId: 'UTC' });
      const page = await context.newPage();
      record('Sign-in screen, first visit (nothing cached)', await time(async () => {
        await page.goto(`${server.base}/admin/orders`);
        await page.getByLabel('Email').waitFor();
      }));
      await page.getByRole('button', { name: 'Sign in with an API key' }).click();
      await page.getByLabel('Admin key').fill(BENCH_ADMIN_KEY);
      record('Order list after signing in (newest 25 of all)', await time(() =>
        listShown(page, /per_page=25/, () => page.getByRole('button', { name: 'Sign in', exact: true }).click())));
      record('Order list, reloaded', await time(() => listShown(page, /per_page=25/, () => page.reload())));
      record(`Search by a buyer's last name (${lastNameMatches} orders; includes the 350 ms typing pause)`, await time(() =>
        listShown(page, /[?&]q=/, () => page.getByLabel('Search').fill(lastName))));
      record('Next page of that search', await time(() =>
        listShown(page, /[?&]page=2/, () => page.getByRole('button', { name: 'Page 2', exact: true }).click())));
      await listShown(page, /per_page=25/, () => page.goto(`${server.base}/admin/orders`));
      record('Filter by fulfilment status (Unfulfilled)', await time(() =>
        listShown(page, /fulfillment_status=unfulfilled/, async () => {
          await page.getByRole('combobox', { name: 'Fulfilment' }).click();
          await page.getByRole('option', { name: 'Unfulfilled', exact: true }).click();
        })));
      record(`Order list, page ${deepPage.toLocaleString('en-US')}`, await time(() =>
        listShown(page, new RegExp(`page=${deepPage}`), () => page.goto(`${server.base}/admin/orders?page=${deepPage}`))));
      record('An order from the list (items, payments, shipments and events shown)', await time(async () => {
        await page.getByRole('table').getByRole('link').first().click();
        await page.getByRole('heading', { name: 'Events' }).waitFor();
        await page.getByText('Loading events…').waitFor({ state: 'detached' });
      }));
      record(`An order opened by its address (${number})`, await time(async () => {
        await page.goto(`${server.base}/admin/orders/${orderId}`);
        await page.getByRole('heading', { name: `Order ${number}` }).waitFor();
        await page.getByRole('heading', { name: 'Events' }).waitFor();
        await page.getByText('Loading events…').waitFor({ state: 'detached' });
      }));

      // The other screens, each opened by its address in the window that has loaded the dashboard.
      const open = (path: string, heading: string | RegExp) => screenShown(page, heading, () => page.goto(`${server.base}/admin${path}`));
      record('Home (sales of 30 days, orders to ship, low stock, failing webhooks)', await time(() => open('/home', 'Home')));
      record('Product list (newest 25)', await time(() => open('/products', 'Products')));
      record(`Product search ("${data.search.q}", includes the typing pause)`, await time(() =>
        screenShown(page, 'Products', () => answered(page, /\/v1\/products\?.*q=/, () => page.getByLabel('Search').fill(data.search.q)))));
      record('A product with its skus', await time(() => open(`/products/${data.productId}`, /./)));
      record('Collection list', await time(() => open('/collections', 'Collections')));
      record(`A collection of ${Number(values.products).toLocaleString('en-US')} products`, await time(() => open(`/collections/${data.collectionId}`, /./)));
      record('Category tree', await time(() => open('/categories', 'Categories')));
      record('Customer list', await time(() => open('/customers', 'Customers')));
      record(`Customer search by last name (${lastName}, includes the typing pause)`, await time(() =>
        screenShown(page, 'Customers', () => answered(page, /\/v1\/customers\?.*q=/, () => page.getByLabel('Search').fill(lastName)))));
      record('A customer with their orders', await time(() =>
        screenShown(page, /./, () => page.getByRole('table').getByRole('link').first().click())));
      record('Blogs', await time(() => open('/blogs', 'Blogs')));
      record('Pages', await time(() => open('/pages', 'Pages')));
      for (const [path, heading] of [['store', 'Store'], ['shipping', 'Shipping'], ['taxes', 'Taxes'], ['payments', 'Payments'], ['channels', 'Channels'], ['api-keys', 'API keys'], ['webhooks', 'Webhooks']] as const) {
        record(`Settings: ${heading}`, await time(() => open(`/settings/${path}`, heading)));
      }
      record(`Events (newest of ${Number(values.events).toLocaleString('en-US')})`, await time(() => open('/settings/events', 'Events')));
      await context.close();
    }
  } finally {
    await browser.close();
  }

  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const first = firstLoadScripts();
  console.log(`\nDashboard on ${values.products} products, ${values.orders} orders, ${values.events} events (SQLite, 1 API process), median of ${rounds}:\n`);
  console.log('| screen | time to usable (ms) |\n| --- | ---: |');
  for (const [name, list] of samples) console.log(`| ${name} | ${Math.round(median(list))} |`);
  console.log(`\nFirst load: ${first.map((script) => `${script.file} ${kb(script.gzip)}`).join(', ')}; ${kb(first.reduce((sum, script) => sum + script.gzip, 0))} gzipped`);
  console.log(`Loaded when first visited: ${lazyScripts().map((script) => `${script.file} ${kb(script.gzip)}`).join(', ')}`);
}

main()
  .then(stopAll, async (error: unknown) => {
    process.stderr.write(`\nBENCHMARK FAILED: ${error instanceof Error ? error.stack : String(error)}\n`);
    await stopAll();
    process.exit(1);
  });
