import { describe, expect, it } from 'vitest';
import { isForbiddenAddress, urlRefusal } from './url-safety.js';

describe('webhook URL safety', () => {
  it('forbids private, loopback, link-local and metadata addresses', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '0.0.0.0', '::1', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1']) {
      expect(isForbiddenAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111']) expect(isForbiddenAddress(address), address).toBe(false);
  });

  it('refuses other schemes, credentials and private hosts unless allowed', async () => {
    expect(await urlRefusal('ftp://example.com/hook', false)).toMatch(/http/);
    expect(await urlRefusal('not a url', false)).toMatch(/not a URL/);
    expect(await urlRefusal('https://user:pass@example.com/', false)).toMatch(/credentials/);
    expect(await urlRefusal('http://127.0.0.1:9999/hook', false)).toMatch(/private/);
    expect(await urlRefusal('http://[::1]:9999/hook', false)).toMatch(/private/);
    expect(await urlRefusal('http://localhost:9999/hook', false)).toMatch(/private/);
    expect(await urlRefusal('http://127.0.0.1:9999/hook', true)).toBeNull();
    expect(await urlRefusal('http://93.184.216.34/hook', false)).toBeNull();
  });
});
