import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inWindow, listen, useBrowser } from '../../helpers/browser.js';
import { PLAIN_HTTP_HOST } from '../../helpers/chromium.js';
import { createTestApp, describeEachDatabase, testDatabases, type TestContext } from '../../helpers/test-app.js';

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: unknown): Map<string, string[]> {
  const policy = new Map<string, string[]>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) policy.set(name.toLowerCase(), values);
  }
  return policy;
}

const SLOW = 90_000;

describeEachDatabase('the API reference page at /docs', (t) => {
  it('sends a Content-Security-Policy without inline scripts, without https: catch-alls and without upgrade-insecure-requests', async () => {
    for (const url of ['/docs/', '/docs/static/swagger-ui-bundle.js', '/docs/static/swagger-initializer.js']) {
      const res = await t.anonymous.get(url);
      expect(res.status, url).toBe(200);
      const policy = directives(res.headers['content-security-policy']);
      expect(policy.has('upgrade-insecure-requests'), url).toBe(false);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('script-src')).toEqual(["'self'"]);
      expect(policy.get('script-src-attr')).toEqual(["'none'"]);
      for (const [name, values] of policy) {
        expect(values, `${name} of ${url}`).not.toContain("'unsafe-eval'");
        expect(values, `${name} of ${url}`).not.toContain('https:');
        if (name.startsWith('script')) expect(values, `${name} of ${url}`).not.toContain("'unsafe-inline'");
      }
    }
  });
});

// The page is the same whichever database serves it: a browser loads it from the first one only.
describe('the API reference page at /docs in a browser', () => {
  const holder = useBrowser();
  const t = {} as TestContext & { close(): Promise<void> };
  beforeAll(async () => {
    Object.assign(t, await createTestApp(testDatabases()[0]!));
  });
  afterAll(async () => {
    await t.close?.();
  });

  it('renders over plain http on 127.0.0.1 and on a host name, with no Content-Security-Policy error in the console', async () => {
    const base = await listen(t);
    const port = (t.app.server.address() as AddressInfo).port;
    for (const origin of [base, `http://${PLAIN_HTTP_HOST}:${port}`]) {
      await inWindow(holder.browser, async (page) => {
        const problems: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error' || /content security policy/i.test(message.text())) problems.push(message.text());
        });
        page.on('pageerror', (error) => problems.push(error.message));
        page.on('requestfailed', (request) => problems.push(`${request.url()}: ${request.failure()?.errorText}`));
        await page.goto(`${origin}/docs/`);
        await page.getByRole('heading', { name: /Storefront API/ }).first().waitFor();
        // An operation of the document, rendered from it: the UI works, not just its frame. (Swagger UI
        // writes a zero-width space after each slash of a path, so it may break there.)
        await page.getByRole('link', { name: /^\/v1\W?\/store$/ }).first().waitFor();
        await page.waitForLoadState('networkidle');
        expect(problems, origin).toEqual([]);
      });
    }
  }, SLOW);
});
