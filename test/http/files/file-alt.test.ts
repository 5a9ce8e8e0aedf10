import { expect, it } from 'vitest';
import { expectInvalid, expectProblem, uniqueWord } from '../../helpers/expect.js';
import { pngOfSize, uploadFile } from '../../helpers/files.js';
import { describeEachDatabase } from '../../helpers/test-app.js';

const UNKNOWN_FILE = 'fil_00000000000000000000000000';

// Tests in this file share one database, and a filename is taken once: each upload is named with a word no other uses.
describeEachDatabase('file alt text', (t) => {
  const upload = () => uploadFile(t, pngOfSize(), `alt ${uniqueWord()}.png`);

  async function readerClient() {
    const res = await t.admin.post('/v1/api_keys', { name: `Reader ${uniqueWord()}`, read_only: true });
    expect(res.status, res.text).toBe(201);
    return t.as({ authorization: `Bearer ${res.body.data.token}` });
  }

  it('starts without alt text, and keeps the alt text set, in the answer, the file and the list', async () => {
    const file = await upload();
    expect(file.alt).toBeNull();

    const res = await t.admin.post(`/v1/files/${file.id}`, { alt: '  A red mug on an oak table ' });

    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ id: file.id, alt: 'A red mug on an oak table', url: file.url, filename: file.filename, size: file.size });
    expect(res.body.data.updated_at).toBeGreaterThanOrEqual(file.updated_at);
    expect((await t.admin.get(`/v1/files/${file.id}`)).body.data.alt).toBe('A red mug on an oak table');
    const listed = (await t.admin.get('/v1/files?per_page=100')).body.data.find((f: { id: string }) => f.id === file.id);
    expect(listed.alt).toBe('A red mug on an oak table');
  });

  it('clears the alt text with null or an empty string, and leaves it alone when left out', async () => {
    const file = await upload();
    await t.admin.post(`/v1/files/${file.id}`, { alt: 'First' });

    expect((await t.admin.post(`/v1/files/${file.id}`, {})).body.data.alt).toBe('First');
    expect((await t.admin.post(`/v1/files/${file.id}`, { alt: null })).body.data.alt).toBeNull();
    await t.admin.post(`/v1/files/${file.id}`, { alt: 'Second' });
    expect((await t.admin.post(`/v1/files/${file.id}`, { alt: '' })).body.data.alt).toBeNull();
    expect((await t.admin.get(`/v1/files/${file.id}`)).body.data.alt).toBeNull();
  });

  it('takes 500 characters and refuses 501 with 422 on alt, keeping the earlier text', async () => {
    const file = await upload();
    expect((await t.admin.post(`/v1/files/${file.id}`, { alt: 'x'.repeat(500) })).status).toBe(200);

    const res = await t.admin.post(`/v1/files/${file.id}`, { alt: 'y'.repeat(501) });

    expectInvalid(res, 'alt');
    expect((await t.admin.get(`/v1/files/${file.id}`)).body.data.alt).toBe('x'.repeat(500));
  });

  it('refuses alt text of another type (422) and fields a file cannot change (400)', async () => {
    const file = await upload();
    expectInvalid(await t.admin.post(`/v1/files/${file.id}`, { alt: 12 }), 'alt');
    expectProblem(await t.admin.post(`/v1/files/${file.id}`, { filename: 'other.png' }), 400, 'invalid_request');
    expect((await t.admin.get(`/v1/files/${file.id}`)).body.data.filename).toBe(file.filename);
  });

  it('answers 404 for an unknown file', async () => {
    expectProblem(await t.admin.post(`/v1/files/${UNKNOWN_FILE}`, { alt: 'Nothing' }), 404, 'not_found');
  });

  it('lets a read-only key read the alt text but not set it (403)', async () => {
    const file = await upload();
    await t.admin.post(`/v1/files/${file.id}`, { alt: 'Kept' });
    const reader = await readerClient();

    expectProblem(await reader.post(`/v1/files/${file.id}`, { alt: 'Changed' }), 403, 'forbidden');
    expect((await reader.get(`/v1/files/${file.id}`)).body.data.alt).toBe('Kept');
  });
});
