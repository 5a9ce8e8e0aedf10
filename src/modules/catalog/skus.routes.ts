import { created, IdParams, noContent, ok } from '../../http/common-schemas.js';
import type { App } from '../../http/types.js';
import { pageRequest } from '../../lib/pagination.js';
import { requestMarket } from '../markets/market-views.js';
import { facetsOf, skuFilterOf } from './listing-query.js';
import { CatalogReadQuery, SkuCreate, SkuEnvelope, SkuList, SkuListQuery, SkuUpdate } from './skus.schemas.js';
import * as service from './skus.service.js';

const tags = ['Skus'];
const storefront = { access: 'storefront' as const, cache: true, translated: true };

export async function skusRoutes(app: App): Promise<void> {
  app.get('/v1/skus', {
    config: { ...storefront, action: 'sku.read' },
    schema: { tags, summary: 'List skus', querystring: SkuListQuery, response: ok(SkuList) },
  }, async (request) => {
    const filter = { ...skuFilterOf(request.query), market: await requestMarket(request.ctx.db, request.query) };
    return service.listSkus(request.ctx, filter, pageRequest(request.query), request.url, facetsOf(request.query));
  });

  app.get('/v1/skus/:id', {
    config: { ...storefront, action: 'sku.read' },
    schema: { tags, summary: 'Get a sku', params: IdParams, querystring: CatalogReadQuery, response: ok(SkuEnvelope) },
  }, async (request) => ({ data: await service.getSku(request.ctx, request.params.id, await requestMarket(request.ctx.db, request.query)) }));

  app.post('/v1/skus', {
    config: { action: 'sku.create' },
    schema: { tags, summary: 'Create a sku of a product', body: SkuCreate, response: created(SkuEnvelope) },
  }, async (request, reply) => reply.code(201).send({ data: await service.createSku(request.ctx, request.body) }));

  app.post('/v1/skus/:id', {
    config: { action: 'sku.update' },
    schema: { tags, summary: 'Update a sku (its product cannot change)', params: IdParams, body: SkuUpdate, response: ok(SkuEnvelope) },
  }, async (request) => ({ data: await service.updateSku(request.ctx, request.params.id, request.body) }));

  // The spec names the singular path for deletion; the plural one is accepted too.
  for (const path of ['/v1/sku/:id', '/v1/skus/:id']) {
    app.delete(path, {
      config: { action: 'sku.delete' },
      schema: { tags, summary: 'Delete a sku', params: IdParams, response: noContent },
    }, async (request, reply) => {
      await service.deleteSku(request.ctx, request.params.id);
      return reply.code(204).send(null);
    });
  }
}
