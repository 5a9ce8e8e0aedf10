import { unwrap, type ChannelClient } from '@storefront-api/client';

/** A market the store sells in besides its own (the primary market: the store's currency and language). */
export interface MarketInfo {
  id: string;
  name: string;
  countryCodes: string[];
  currency: string;
  /** The first is the market's default. */
  locales: string[];
}

export interface ShopInfo {
  name: string;
  currency: string;
  lang: string;
  description: string | null;
  /** Where the store is: the country an address form starts with. */
  countryCode: string | null;
  /** The active markets. */
  markets: MarketInfo[];
  /** The languages the shop has pages in: the store's own first (its URLs have no prefix), then the markets'. */
  locales: string[];
}

/** How long the store's name, currency, languages and markets are kept: every page shows them, and they seldom change. */
const KEEP_MS = 60_000;

const kept = new WeakMap<ChannelClient, { until: number; info: Promise<ShopInfo> }>();

async function readShopInfo(client: ChannelClient): Promise<ShopInfo> {
  const [store, markets] = await Promise.all([
    client.GET('/v1/store').then((answer) => unwrap(answer).data),
    client.GET('/v1/markets', { params: { query: { per_page: 250 } } }).then((answer) => unwrap(answer).data),
  ]);
  const active = markets.filter((market) => market.is_active).map((market) => ({
    id: market.id, name: market.name, countryCodes: market.country_codes, currency: market.currency, locales: market.locales,
  }));
  const lang = store.lang ?? 'en';
  return {
    name: store.name ?? 'Shop',
    currency: store.currency ?? 'USD',
    lang,
    description: store.description ?? null,
    countryCode: store.country_code ?? null,
    markets: active,
    locales: [...new Set([lang, ...active.flatMap((market) => market.locales)])],
  };
}

/**
 * The store's name, currency, languages and markets, read with `client` at most once a minute per
 * process (a page otherwise spends one of its two API calls on them); a failed read is not kept.
 */
export function keptShopInfo(client: ChannelClient): Promise<ShopInfo> {
  const entry = kept.get(client);
  if (entry && entry.until >= Date.now()) return entry.info;
  const info = readShopInfo(client);
  kept.set(client, { until: Date.now() + KEEP_MS, info });
  info.catch(() => {
    if (kept.get(client)?.info === info) kept.delete(client);
  });
  return info;
}
