import { expect, it } from 'vitest';
import { problemCatalog } from '../../../src/lib/problem.js';
import { describeEachDatabase } from '../../helpers/test-app.js';

/** The ids of the page's elements, and the text (entities decoded) of each element that has one. */
function anchorsOf(html: string): Map<string, string> {
  const anchors = new Map<string, string>();
  const unescape = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
  for (const match of html.matchAll(/<(\w+)[^>]*\sid="([^"]+)"[^>]*>([\s\S]*?)<\/\1>/g)) anchors.set(match[2]!, unescape(match[3]!));
  return anchors;
}

describeEachDatabase('/docs/errors', (t) => {
  it('serves a public, cacheable HTML page', async () => {
    const res = await t.anonymous.get('/docs/errors');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html; charset=utf-8/);
    expect(String(res.headers['cache-control'])).toMatch(/^public, max-age=\d+/);
    expect(res.text).toMatch(/^<!doctype html>/i);
    expect(res.text).toContain('<title>');
    // It runs nothing: no script, and a policy that allows none.
    expect(res.text).not.toMatch(/<script/i);
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'none'");
  });

  it('explains every code of the catalogue under its own anchor: the status, when it happens and what to do', async () => {
    const anchors = anchorsOf((await t.anonymous.get('/docs/errors')).text);
    for (const [code, entry] of Object.entries(problemCatalog)) {
      const section = anchors.get(code);
      expect(section, `no anchor #${code}`).toBeDefined();
      expect(section, code).toContain(String(entry.status));
      expect(section, code).toContain(entry.title);
      expect(section, code).toContain(entry.when);
      expect(section, code).toContain(entry.action);
      expect(entry.when.length, code).toBeGreaterThan(20);
      expect(entry.action.length, code).toBeGreaterThan(20);
    }
  });

  it('resolves the type link of the problems clients get', async () => {
    const answers = [
      await t.anonymous.get('/v1/store'),
      await t.admin.get('/v1/products/prd_00000000000000000000000000'),
      await t.admin.get('/v1/api_keys?per_page=0'),
      await t.admin.delete('/v1/store'),
      await t.admin.post('/v1/products', {}),
    ];
    expect(answers.map((a) => a.status)).toEqual([401, 404, 400, 405, 422]);
    for (const answer of answers) {
      const [path, fragment] = String(answer.body.type).split('#');
      const page = await t.anonymous.get(path!);
      expect(page.status, answer.body.type).toBe(200);
      expect(anchorsOf(page.text).has(fragment!), answer.body.type).toBe(true);
    }
  });
});
