import { describe, expect, it } from 'vitest';
import { checkedLookup, isForbiddenAddress, urlRefusal, type Resolve } from './url-safety.js';

/** Every spelling of an address a webhook must not reach, by what it is. */
const FORBIDDEN: Record<string, string[]> = {
  'IPv4 loopback, private, link-local (cloud metadata)': ['127.0.0.1', '127.255.0.9', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254'],
  'IPv4 this-network, CGNAT, broadcast, multicast, reserved': ['0.0.0.0', '0.1.2.3', '100.64.0.1', '100.127.255.254', '255.255.255.255', '224.0.0.1', '240.0.0.1'],
  'IPv4 benchmarking and documentation': ['198.18.0.1', '198.19.255.255', '192.0.0.8', '192.0.2.1', '198.51.100.7', '203.0.113.9'],
  'IPv6 unspecified, loopback, link-local, multicast': ['::', '::1', 'fe80::1', 'fe80::1%eth0', 'ff02::1', 'ff05::1:3'],
  'IPv6 unique-local and site-local': ['fc00::1', 'fd00::1', 'fd12:3456:789a::1', 'fec0::1', 'feff::1'],
  'IPv4-compatible (::a.b.c.d)': ['::127.0.0.1', '::7f00:1', '::10.0.0.1', '::8.8.8.8'],
  'IPv4-mapped (::ffff:a.b.c.d)': ['::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:169.254.169.254', '0:0:0:0:0:ffff:c0a8:0101'],
  'IPv4-translated (::ffff:0:a.b.c.d)': ['::ffff:0:127.0.0.1', '::ffff:0:7f00:1', '::ffff:0:192.168.0.1'],
  'NAT64 of a refused IPv4, and the local-use NAT64 prefix': ['64:ff9b::127.0.0.1', '64:ff9b::7f00:1', '64:ff9b::a9fe:a9fe', '64:ff9b:1::808:808', '64:ff9b:1:2::1'],
  '6to4 of a refused IPv4': ['2002:7f00:1::', '2002:7f00:0001::1', '2002:a00:1::1', '2002:c0a8:101::1', '2002:a9fe:a9fe::'],
  'Teredo (its client address is obfuscated, its relay anywhere)': ['2001:0:4136:e378:8000:63bf:80ff:fffe', '2001::1'],
  'IPv6 documentation, benchmarking, discard, ORCHID and unallocated space': ['2001:db8::1', '2001:2::1', '100::1', '2001:20::1', '4000::1', '3fff::1'],
  'not an address': ['', 'localhost', 'example.com', '1.2.3', '::g'],
};

const ALLOWED = ['93.184.216.34', '8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '64:ff9b::5db8:d822', '64:ff9b::8.8.8.8', '::ffff:93.184.216.34', '2002:5db8:d822::1'];

describe('webhook URL safety', () => {
  for (const [kind, addresses] of Object.entries(FORBIDDEN)) {
    it(`forbids ${kind}`, () => {
      for (const address of addresses) expect(isForbiddenAddress(address), address).toBe(true);
    });
  }

  it('allows public addresses, NAT64, mapped and 6to4 forms of them included', () => {
    for (const address of ALLOWED) expect(isForbiddenAddress(address), address).toBe(false);
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

  it('refuses every URL spelling of a refused address, as the URL parser normalises it', async () => {
    for (const host of ['[::127.0.0.1]', '[::ffff:0:127.0.0.1]', '[64:ff9b::127.0.0.1]', '[2002:7f00:1::]', '[fec0::1]', '[::ffff:127.0.0.1]', '2130706433', '0x7f.1', '017700000001', '127.1', '[2001:0:4136:e378:8000:63bf:80ff:fffe]']) {
      expect(await urlRefusal(`http://${host}:9999/hook`, false), host).toMatch(/private/);
    }
  });

  it('refuses a name when any of its addresses is refused', async () => {
    const resolve: Resolve = async () => ['93.184.216.34', '::ffff:10.0.0.1'];
    expect(await urlRefusal('https://hooks.example/in', false, resolve)).toMatch(/private/);
    expect(await urlRefusal('https://hooks.example/in', false, async () => ['93.184.216.34'])).toBeNull();
    expect(await urlRefusal('https://hooks.example/in', false, async () => [])).toMatch(/resolve/);
    expect(await urlRefusal('https://hooks.example/in', false, async () => Promise.reject(new Error('ENOTFOUND')))).toMatch(/resolve/);
  });
});

describe('the checked lookup of delivery connections', () => {
  /** A name server that answers each question in turn from the script (the last answer repeats). */
  function scripted(...answers: string[][]): Resolve & { calls: string[] } {
    const calls: string[] = [];
    const resolve = async (hostname: string) => {
      calls.push(hostname);
      return answers[Math.min(calls.length - 1, answers.length - 1)]!;
    };
    return Object.assign(resolve, { calls });
  }

  function lookupOnce(resolve: Resolve, options: { all?: boolean; family?: number }) {
    return new Promise<{ error: NodeJS.ErrnoException | null; result: unknown; family?: number }>((done) => {
      checkedLookup(resolve)('hooks.example', options, (error, result, family) => done({ error, result, family }));
    });
  }

  it('hands the socket the addresses it checked, from one resolution (DNS rebinding cannot slip in a second)', async () => {
    // A name server that answers public first, then loopback to anyone who asks again.
    const rebinding = scripted(['93.184.216.34', '2606:4700:4700::1111'], ['127.0.0.1']);
    const all = await lookupOnce(rebinding, { all: true });
    expect(all.error).toBeNull();
    expect(all.result).toEqual([{ address: '93.184.216.34', family: 4 }, { address: '2606:4700:4700::1111', family: 6 }]);
    expect(rebinding.calls).toEqual(['hooks.example']);

    const one = await lookupOnce(scripted(['93.184.216.34']), {});
    expect(one).toEqual({ error: null, result: '93.184.216.34', family: 4 });
    const v6 = await lookupOnce(scripted(['93.184.216.34', '2606:4700:4700::1111']), { family: 6 });
    expect(v6).toEqual({ error: null, result: '2606:4700:4700::1111', family: 6 });
  });

  it('refuses the whole answer when any address in it is refused, whatever its order', async () => {
    for (const answer of [['93.184.216.34', '127.0.0.1'], ['127.0.0.1', '93.184.216.34'], ['::ffff:0:7f00:1'], ['2002:7f00:1::']]) {
      const { error } = await lookupOnce(scripted(answer), { all: true });
      expect(error?.message, answer.join()).toMatch(/private/);
    }
    const none = await lookupOnce(scripted([]), {});
    expect(none.error?.code).toBe('ENOTFOUND');
  });
});
