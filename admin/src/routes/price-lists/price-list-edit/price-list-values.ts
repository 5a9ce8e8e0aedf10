import type { PriceList, PriceListWrite } from '../../../api/price-lists';
import { pickerDate, pickerSeconds } from '../../../components/schedule-fields';
import { formatMoney, toMajor, toMinor } from '../../../lib/format';
import type { FieldMessages } from '../../../lib/problems';

/** A row of the prices table: a sku's price as staff type it, in major units of its currency. */
export interface PriceRow {
  sku_id: string;
  /** null: the store's currency. */
  currency: string | null;
  price: number | string;
}

export interface PriceListValues {
  name: string;
  customer_group_ids: string[];
  starts_at: string | null;
  ends_at: string | null;
  is_active: boolean;
  prices: PriceRow[];
}

/** The API's fields the form shows, for the server's problems to land beside (`prices[2][price]` too). */
export const FIELDS = ['name', 'customer_group_ids', 'starts_at', 'ends_at', 'is_active', 'prices'] as const;

export function valuesOf(list: PriceList | undefined, storeCurrency: string): PriceListValues {
  if (!list) return { name: '', customer_group_ids: [], starts_at: null, ends_at: null, is_active: true, prices: [] };
  return {
    name: list.name,
    customer_group_ids: [...list.customer_group_ids],
    starts_at: pickerDate(list.starts_at),
    ends_at: pickerDate(list.ends_at),
    is_active: list.is_active,
    prices: list.prices.map((row) => ({ sku_id: row.sku_id, currency: row.currency, price: toMajor(row.price, row.currency ?? storeCurrency) })),
  };
}

/** The body of a save: amounts in minor units of each row's currency; the prices and groups sent replace the list's. */
export function bodyOf(values: PriceListValues, storeCurrency: string): PriceListWrite {
  return {
    name: values.name.trim(),
    customer_group_ids: values.customer_group_ids,
    starts_at: pickerSeconds(values.starts_at),
    ends_at: pickerSeconds(values.ends_at),
    is_active: values.is_active,
    prices: values.prices.map((row) => ({ sku_id: row.sku_id, currency: row.currency, price: toMinor(Number(row.price), row.currency ?? storeCurrency) })),
  };
}

/**
 * The server's bounds of a row's price said in its currency (`At most $10,000,000,000.00`): the API
 * counts minor units, staff type major ones. Other words are the server's.
 */
export function priceMessages(values: PriceListValues, storeCurrency: string): FieldMessages {
  return Object.fromEntries(values.prices.map((row, index) => [`prices.${index}.price`, (fault: { message: string }) => {
    const bound = /at (most|least) (\d+)/.exec(fault.message);
    return bound ? `At ${bound[1]} ${formatMoney(Number(bound[2]), row.currency ?? storeCurrency)}` : null;
  }]));
}
