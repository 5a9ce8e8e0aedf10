import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** How a host name becomes addresses: the system's resolver, or a test's own name server. */
export type Resolve = (hostname: string) => Promise<string[]>;

export const systemResolve: Resolve = async (hostname) => (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

const REFUSED = 'resolves to a private, loopback or link-local address';

/** Where the internet's IPv6 unicast addresses are allocated; anything outside it is special or unassigned. */
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');
/** NAT64's well-known prefix (RFC 6052): the IPv4 address is the last 32 bits. */
const NAT64 = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

function ipv4Of(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/**
 * The IPv4 address an IPv6 address reaches, for the forms a host or a gateway turns into IPv4
 * traffic: IPv4-mapped and IPv4-translated (the host's own IPv4 stack), NAT64 under the well-known
 * prefix, 6to4. Undefined for any other address.
 */
function carriedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const parts = address.parts;
  switch (address.range() as string) {
    case 'ipv4Mapped':
    case 'rfc6145':
      return ipv4Of(parts[6]!, parts[7]!);
    case 'rfc6052':
      return address.match(NAT64) ? ipv4Of(parts[6]!, parts[7]!) : undefined;
    case '6to4':
      return ipv4Of(parts[1]!, parts[2]!);
    default:
      return undefined;
  }
}

/**
 * An address written as Node accepts it. IPv6 goes through the URL parser's canonical form first:
 * ipaddr.js reads `::a.b.c.d` (IPv4-compatible) as `::ffff:a.b.c.d` (IPv4-mapped), the URL parser
 * does not. A zone (`%eth0`) only ever follows a link-local address, judged without it.
 */
function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 {
  if (isIP(text) === 4) return ipaddr.IPv4.parse(text);
  return ipaddr.IPv6.parse(new URL(`http://[${text.replace(/%.*$/, '')}]`).hostname.slice(1, -1));
}

/**
 * Whether a webhook must never connect to this address. Only public unicast passes: IPv4 outside
 * every special-purpose block (private, loopback, link-local, CGNAT, this-network, broadcast,
 * multicast, benchmarking, documentation, reserved), and IPv6 inside 2000::/3 outside its special
 * blocks (Teredo, documentation, benchmarking, ORCHID…). IPv6 forms that carry an IPv4 address are
 * judged by it; IPv4-compatible (::a.b.c.d), site-local, unique-local, the local-use NAT64 prefix and
 * Teredo (whose client address is obfuscated and whose relay could be anywhere) never pass.
 */
export function isForbiddenAddress(text: string): boolean {
  if (isIP(text) === 0) return true;
  const address = parseAddress(text);
  if (address.kind() === 'ipv4') return address.range() !== 'unicast';
  const v6 = address as ipaddr.IPv6;
  const carried = carriedIpv4(v6);
  if (carried) return carried.range() !== 'unicast';
  return v6.range() !== 'unicast' || !v6.match(GLOBAL_UNICAST);
}

/** Why these addresses may not be reached, or null when every one may. */
function addressesRefusal(addresses: string[]): string | null {
  return addresses.length === 0 || addresses.some(isForbiddenAddress) ? REFUSED : null;
}

/** A URL's host as an address, when it is written as one (`[::1]` → `::1`). */
function literalAddress(url: URL): string | null {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return isIP(host) === 0 ? null : host;
}

/**
 * Why a webhook URL may not be called, judged without resolving its name, or null: it must be
 * http(s) without credentials, and a host written as an address must be public (unless private
 * addresses are allowed). A name's addresses are judged by `urlRefusal` at registration and by
 * `checkedLookup` at each connection.
 */
export function formRefusal(url: string, allowPrivate: boolean): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'is not a URL';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'must be an http or https URL';
  if (parsed.username || parsed.password) return 'must not carry credentials';
  const literal = literalAddress(parsed);
  if (allowPrivate || literal === null) return null;
  return addressesRefusal([literal]);
}

/**
 * Why a webhook URL may not be registered, or null when it may: `formRefusal`, and every address its
 * host resolves to must be public, unless private addresses are allowed (development).
 */
export async function urlRefusal(url: string, allowPrivate: boolean, resolve: Resolve = systemResolve): Promise<string | null> {
  const refusal = formRefusal(url, allowPrivate);
  if (refusal || allowPrivate) return refusal;
  const parsed = new URL(url);
  if (literalAddress(parsed) !== null) return null;
  let addresses: string[];
  try {
    addresses = await resolve(parsed.hostname);
  } catch {
    return 'has a host that does not resolve';
  }
  return addresses.length === 0 ? 'has a host that does not resolve' : addressesRefusal(addresses);
}

function lookupError(message: string, code: string, hostname: string): NodeJS.ErrnoException {
  return Object.assign(new Error(message), { code, hostname });
}

/**
 * A socket `lookup` that resolves the name once, refuses the whole answer when any address in it is
 * refused, and hands the socket only the addresses it checked. The connection therefore goes where
 * the check looked: a name server answering differently to a second question (DNS rebinding) is
 * never asked one.
 */
export function checkedLookup(resolve: Resolve = systemResolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (answer) => {
        if (answer.length === 0) return callback(lookupError(`${hostname} has no address`, 'ENOTFOUND', hostname), '', 0);
        if (addressesRefusal(answer)) return callback(lookupError(`url ${REFUSED}`, 'EPRIVATEADDRESS', hostname), '', 0);
        const wanted = options.family === 4 || options.family === 'IPv4' ? 4 : options.family === 6 || options.family === 'IPv6' ? 6 : 0;
        const usable = answer.map((address) => ({ address, family: isIP(address) })).filter((a) => wanted === 0 || a.family === wanted);
        if (usable.length === 0) return callback(lookupError(`${hostname} has no IPv${wanted} address`, 'ENOTFOUND', hostname), '', 0);
        if (options.all) return callback(null, usable);
        callback(null, usable[0]!.address, usable[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}
