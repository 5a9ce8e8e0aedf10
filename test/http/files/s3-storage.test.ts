import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage, type FileStorage } from '../../../src/modules/files/storage.js';
import { expectProblem } from '../../helpers/expect.js';
import { fetchServed, pngOfSize, SAMPLES, sendUpload, uploadFile } from '../../helpers/files.js';
import { freePort } from '../../helpers/ports.js';
import { createTestApp, testDatabases, type TestContext } from '../../helpers/test-app.js';

const BUCKET = 'shop-media';
const PREFIX = 'uploads/2026';
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

// The S3 driver against a real S3-compatible server on this machine (s3rver from npm), through the
// official AWS SDK, configured the way an operator does: STOREFRONT_FILES=s3://bucket/prefix and the
// usual AWS variables.
describe('files in an S3-compatible bucket', () => {
  let server: S3rver;
  let directory: string;
  let endpoint: string;
  let bucket: S3Client;

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'storefront-s3-'));
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: BUCKET }] });
    endpoint = `http://127.0.0.1:${(await server.run()).port}`;
    bucket = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: CREDENTIALS });
  });

  afterAll(async () => {
    bucket?.destroy();
    await server?.close();
    rmSync(directory, { recursive: true, force: true });
  });

  function s3Storage(location = `s3://${BUCKET}/${PREFIX}`): Promise<FileStorage> {
    return openStorage(location, {
      AWS_ENDPOINT_URL: endpoint,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    });
  }

  async function objectBytes(key: string): Promise<Buffer | null> {
    try {
      const answer = await bucket.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
      return Buffer.from(await answer.Body!.transformToByteArray());
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      throw error;
    }
  }

  it('streams a file of unknown length into the bucket whole, and stores nothing of a stream that fails', async () => {
    const storage = await s3Storage();
    try {
      async function* lines(fail: boolean) {
        for (let i = 0; i < 2000; i++) yield `row ${i},${'x'.repeat(100)}\r\n`;
        if (fail) throw new Error('the export stopped');
      }
      await storage.putStream('exp_stream.1.csv', lines(false), 'text/csv; charset=utf-8');
      const stored = await objectBytes(`${PREFIX}/exp_stream.1.csv`);
      expect(stored?.toString('utf8')).toBe(Array.from({ length: 2000 }, (_, i) => `row ${i},${'x'.repeat(100)}\r\n`).join(''));
      await expect(storage.putStream('exp_stream.2.csv', lines(true), 'text/csv')).rejects.toThrow('the export stopped');
      expect(await objectBytes(`${PREFIX}/exp_stream.2.csv`)).toBeNull();
    } finally {
      storage.close();
    }
  });

  for (const kind of testDatabases()) {
    describe(`[${kind}]`, () => {
      const t = {} as TestContext & { close(): Promise<void> };
      let storage: FileStorage;

      beforeAll(async () => {
        storage = await s3Storage();
        Object.assign(t, await createTestApp(kind, { files: { storage } }));
      });
      afterAll(async () => {
        await t.close?.();
        storage?.close();
      });

      it('keeps an upload in the bucket under the prefix and serves the same bytes back', async () => {
        const bytes = pngOfSize(5000);
        const file = await uploadFile(t, bytes, 'Bucket Photo.png');

        expect(file).toMatchObject({ filename: 'bucket-photo.png', mime_type: 'image/png', size: 5000 });
        const row = await t.db.selectFrom('files').selectAll().where('id', '=', file.id).executeTakeFirstOrThrow();
        expect(await objectBytes(`${PREFIX}/${row.storage_key}`)).toEqual(bytes);

        const served = await fetchServed(t, file.url);
        expect(served.statusCode).toBe(200);
        expect(served.rawPayload).toEqual(bytes);
        expect(served.headers['content-type']).toBe('image/png');
        expect(served.headers.etag).toBe(`"${row.sha256}"`);
        expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect((await fetchServed(t, file.src, { 'if-none-match': `"${row.sha256}"` })).statusCode).toBe(304);
      });

      it('serves a PDF and a video from the bucket with their own types', async () => {
        for (const [sample, type] of [[SAMPLES.pdf, 'application/pdf'], [SAMPLES.mp4, 'video/mp4']] as const) {
          const file = await uploadFile(t, sample, 'document');
          expect(file.mime_type).toBe(type);
          const served = await fetchServed(t, file.url);
          expect(served.headers['content-type']).toBe(type);
          expect(served.rawPayload).toEqual(sample);
        }
      });

      it('removes the object when the file is deleted', async () => {
        const file = await uploadFile(t);
        const row = await t.db.selectFrom('files').selectAll().where('id', '=', file.id).executeTakeFirstOrThrow();

        const res = await t.admin.delete(`/v1/files/${file.id}`);

        expect(res.status, res.text).toBe(204);
        expect(await objectBytes(`${PREFIX}/${row.storage_key}`)).toBeNull();
        expect((await fetchServed(t, file.url)).statusCode).toBe(404);
      });

      it('puts nothing in the bucket for a refused type', async () => {
        const before = (await t.db.selectFrom('files').select('id').execute()).length;
        const res = await sendUpload(t, [{ name: 'file', filename: 'setup.png', contentType: 'image/png', body: SAMPLES.exe }]);
        expectProblem(res, 415, 'unsupported_media_type');
        expect((await t.db.selectFrom('files').select('id').execute()).length).toBe(before);
      });
    });
  }

  it('answers 503 and keeps no row when the bucket cannot be reached', async () => {
    const kind = testDatabases()[0]!;
    const unreachable = await openStorage(`s3://${BUCKET}/x`, {
      AWS_ENDPOINT_URL: `http://127.0.0.1:${await freePort()}`,
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    });
    const t = await createTestApp(kind, { files: { storage: unreachable } });
    try {
      const res = await sendUpload(t, [{ name: 'file', filename: 'a.png', body: SAMPLES.png }]);
      expectProblem(res, 503, 'unavailable');
      expect(await t.db.selectFrom('files').select('id').execute()).toEqual([]);
    } finally {
      await t.close();
      unreachable.close();
    }
  });

  it('reports a bucket that does not exist as unavailable, not as a server error', async () => {
    const kind = testDatabases()[0]!;
    const missing = await s3Storage('s3://no-such-bucket/x');
    const t = await createTestApp(kind, { files: { storage: missing } });
    try {
      const res = await sendUpload(t, [{ name: 'file', filename: 'a.png', body: SAMPLES.png }]);
      expectProblem(res, 503, 'unavailable');
    } finally {
      await t.close();
      missing.close();
    }
  });
});
