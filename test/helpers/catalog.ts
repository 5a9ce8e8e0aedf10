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
