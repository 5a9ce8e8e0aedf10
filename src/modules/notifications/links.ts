import type { Config } from '../../config.js';

/**
 * A link into the storefront's web site (STOREFRONT_SHOP_URL) for a mail: `shopLink(config,
 * '/account/reset', { token })` is `<shop>/account/reset?token=…`. Paths and values are encoded.
 */
export function shopLink(config: Pick<Config, 'shopUrl'>, path: string, params: Record<string, string> = {}): string {
  const url = new URL(config.shopUrl);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

/** The order's own page in the shop (its status, what the confirmation showed): `<shop>/orders/<order id>`. */
export function orderLink(config: Pick<Config, 'shopUrl'>, orderId: string): string {
  return shopLink(config, `/orders/${encodeURIComponent(orderId)}`);
}

/** Where an abandoned checkout's buyer goes back to: `<shop>/checkout/<checkout id>`. */
export function checkoutLink(config: Pick<Config, 'shopUrl'>, checkoutId: string): string {
  return shopLink(config, `/checkout/${encodeURIComponent(checkoutId)}`);
}
