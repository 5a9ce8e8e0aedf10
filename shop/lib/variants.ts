import type { components } from '@storefront-api/client';

type Sku = components['schemas']['Sku'];

export type StockState = 'in_stock' | 'low' | 'sold_out' | 'backorder';

/** What a buyer can be told of a sku's stock: only skus that count stock run out. */
export function stockState(sku: Sku): StockState {
  if (sku.stock_policy !== 'overall' || sku.in_stock === null) return 'in_stock';
  if (sku.in_stock > 0) return sku.low_threshold !== null && sku.in_stock <= sku.low_threshold ? 'low' : 'in_stock';
  return sku.is_backorderable ? 'backorder' : 'sold_out';
}

export interface OptionChoice {
  value: string;
  /** The sku this choice leads to: the one with the other options kept, else the first with this value. */
  skuId: string;
  selected: boolean;
  soldOut: boolean;
}

/** For each of the product's modifiers, its values and the sku each one picks, given the selected sku. */
export function optionChoices(modifiers: string[], skus: Sku[], selected: Sku): Array<{ name: string; choices: OptionChoice[] }> {
  return modifiers.map((name) => {
    const values = [...new Set(skus.map((sku) => sku.options[name]).filter((value): value is string => value !== undefined))];
    return {
      name,
      choices: values.map((value) => {
        const wanted = { ...selected.options, [name]: value };
        const exact = skus.find((sku) => modifiers.every((m) => sku.options[m] === wanted[m]));
        const target = exact ?? skus.find((sku) => sku.options[name] === value)!;
        return { value, skuId: target.id, selected: selected.options[name] === value, soldOut: stockState(target) === 'sold_out' };
      }),
    };
  });
}
