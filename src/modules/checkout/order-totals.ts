export interface LineInput {
  productId: string;
  /** Unit price in cents. */
  price: number;
  quantity: number;
  isTaxable: boolean;
  /** Unit weight in grams. */
  weight: number;
  /** The line's share of the order's item discounts, in cents (0 when none). */
  discount?: number;
}

export interface LineTotals {
  /**
   * The rate applied to the line in whole basis points, as the spec's integer item `tax_rate` (0 when
   * the item is not taxable): a finer rate (887.5) is rounded half up here; `taxes` use it exactly.
   */
  tax_rate: number;
  /** price × quantity, as priced. */
  subtotal: number;
  /** The line's share of the item discounts. */
  discount: number;
  /** The tax in the line, on subtotal − discount: extracted from it when prices include tax, added to it otherwise. */
  taxes: number;
  /** What the line costs the buyer: subtotal − discount (+ taxes when prices exclude them). */
  total: number;
}

export interface OrderTotals {
  lines: LineTotals[];
  total_products: number;
  total_items: number;
  total_items_price: number;
  total_discount: number;
  subtotal_price: number;
  total_taxes: number;
  total_price: number;
  total_weight: number;
}

/** Millionths in a whole: a rate of 1 000 000 ppm is 100 %. */
const PPM = 1_000_000n;

/** `numerator / denominator` rounded half up, for non-negative integers, exactly (no float). */
function divideHalfUp(numerator: bigint, denominator: bigint): number {
  return Number((2n * numerator + denominator) / (2n * denominator));
}

/**
 * The tax in `amount` cents at `ratePpm` millionths, rounded half up to the cent: extracted from it
 * when prices include tax (`amount × rate / (1 + rate)`), otherwise on top of it (`amount × rate`).
 * Integer arithmetic, so 8.875 % of any amount is exact.
 */
export function taxOf(amount: number, ratePpm: number, taxIncluded: boolean): number {
  const taxed = BigInt(amount) * BigInt(ratePpm);
  return divideHalfUp(taxed, taxIncluded ? PPM + BigInt(ratePpm) : PPM);
}

/**
 * The totals of an order. `taxRate` is in basis points with up to two decimals (887.5 is 8.875 %).
 * Taxes are on each line's discounted amount (subtotal − discount), rounded per line (half up, to
 * the cent): with prices that include tax the line's tax is `amount × rate / (10000 + rate)`,
 * otherwise `amount × rate / 10000` added to it. Shipping is not taxed. total_discount = the item
 * discounts + `shippingDiscount`; total_price = items after discount + shipping − shippingDiscount +
 * taxes when not included.
 */
export function computeTotals(lines: LineInput[], taxRate: number, taxIncluded: boolean, shippingPrice: number, shippingDiscount = 0): OrderTotals {
  // The rate came from a whole number of millionths (tax-rates.service.ts), so this is exact.
  const ratePpm = Math.round(taxRate * 100);
  const lineTotals = lines.map((line): LineTotals => {
    const rate = line.isTaxable ? ratePpm : 0;
    const subtotal = line.price * line.quantity;
    const discount = line.discount ?? 0;
    const amount = subtotal - discount;
    const taxes = taxOf(amount, rate, taxIncluded);
    return { tax_rate: Math.round(rate / 100), subtotal, discount, taxes, total: taxIncluded ? amount : amount + taxes };
  });
  const itemsPrice = lineTotals.reduce((sum, line) => sum + line.subtotal, 0);
  const totalTaxes = lineTotals.reduce((sum, line) => sum + line.taxes, 0);
  const itemDiscount = lineTotals.reduce((sum, line) => sum + line.discount, 0);
  const subtotal = itemsPrice - itemDiscount;
  return {
    lines: lineTotals,
    total_products: new Set(lines.map((line) => line.productId)).size,
    total_items: lines.reduce((sum, line) => sum + line.quantity, 0),
    total_items_price: itemsPrice,
    total_discount: itemDiscount + shippingDiscount,
    subtotal_price: subtotal,
    total_taxes: totalTaxes,
    total_price: subtotal + shippingPrice - shippingDiscount + (taxIncluded ? 0 : totalTaxes),
    total_weight: lines.reduce((sum, line) => sum + line.weight * line.quantity, 0),
  };
}

/** The figures of an order that say how its total was made (OrderTotals, with the shipping price). */
export type TotalsFacts = Pick<OrderTotals, 'total_items_price' | 'total_discount' | 'total_taxes' | 'total_price'> & { shipping_rate: number };

/**
 * Whether an order's taxes are within its prices, read from its own figures rather than the store's
 * setting of now (which staff may have changed since it was priced): computeTotals adds the taxes to
 * the total only when prices exclude them, so a total of items − discount + shipping alone means they
 * were included. An order without taxes has none to add: false.
 */
export function areTaxesIncluded(order: TotalsFacts): boolean {
  return order.total_taxes > 0 && order.total_price === order.total_items_price - order.total_discount + order.shipping_rate;
}
