import type { Executor } from '../../db/database.js';
import type { ProductView } from '../catalog/products.view.js';
import type { Market } from './market-context.js';
import { unitPricesIn } from './market-pricing.js';

/**
 * Product views as a market sells them: each sku at its price there, the skus it does not sell left
 * out, and the products it sells none of left out; a product's price is its default sku's (else its
 * first sold sku's). The primary market's views are the views as they are.
 */
export async function sellInMarket(db: Executor, views: ProductView[], market: Market): Promise<ProductView[]> {
  if (market.id === null) return views;
  const prices = await unitPricesIn(db, market, views.flatMap((view) => view.skus));
  return views.flatMap((view) => {
    const skus = view.skus.flatMap((sku) => {
      const unit = prices.get(sku.id);
      return unit ? [{ ...sku, ...unit }] : [];
    });
    const shown = skus.find((sku) => sku.id === view.sku_id) ?? skus[0];
    return shown ? [{ ...view, skus, price: shown.price, compared_price: shown.compared_price }] : [];
  });
}
