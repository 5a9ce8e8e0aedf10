import { describe, expect, it } from 'vitest';
import { apiBaseRefusal, apiOriginOf } from './api-base.js';

describe('api_base', () => {
  it('takes an https origin anywhere public, and http only on loopback', () => {
    for (const url of ['https://api.stripe.com', 'https://api.example.com:8443/', 'https://8.8.8.8', 'http://127.0.0.1:12111', 'http://127.9.9.9', 'http://localhost:1', 'http://[::1]:2', 'http://[::ffff:127.0.0.1]']) {
      expect(apiBaseRefusal(url), url).toBeNull();
    }
  });

  it('refuses credentials, a query, a fragment or a path', () => {
    expect(apiBaseRefusal('https://u:p@api.example.com')).toMatch(/credentials/);
    expect(apiBaseRefusal('https://api.example.com/?a=1')).toMatch(/query/);
    expect(apiBaseRefusal('https://api.example.com/#a')).toMatch(/fragment/);
    expect(apiBaseRefusal('https://api.example.com/v1')).toMatch(/path/);
  });

  it('refuses plain http off the machine, and private, link-local and other non-public addresses', () => {
    expect(apiBaseRefusal('http://api.example.com')).toMatch(/https/);
    for (const url of ['https://10.1.2.3', 'https://172.16.0.1', 'https://192.168.0.1', 'https://169.254.169.254', 'https://100.64.0.1', 'https://0.0.0.0', 'https://[fe80::1]', 'https://[fd00::1]', 'https://[::ffff:10.0.0.1]']) {
      expect(apiBaseRefusal(url), url).toMatch(/non-public/);
    }
  });

  it('refuses what is not an http(s) URL', () => {
    for (const value of ['ftp://api.example.com', 'not a url', '', 42, null, `https://${'a'.repeat(500)}.com`]) {
      expect(apiBaseRefusal(value), String(value)).toMatch(/http or https URL/);
    }
  });

  it('compares destinations by origin, the provider itself when unset', () => {
    expect(apiOriginOf('https://API.example.com:443/', 'https://api.stripe.com')).toBe('https://api.example.com');
    expect(apiOriginOf(undefined, 'https://api.stripe.com')).toBe('https://api.stripe.com');
    expect(apiOriginOf(null, 'https://api.stripe.com')).toBe('https://api.stripe.com');
    expect(apiOriginOf('http://127.0.0.1:1', 'https://api.stripe.com')).not.toBe(apiOriginOf('http://127.0.0.1:2', 'https://api.stripe.com'));
  });
});
