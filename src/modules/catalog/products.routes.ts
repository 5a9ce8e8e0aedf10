import { created, IdOrPermalinkParams, IdParams, noContent, ok } from '../../http/common-schemas.js';
import type { App } from '../../http/types.js';
import { pageRequest } from '../../lib/pagination.js';
import { requestMarket } from '../markets/market-views.js';
import { catalogFilterOf, facetsOf, skuFilterOf } from './listing-query.js';
import { ProductCreate, ProductEnvelope, ProductList, ProductListQuery, ProductUpdate } from './products.schemas.js';
import * as service from './products.service.js';
import { CatalogReadQuery, ProductSkuListQuery, SkuList } from './skus.schemas.js';
import { listSkus } from './skus.service.js';

const tags = ['Products'];
const storefront = { access: 'storefront' as const, cache: true, translated: true };

export async function productsRoutes(app: App): Promise<void> {
  app.get('/v1/products', {
    config: { ...storefront, action: 'product.read' },
    schema: { tags, summary: 'List products', querystring: ProductListQuery, response: ok(ProductList) },
  }, async (request) => {
    const filter = { ...catalogFilterOf(request.query), categoryId: request.query.category_id, market: await requestMarket(request.ctx.db, request.query) };
    return service.listProducts(request.ctx, { kind: 'all' }, filter, filter.sortBy ?? 'created-ascending', pageRequest(request.query), request.url, facetsOf(request.query));
  });

  app.get('/v1/products/:id', {
    config: { ...storefront, action: 'product.read' },
    schema: { tags, summary: 'Get a product', params: IdOrPermalinkParams, querystring: CatalogReadQuery, response: ok(ProductEnvelope) },
  }, async (request) => ({ data: await service.getProduct(request.ctx, request.params.id, await requestMarket(request.ctx.db, request.query)) }));

  app.get('/v1/products/:id/skus', {
    config: { ...storefront, action: 'sku.read' },
    schema: { tags, summary: 'List the skus of a product', params: IdOrPermalinkParams, querystring: ProductSkuListQuery, response: ok(SkuList) },
  }, async (request) => {
    const productId = await service.visibleProductId(request.ctx, request.params.id);
    const filter = { ...skuFilterOf(request.query), productId, market: await requestMarket(request.ctx.db, request.query) };
    return listSkus(request.ctx, filter, pageRequest(request.query), request.url, facetsOf(request.query));
  });

  app.post('/v1/products', {
    config: { action: 'product.create' },
    schema: { tags, summary: 'Create a product (with its default sku)', body: ProductCreate, response: created(ProductEnvelope) },
  }, async (request, reply) => reply.code(201).send({ data: await service.createProduct(request.ctx, request.body) }));

  app.post('/v1/products/:id', {
    config: { action: 'product.update' },
    schema: { tags, summary: 'Update a product', params: IdParams, body: ProductUpdate, response: ok(ProductEnvelope) },
  }, async (request) => ({ data: await service.updateProduct(request.ctx, request.params.id, request.body) }));

  app.delete('/v1/products/:id', {
    config: { action: 'product.delete' },
    schema: { tags, summary: 'Delete a product with its skus', params: IdParams, response: noContent },
  }, async (request, reply) => {
    await service.deleteProduct(request.ctx, request.params.id);
    return reply.code(204).send(null);
  });
}
