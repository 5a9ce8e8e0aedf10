import { Type } from 'typebox';
import { Nullable } from '../../http/common-schemas.js';

export const SkuPrice = Type.Object({
  currency: Type.String({ description: 'ISO 4217' }),
  price: Type.Integer({ description: "in the currency's minor units" }),
  compared_price: Nullable(Type.Integer()),
}, { title: 'SkuPrice' });

export const MarketPrice = Type.Object({
  market_id: Type.String(),
  currency: Type.String(),
  price: Type.Integer({ description: "in the market currency's minor units" }),
  compared_price: Nullable(Type.Integer()),
  is_fixed: Type.Boolean({ description: "true: the sku's fixed price in the currency; false: converted at the market's rate" }),
}, { title: 'MarketPrice' });

/** Fixed prices in other currencies than the store's: sent, they replace the sku's; [] clears them. */
export const SkuPricesInput = Type.Array(Type.Object({
  currency: Type.String({ maxLength: 8, description: "ISO 4217, not the store's own" }),
  price: Type.Integer({ minimum: 0, maximum: 1e12, description: "in the currency's minor units (JPY: whole yen)" }),
  compared_price: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 1e12 }))),
}), { maxItems: 50, description: "fixed prices in other currencies: a market in that currency sells at it rather than converting; replaces the sku's set, [] clears it" });
