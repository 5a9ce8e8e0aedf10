import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser, expectAccessible, inWindow, listen, openSignedIn, screenshot, useBrowser } from '../helpers/browser.js';
import { pngOfSize, sendUpload, uploadFile } from '../helpers/files.js';
import { type TestContext } from '../helpers/test-app.js';

const SLOW = 90_000;
/** Uploads over this size are refused (`STOREFRONT_FILE_MAX_BYTES` of this file's server). */
const MAX_BYTES = 400_000;

/** Served files name the address the browser reaches, so the thumbnails show. */
async function serveFilesAt(t: TestContext): Promise<string> {
  const base = await listen(t);
  t.files.baseUrl = `${base}/files`;
  return base;
}

async function filesNamed(t: TestContext, name: string): Promise<Array<Record<string, any>>> {
  const files = (await t.admin.get('/v1/files?per_page=100')).body.data as Array<Record<string, any>>;
  return files.filter((file) => file.original_filename === name);
}

/** A picture with something to see in it: a corner of the screen as it is now. */
const pictureOf = (page: Page, x = 0) => page.screenshot({ clip: { x, y: 0, width: 360, height: 240 } });

describeInBrowser('staff keep the shop\'s files in the media library', (t) => {
  const holder = useBrowser();

  it('uploads images (naming a refused file with its reason), sets alt text, copies a link and deletes a file after confirming', async () => {
    const base = await serveFilesAt(t);

    await inWindow(holder.browser, async (page) => {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
      await openSignedIn(page, base, t.adminKey, '/admin/files');
      await page.getByRole('heading', { name: 'Files', level: 1 }).waitFor();
      const pictures = [await pictureOf(page), await pictureOf(page, 400)];

      await page.getByLabel('Files to upload').setInputFiles([
        { name: 'shop-front.png', mimeType: 'image/png', buffer: pictures[0] },
        { name: 'huge.png', mimeType: 'image/png', buffer: pngOfSize(MAX_BYTES + 10_000) },
        { name: 'counter.png', mimeType: 'image/png', buffer: pictures[1] },
      ]);
      const refused = page.getByRole('alert').filter({ hasText: 'Some files were not uploaded' });
      await refused.getByText(/^huge\.png: .*at most 400000 bytes/).waitFor();
      const grid = page.getByRole('list', { name: 'Files' });
      const front = grid.getByRole('listitem', { name: 'shop-front.png' });
      const counter = grid.getByRole('listitem', { name: 'counter.png' });
      await front.waitFor();
      await counter.waitFor();
      expect(await grid.getByRole('listitem', { name: 'huge.png' }).count()).toBe(0);
      expect(await front.innerText()).toMatch(/PNG · \d+ KB · /);
      expect(await front.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

      // Alt text: saved when the field is left, and again on Enter.
      await front.getByLabel('Alt text of shop-front.png').fill('The shop front on a sunny morning');
      await front.getByLabel('Alt text of shop-front.png').blur();
      await page.getByText('Alt text of shop-front.png saved').waitFor();
      await expect.poll(async () => (await filesNamed(t, 'shop-front.png'))[0]?.alt).toBe('The shop front on a sunny morning');
      await counter.getByLabel('Alt text of counter.png').fill('The counter with jars of tea');
      await counter.getByLabel('Alt text of counter.png').press('Enter');
      await expect.poll(async () => (await filesNamed(t, 'counter.png'))[0]?.alt).toBe('The counter with jars of tea');
      await front.getByRole('img', { name: 'The shop front on a sunny morning' }).waitFor();

      await counter.getByRole('button', { name: 'Copy link to counter.png' }).click();
      await page.getByText('Link to counter.png copied').waitFor();
      const [counterFile] = await filesNamed(t, 'counter.png');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(counterFile.url);

      await expectAccessible(page, 'the media library');
      await screenshot(page, 'files-library');

      await counter.getByRole('button', { name: 'Delete counter.png' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete counter.png?' });
      await dialog.waitFor();
      await expectAccessible(page, 'the confirmation before deleting a file');
      await screenshot(page, 'files-delete-confirm');
      await dialog.getByRole('button', { name: 'Delete file' }).click();
      await page.getByText('counter.png deleted').waitFor();
      await counter.waitFor({ state: 'detached' });
      expect((await t.admin.get(`/v1/files/${counterFile.id}`)).status).toBe(404);
      expect(await filesNamed(t, 'shop-front.png')).toHaveLength(1);
    });

    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, '/admin/files');
      await page.getByRole('listitem', { name: 'shop-front.png' }).waitFor();
      expect(await page.getByRole('navigation', { name: 'Areas' }).getByRole('link', { name: 'Files' }).count()).toBe(1);
      await expectAccessible(page, 'the media library on a phone');
      await screenshot(page, 'files-library-narrow');
    }, { width: 390, height: 844 });
  }, SLOW);

  it('shows a read-only key every file with the upload, alt text and delete controls disabled', async () => {
    const base = await serveFilesAt(t);
    const file = await uploadFile(t, pngOfSize(2048), 'catalogue.pdf.png');
    await t.admin.post(`/v1/files/${file.id}`, { alt: 'A page of the catalogue' });
    const pdf = await sendUpload(t, [{ name: 'file', filename: 'price-list.pdf', contentType: 'application/pdf', body: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n') }]);
    expect(pdf.status, pdf.text).toBe(201);
    const key = (await t.admin.post('/v1/api_keys', { name: 'Intern', read_only: true })).body.data.token as string;

    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, key, '/admin/files');
      const card = page.getByRole('listitem', { name: 'catalogue.pdf.png' });
      await card.waitFor();
      expect(await page.getByRole('button', { name: 'Upload files…' }).isDisabled()).toBe(true);
      expect(await card.getByRole('button', { name: 'Delete catalogue.pdf.png' }).isDisabled()).toBe(true);
      expect(await card.getByLabel('Alt text of catalogue.pdf.png').isDisabled()).toBe(true);
      expect(await card.getByLabel('Alt text of catalogue.pdf.png').inputValue()).toBe('A page of the catalogue');
      expect(await card.getByRole('button', { name: 'Copy link to catalogue.pdf.png' }).isDisabled()).toBe(false);
      // A file that is not an image shows its type where a thumbnail would be, and has no alt text.
      const document = page.getByRole('listitem', { name: 'price-list.pdf' });
      expect(await document.locator('img').count()).toBe(0);
      expect(await document.innerText()).toMatch(/^PDF\s+price-list\.pdf\s+PDF · 1 KB · /);
      expect(await document.getByLabel('Alt text of price-list.pdf').count()).toBe(0);
      await expectAccessible(page, 'the media library for a read-only key');
      await screenshot(page, 'files-library-read-only');
    });
  }, SLOW);
}, { admin: true, files: { maxBytes: MAX_BYTES } });
