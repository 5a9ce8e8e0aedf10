import type { App } from '../../http/types.js';

/** Collections, products, skus and categories. */
export async function catalogRoutes(app: App): Promise<void> {
}
