/**
 * Where the API is and the channel key the shop speaks with. Served by `npm start`, the server sets
 * both for the shop it mounts (its own address and a key of its own); run apart, they come from the
 * environment (docs/shop.md). Kept apart from lib/api.ts, which reads the request: the proxy reads
 * the store's languages with them too, before any page runs.
 */
export function apiSettings(): { baseUrl: string; channelKey: string } {
  const baseUrl = process.env.STOREFRONT_API_URL;
  const channelKey = process.env.STOREFRONT_CHANNEL_KEY;
  if (!baseUrl || !channelKey) throw new Error('The shop needs STOREFRONT_API_URL and STOREFRONT_CHANNEL_KEY (docs/shop.md)');
  return { baseUrl, channelKey };
}
