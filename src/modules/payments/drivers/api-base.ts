import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { isForbiddenAddress } from '../../webhooks/url-safety.js';

const TEXT_MAX = 500;

/** The host without the brackets of an IPv6 literal (`[::1]` → `::1`). */
function bareHost(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

/** `localhost` or a loopback address (127.0.0.0/8, ::1, ::ffff:127.x.y.z): the machine itself. */
function isLoopback(host: string): boolean {
  if (host === 'localhost') return true;
  return ipaddr.isValid(host) && ipaddr.process(host).range() === 'loopback';
}

/**
 * Why `value` may not be the address of a provider's API that a driver sends a secret to, or null
 * when it may. It is an origin: http(s), no credentials, query, fragment or path (the provider's
 * client adds its own paths; a path would be silently dropped). https is required except on the
 * machine itself (loopback: a local stub in tests and development). A host written as an address
 * must be public, as for webhooks (url-safety); a name is not resolved here: https makes the
 * connection prove it is that name.
 */
export function apiBaseRefusal(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > TEXT_MAX || !URL.canParse(value)) return 'must be an http or https URL';
  const url = new URL(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be an http or https URL';
  if (url.username !== '' || url.password !== '') return 'must not carry credentials';
  if (url.search !== '' || url.hash !== '') return 'must not have a query or a fragment';
  if (url.pathname !== '/') return 'must be an address without a path (scheme, host and port)';
  const host = bareHost(url);
  if (isLoopback(host)) return null;
  if (url.protocol !== 'https:') return 'must be https (http only for a loopback address such as 127.0.0.1)';
  if (isIP(host) !== 0 && isForbiddenAddress(host)) return 'must not be a private, link-local or other non-public address (loopback aside)';
  return null;
}

/**
 * Where a secret goes with this `api_base`: its origin, or `fallback` (the provider itself) when it
 * is not set. A value that is not a URL is compared as it is (checkSettings refuses it anyway).
 */
export function apiOriginOf(apiBase: unknown, fallback: string): string {
  if (apiBase === undefined || apiBase === null || apiBase === '') return fallback;
  return typeof apiBase === 'string' && URL.canParse(apiBase) ? new URL(apiBase).origin : JSON.stringify(apiBase);
}
