import { readdir } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { expectProblem, uniqueWord } from '../../helpers/expect.js';
import { disposition, fetchServed, pngOfSize, SAMPLES, sendUpload, uploadFile, type Part } from '../../helpers/files.js';
import { describeEachDatabase, type TestContext } from '../../helpers/test-app.js';

/** What an upload leaves behind: the rows and the names in the storage directory. */
async function stored(t: TestContext): Promise<{ rows: number; keys: string[] }> {
  // Tests run on a LocalStorage, described as `local <directory>`.
  const directory = t.files.storage.description.replace(/^local /, '');
  const keys = await readdir(directory).catch(() => []);
  const rows = (await t.db.selectFrom('files').select('id').execute()).length;
  return { rows, keys: keys.sort() };
}

const filePart = (body: Buffer | string, filename: string, contentType = 'image/png'): Part => ({ name: 'file', filename, contentType, body });

describeEachDatabase('file types allowed by default', (t) => {
  it('takes PNG, JPEG, PDF and MP4, with the types sniffed from their bytes', async () => {
    const word = uniqueWord();
    const cases: Array<[bytes: Buffer, mime: string, extension: string, shown: 'inline' | 'attachment']> = [
      [SAMPLES.png, 'image/png', 'png', 'inline'],
      [SAMPLES.jpeg, 'image/jpeg', 'jpg', 'inline'],
      [SAMPLES.pdf, 'application/pdf', 'pdf', 'attachment'],
      [SAMPLES.mp4, 'video/mp4', 'mp4', 'inline'],
    ];

    for (const [bytes, mime, extension, shown] of cases) {
      const res = await sendUpload(t, [filePart(bytes, `sample-${word}.bin`, 'application/octet-stream')]);
      expect(res.status, `${mime}: ${res.text}`).toBe(201);
      expect(res.body.data).toMatchObject({ mime_type: mime, size: bytes.length, filename: `sample-${word}.${extension}` });

      const served = await fetchServed(t, res.body.data.url);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(bytes)).toBe(true);
      expect(served.headers['content-type']).toBe(mime);
      expect(disposition(served.headers)).toBe(`${shown}; ${res.body.data.filename}`);
    }
  });

  it('refuses an executable, a zip, an HTML page and plain text with 415, even named and labelled as a PNG, storing nothing', async () => {
    const before = await stored(t);

    for (const [kind, bytes] of Object.entries({ exe: SAMPLES.exe, zip: SAMPLES.zip, html: SAMPLES.html, text: Buffer.from('just some words\n') })) {
      const res = await sendUpload(t, [filePart(bytes, `disguised-${kind}-${uniqueWord()}.png`, 'image/png')]);
      expectProblem(res, 415, 'unsupported_media_type');
    }

    expect(await stored(t)).toEqual(before);
  });
});

describeEachDatabase('file types a merchant allows', (t) => {
  it('takes a zip when zips are allowed, served as a download rather than inline', async () => {
    const name = `archive-${uniqueWord()}`;

    const file = await uploadFile(t, SAMPLES.zip, `${name}.zip`);

    expect(file).toMatchObject({ mime_type: 'application/zip', filename: `${name}.zip` });
    const served = await fetchServed(t, file.url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(SAMPLES.zip)).toBe(true);
    expect(disposition(served.headers)).toBe(`attachment; ${file.filename}`);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses what is no longer allowed: a PNG', async () => {
    const before = await stored(t);

    expectProblem(await sendUpload(t, [filePart(pngOfSize(), `picture-${uniqueWord()}.png`)]), 415, 'unsupported_media_type');
    expect(await stored(t)).toEqual(before);
  });
}, { files: { types: ['application/zip'] } });

describeEachDatabase('file size limit', (t) => {
  it('takes a file of exactly the limit', async () => {
    const bytes = pngOfSize(1024);

    const file = await uploadFile(t, bytes, `limit-${uniqueWord()}.png`);

    expect(file.size).toBe(1024);
    expect((await fetchServed(t, file.url)).rawPayload.equals(bytes)).toBe(true);
  });

  it('refuses a file one byte over the limit with 413, storing nothing', async () => {
    const before = await stored(t);

    const res = await sendUpload(t, [filePart(pngOfSize(1025), `over-${uniqueWord()}.png`)]);

    expectProblem(res, 413, 'payload_too_large');
    expect(await stored(t)).toEqual(before);
  });

  it('refuses a much bigger request with 413 before reading it, storing nothing', async () => {
    const before = await stored(t);

    const res = await sendUpload(t, [filePart(pngOfSize(200 * 1024), `huge-${uniqueWord()}.png`)]);

    expectProblem(res, 413, 'payload_too_large');
    expect(await stored(t)).toEqual(before);
  });
}, { files: { maxBytes: 1024 } });
