import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/test-app.js';

/** A build as Vite writes it: the page, and a hashed script with its compressed copies. */
function fakeBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-admin-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Storefront admin</title><script type="module" src="/admin/assets/app-1a2b3c.js"></script>');
  const script = Buffer.from(`console.log(${JSON.stringify('x'.repeat(2000))});`);
  writeFileSync(join(dir, 'assets', 'app-1a2b3c.js'), script);
  writeFileSync(join(dir, 'assets', 'app-1a2b3c.js.gz'), gzipSync(script));
  writeFileSync(join(dir, 'assets', 'app-1a2b3c.js.br'), brotliCompressSync(script));
  return dir;
}

describe('the dashboard at /admin', () => {
  describeEachDatabase('built', (t) => {
    it('serves its page at /admin and at every client route under it, revalidated on each load', async () => {
      for (const path of ['/admin', '/admin/', '/admin/orders', '/admin/orders/ord_01jgz7q3v2c8m4k6n9p5r2t7wx?tab=events']) {
        const res = await t.anonymous.get(path);
        expect(res.status, path).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.text).toContain('<title>Storefront admin</title>');
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
        expect(res.headers['content-security-policy']).toContain("script-src 'self'");
        expect(res.headers['x-content-type-options']).toBe('nosniff');
      }
      const etag = (await t.anonymous.get('/admin')).headers.etag as string;
      expect((await t.anonymous.get('/admin/orders', { headers: { 'if-none-match': etag } })).status).toBe(304);
    });

    it('caches hashed assets for a year and sends them compressed to browsers that take it', async () => {
      const plain = await t.anonymous.get('/admin/assets/app-1a2b3c.js');
      expect(plain.status).toBe(200);
      expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(plain.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const br = await t.anonymous.get('/admin/assets/app-1a2b3c.js', { headers: { 'accept-encoding': 'br, gzip' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(Number(br.headers['content-length'])).toBeLessThan(Number(plain.headers['content-length']));
      const gz = await t.anonymous.get('/admin/assets/app-1a2b3c.js', { headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
    });

    it('answers an asset it does not have with a 404 problem, never with the page', async () => {
      const res = await t.anonymous.get('/admin/assets/app-000000.js');
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect((await t.anonymous.get('/admin/assets/../../package.json')).status).not.toBe(200);
    });

    it('needs no credential, whatever the request carries, and writes are refused', async () => {
      expect((await t.as({ authorization: 'Bearer sk_not_a_key_at_all_000000' }).get('/admin/orders')).status).toBe(200);
      const post = await t.admin.post('/admin', {});
      expect(post.status).toBe(405);
    });

    it('keeps its routes out of the API document', async () => {
      const doc = (await t.anonymous.get('/openapi.json')).body;
      expect(Object.keys(doc.paths).filter((path) => path.startsWith('/admin'))).toEqual([]);
    });
  }, { admin: true, adminBuild: fakeBuild() });

  describeEachDatabase('not built', (t) => {
    it('says how to build it, and the API still answers', async () => {
      const res = await t.anonymous.get('/admin/orders');
      expect(res.status).toBe(503);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toContain('npm run build:admin');
      expect((await t.admin.get('/v1/store')).status).toBe(200);
    });
  }, { admin: true, adminBuild: mkdtempSync(join(tmpdir(), 'storefront-admin-empty-')) });

  describeEachDatabase('turned off (STOREFRONT_ADMIN=0)', (t) => {
    it('serves nothing at /admin', async () => {
      expect((await t.anonymous.get('/admin')).status).toBe(404);
      expect((await t.anonymous.get('/admin/orders')).status).toBe(404);
    });
  }, { admin: false });
});
