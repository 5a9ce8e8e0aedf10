/**
 * The shop front's pages as the benchmarks ask for them and check them: shared by `npm run bench:shop`
 * (bench/shop.ts) and the cold mode's `shop-product` and `shop-listing` scenarios (bench/scenarios.ts).
 */

/** Products a listing page of the shop shows (shop/lib/listing.ts PER_PAGE). */
export const PER_PAGE = 24;

export const PRODUCT_PAGE_ROUTE = '/products/:permalink';
export const COLLECTION_PAGE_ROUTE = '/collections/:permalink';

export const productPagePath = (permalink: string) => `/products/${permalink}`;
export const collectionPagePath = (permalink: string, page: number) => `/collections/${permalink}?page=${page}`;

export function checkHtml(path: string, contentType: string): void {
  if (!contentType.startsWith('text/html')) throw new Error(`${path}: not HTML (${contentType})`);
}

function checkHeading(path: string, body: string): void {
  if (!/<h1[ >]/.test(body)) throw new Error(`${path}: the page has no heading`);
}

/** A product page: a heading, and a link to its own address (the page names the product it shows). */
export function checkProductPage(path: string, body: string): void {
  checkHeading(path, body);
  if (!body.includes(`href="${path}"`) && !body.includes(`${path}"`)) throw new Error(`${path}: the page does not name its own address`);
}

/** A listing page: a heading and links to a full page of distinct products. */
export function checkListingPage(path: string, body: string): void {
  checkHeading(path, body);
  const shown = new Set([...body.matchAll(/href="\/products\/([^"?#]+)"/g)].map((match) => match[1]));
  if (shown.size !== PER_PAGE) throw new Error(`${path}: the page links ${shown.size} products, not ${PER_PAGE}`);
}

/** A collection as the shop lists it, asked of the API (storefront): its permalink, its products, and its full pages of PER_PAGE. */
export async function collectionListing(getJson: (path: string) => Promise<any>, collectionId: string): Promise<{ permalink: string; total: number; fullPages: number }> {
  const permalink = String((await getJson(`/v1/collections/${collectionId}`)).data.permalink);
  const total = Number((await getJson(`/v1/collections/${collectionId}/products?per_page=1`)).meta.pagination.total_items);
  // Only full pages: the last one may hold a few products.
  return { permalink, total, fullPages: Math.floor(total / PER_PAGE) };
}
