import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/database.js';
import { startExportLoop } from '../../src/modules/exports/export-runner.js';
import { SHOPIFY_PRODUCT_COLUMNS } from '../../src/modules/imports/shopify-products.js';
import { expectAccessible, inWindow, listen, openSignedIn, screenshot, useBrowser } from '../helpers/browser.js';
import { catalogFactories } from '../helpers/catalog.js';
import { describeEachDatabase } from '../helpers/test-app.js';

const SLOW = 90_000;
/** How long a poll may wait for the worker and the screen (two busy cores, PostgreSQL): not a timing assertion. */
const SERVER = { timeout: 20_000 };
const productsCsv = readFileSync(new URL('../fixtures/shopify/products.csv', import.meta.url));

describeEachDatabase('staff import and export the shop as CSV files in the dashboard', (t) => {
  const holder = useBrowser();
  // The worker's export loop beside the app, as `npm start` runs it.
  let exportLoop: { stop(): Promise<void> } | undefined;
  beforeAll(() => {
    exportLoop = startExportLoop({ db: t.db, kind: t.kind } as DatabaseHandle, { storage: t.files.storage, pollMs: 100, log: { error: () => {} } });
  });
  afterAll(async () => {
    await exportLoop?.stop();
  });

  it('exports the products and downloads the file once it is written', { timeout: SLOW }, async () => {
    await catalogFactories(t).createProduct({ name: 'Linen Shirt', price: 8900 });
    const base = await listen(t);
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, '/admin/settings/import-export');
      await page.getByRole('heading', { name: 'Import & export', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Export products' }).click();
      await page.getByText('Products export started').waitFor();
      const recent = page.getByRole('region', { name: 'Recent exports' });
      const download = recent.getByRole('button', { name: /^Download products_export_\d{4}-\d\d-\d\d\.csv$/ });
      await download.waitFor(SERVER);
      await expect.poll(() => recent.getByRole('progressbar').first().getAttribute('aria-valuenow'), SERVER).toBe('100');
      await expectAccessible(t, page, 'the import and export screen');
      await screenshot(t, page, 'import-export');

      const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
      expect(file.suggestedFilename()).toMatch(/^products_export_\d{4}-\d\d-\d\d\.csv$/);
      const csv = readFileSync((await file.path())!, 'utf8');
      expect(csv.split('\r\n')[0]).toBe(SHOPIFY_PRODUCT_COLUMNS.join(','));
      expect(csv).toContain(',Linen Shirt,');
    });
  });

  it('uploads a Shopify product export and follows its job', { timeout: SLOW }, async () => {
    const base = await listen(t);
    let importId = '';
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, '/admin/settings/import-export');
      await page.getByRole('heading', { name: 'Import & export', level: 1 }).waitFor();
      await page.getByRole('radio', { name: 'Products' }).check({ force: true });
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: /CSV file/ }).click()]);
      await chooser.setFiles({ name: 'products_export_1.csv', mimeType: 'text/csv', buffer: productsCsv });
      await page.getByRole('button', { name: 'Import', exact: true }).click();

      const job = page.getByRole('region', { name: 'Import of products_export_1.csv' });
      await job.waitFor(SERVER);
      // An empty bar: present, at 0, though it has no width to see.
      expect(await job.getByRole('progressbar', { name: 'Import of products_export_1.csv' }).getAttribute('aria-valuenow')).toBe('0');
      const imports = await t.db.selectFrom('imports').select(['id', 'status', 'filename']).execute();
      expect(imports).toEqual([expect.objectContaining({ filename: 'products_export_1.csv' })]);
      importId = imports[0]!.id;
      expect(page.url()).toContain(`import=${importId}`);
      // No import runner on this branch: the job waits for a worker, and says so.
      await job.getByText('Queued').waitFor();
      await job.getByText('Waiting to start').waitFor();
      await expectAccessible(t, page, 'an import under way');
      await screenshot(t, page, 'import-export-import');
    });
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, `/admin/settings/import-export?import=${importId}`);
      await page.getByRole('region', { name: 'Import of products_export_1.csv' }).waitFor(SERVER);
      await screenshot(t, page, 'import-export-phone');
    }, { width: 390, height: 844 });
  });
}, { admin: true });
