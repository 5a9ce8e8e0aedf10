import type { App } from '../../http/types.js';
import { categoriesRoutes } from './categories.routes.js';
import { collectionsRoutes } from './collections.routes.js';
import { productsRoutes } from './products.routes.js';
import { skusRoutes } from './skus.routes.js';

/** Collections, products, skus and categories. */
export async function catalogRoutes(app: App): Promise<void> {
  await app.register(categoriesRoutes);
  await app.register(collectionsRoutes);
  await app.register(productsRoutes);
  await app.register(skusRoutes);
}
