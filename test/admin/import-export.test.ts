import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/database.js';
import { startExportLoop } from '../../src/modules/exports/export-runner.js';
import { startImportRunner } from '../../src/modules/imports/import-runner.js';
import { SHOPIFY_PRODUCT_COLUMNS } from '../../src/modules/imports/shopify-products.js';
import { describeInBrowser, expectAccessible, inWindow, listen, openSignedIn, screenshot, useBrowser } from '../helpers/browser.js';
import { catalogFactories } from '../helpers/catalog.js';

const SLOW = 90_000;
/** How long a poll may wait for the worker and the screen (two busy cores, PostgreSQL): not a timing assertion. */
const SERVER = { timeout: 20_000 };
const quiet = { info: () => {}, error: () => {} };
/** A Shopify product file of two products, one with a row that cannot be imported; no images (this machine fetches none). */
const productsCsv = [
  'Handle,Title,Body (HTML),Vendor,Tags,Published,Option1 Name,Option1 Value,Variant SKU,Variant Price,Variant Inventory Tracker,Variant Inventory Qty',
  'tea-towel,Tea Towel,<p>Linen</p>,Acme,kitchen,TRUE,Title,Default Title,TT-1,12.00,shopify,5',
  'apron,Apron,,Acme,,TRUE,Title,Default Title,AP-1,24.00,,',
  'broken-mug,Broken Mug,,Acme,,TRUE,Title,Default Title,BM-1,nine euros,,',
].join('\r\n') + '\r\n';

describeInBrowser('staff import and export the shop as CSV files in the dashboard', (t) => {
  const holder = useBrowser();
  // The worker's import and export loops beside the app, as `npm start` runs them.
  const loops: Array<{ stop(): Promise<void> }> = [];
  beforeAll(() => {
    const handle = { db: t.db, kind: t.kind } as DatabaseHandle;
    loops.push(startExportLoop(handle, { storage: t.files.storage, pollMs: 100, log: quiet }));
    loops.push(startImportRunner(handle, { files: t.files, allowPrivate: false, timeoutMs: 5000, lockMs: 60_000, batchRows: 200, pollMs: 100, log: quiet }));
  });
  afterAll(async () => {
    await Promise.all(loops.map((loop) => loop.stop()));
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
      await expectAccessible(page, 'the import and export screen');
      await screenshot(page, 'import-export');

      const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
      expect(file.suggestedFilename()).toMatch(/^products_export_\d{4}-\d\d-\d\d\.csv$/);
      const csv = readFileSync((await file.path())!, 'utf8');
      expect(csv.split('\r\n')[0]).toBe(SHOPIFY_PRODUCT_COLUMNS.join(','));
      expect(csv).toContain(',Linen Shirt,');
    });
  });

  it('uploads a Shopify product export and follows its job to its end, with the rows it could not import', { timeout: SLOW }, async () => {
    const base = await listen(t);
    let importId = '';
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, '/admin/settings/import-export');
      await page.getByRole('heading', { name: 'Import & export', level: 1 }).waitFor();
      await page.getByRole('radio', { name: 'Products' }).check({ force: true });
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: /CSV file/ }).click()]);
      await chooser.setFiles({ name: 'products_export_1.csv', mimeType: 'text/csv', buffer: Buffer.from(productsCsv) });
      await page.getByRole('button', { name: 'Import', exact: true }).click();

      const job = page.getByRole('region', { name: 'Import of products_export_1.csv' });
      await job.waitFor(SERVER);
      await job.getByRole('progressbar', { name: 'Import of products_export_1.csv' }).waitFor(SERVER);
      const imports = await t.db.selectFrom('imports').select(['id', 'filename']).execute();
      expect(imports).toEqual([expect.objectContaining({ filename: 'products_export_1.csv' })]);
      importId = imports[0]!.id;
      expect(page.url()).toContain(`import=${importId}`);
      // The worker runs it while the screen reads it again: done, two products made, one row refused.
      await job.getByText('Succeeded').waitFor(SERVER);
      await job.getByText('3 of 3 rows').waitFor();
      expect(await job.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
      await job.getByText('2 created · 0 updated · 1 row error').waitFor();
      const errors = job.getByRole('region', { name: 'Rows not imported' }).getByRole('row');
      expect(await errors.nth(1).innerText()).toMatch(/^4\s+Variant Price\s+.+/);
      expect((await t.admin.get('/v1/products?q=Tea%20Towel')).body.data.map((p: { name: string }) => p.name)).toContain('Tea Towel');
      await expectAccessible(page, 'a finished import');
      await screenshot(page, 'import-export-import');
    });
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, `/admin/settings/import-export?import=${importId}`);
      await page.getByRole('region', { name: 'Import of products_export_1.csv' }).waitFor(SERVER);
      await screenshot(page, 'import-export-phone');
    }, { width: 390, height: 844 });
  });
}, { admin: true });
