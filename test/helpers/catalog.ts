import { expect } from 'vitest';
import { uniqueWord } from './expect.js';
import type { TestContext } from './test-app.js';

/** The ids of a list, in order. */
export const ids = (list: Array<{ id: string }>) => list.map((item) => item.id);

/** Makers of catalogue records through the admin API; each must succeed. */
export function catalogFactories(t: TestContext) {
  return {
    async createProduct(body: Record<string, unknown> = {}): Promise<any> {
      const res = await t.admin.post('/v1/products', { name: `Product ${uniqueWord()}`, ...body });
      expect(res.status, res.text).toBe(201);
      return res.body.data;
    },
    async createSku(body: Record<string, unknown>): Promise<any> {
      const res = await t.admin.post('/v1/skus', body);
      expect(res.status, res.text).toBe(201);
      return res.body.data;
    },
  };
}

/**
 * A staff view of a product or sku as its event records it: without the skus' `market_prices`, a
 * read model that markets change without any sku event.
 */
export function asRecorded<T extends Record<string, any>>(view: T): T {
  const { market_prices: _, ...rest } = view;
  return (Array.isArray(rest.skus) ? { ...rest, skus: rest.skus.map((sku: Record<string, any>) => asRecorded(sku)) } : rest) as T;
}
