import { expect, it } from 'vitest';
import { expectProblem, uniqueWord } from '../../helpers/expect.js';
import { disposition, fetchServed, SAMPLES, sendUpload, uploadFile } from '../../helpers/files.js';
import { describeEachDatabase, type TestContext } from '../../helpers/test-app.js';

/** What every served file carries: no script, no plugin, no sniffing, whatever its bytes. */
const SANDBOX = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** An XHTML page: sniffed as application/xml, which browsers render as a page, scripts included. */
const XHTML = Buffer.from('<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><body><script>alert(document.cookie)</script></body></html>');

async function served(t: TestContext, file: { url: string }) {
  const res = await fetchServed(t, file.url);
  expect(res.statusCode).toBe(200);
  return res.headers;
}

describeEachDatabase('served files under the default settings', (t) => {
  it('sends a PDF as a download, sandboxed, never sniffed', async () => {
    const file = await uploadFile(t, SAMPLES.pdf, `Price list ${uniqueWord()}.pdf`);

    const headers = await served(t, file);
    expect(headers).toMatchObject({ 'content-type': 'application/pdf', 'content-security-policy': SANDBOX, 'x-content-type-options': 'nosniff' });
    expect(disposition(headers)).toBe(`attachment; ${file.filename}`);
  });

  it('shows images and videos in place, sandboxed too', async () => {
    const image = await uploadFile(t, SAMPLES.png, `Photo ${uniqueWord()}.png`);
    const video = await uploadFile(t, SAMPLES.mp4, `Clip ${uniqueWord()}.mp4`);

    for (const file of [image, video]) {
      const headers = await served(t, file);
      expect(headers).toMatchObject({ 'content-security-policy': SANDBOX, 'x-content-type-options': 'nosniff' });
      expect(disposition(headers)).toBe(`inline; ${file.filename}`);
    }
  });

  it('keeps the sandbox on a 304 and on HEAD', async () => {
    const file = await uploadFile(t, SAMPLES.pdf, `Cached ${uniqueWord()}.pdf`);
    const etag = (await served(t, file)).etag as string;

    const fresh = await fetchServed(t, file.url, { 'if-none-match': etag });
    expect(fresh.statusCode).toBe(304);
    expect(fresh.headers['content-security-policy']).toBe(SANDBOX);
    const head = await t.app.inject({ method: 'HEAD', url: new URL(file.url).pathname });
    expect(head.headers['content-security-policy']).toBe(SANDBOX);
    expect(disposition(head.headers)).toBe(`attachment; ${file.filename}`);
  });
});

describeEachDatabase('served files a merchant lets through', (t) => {
  it('sends an uploaded XHTML page as a sandboxed download, so its script never runs on the API origin', async () => {
    const res = await sendUpload(t, [{ name: 'file', filename: `page-${uniqueWord()}.html`, contentType: 'text/html', body: XHTML }]);
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.mime_type).toBe('application/xml');

    const headers = await served(t, res.body.data);
    expect(headers).toMatchObject({ 'content-type': 'application/xml', 'content-security-policy': SANDBOX, 'x-content-type-options': 'nosniff' });
    expect(disposition(headers)).toBe(`attachment; ${res.body.data.filename}`);
  });

  it('refuses a plain HTML page even when text/html is allowed: its type cannot be told from its bytes', async () => {
    expectProblem(await sendUpload(t, [{ name: 'file', filename: 'page.html', contentType: 'text/html', body: SAMPLES.html }]), 415, 'unsupported_media_type');
  });
}, { files: { types: ['image/*', 'application/pdf', 'application/xml', 'text/html'] } });

describeEachDatabase('served files with PDFs shown in place (STOREFRONT_FILES_INLINE)', (t) => {
  it('shows a PDF inline when the setting lists it, still sandboxed, and sends what it does not list as a download', async () => {
    const pdf = await uploadFile(t, SAMPLES.pdf, `Menu ${uniqueWord()}.pdf`);
    const video = await uploadFile(t, SAMPLES.mp4, `Clip ${uniqueWord()}.mp4`);

    const [pdfHeaders, videoHeaders] = [await served(t, pdf), await served(t, video)];
    expect(disposition(pdfHeaders)).toBe(`inline; ${pdf.filename}`);
    expect(disposition(videoHeaders)).toBe(`attachment; ${video.filename}`);
    expect([pdfHeaders['content-security-policy'], videoHeaders['content-security-policy']]).toEqual([SANDBOX, SANDBOX]);
  });
}, { files: { inline: ['image/*', 'application/pdf'] } });
