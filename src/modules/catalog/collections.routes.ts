import { IdOrPermalinkParams, IdParams, created, noContent, ok } from '../../http/common-schemas.js';
import type { App } from '../../http/types.js';
import { requestMarket } from '../markets/market-views.js';
import { pageRequest } from '../../lib/pagination.js';
import {
  CollectionEnvelope, CollectionList, CollectionListQuery, CollectionPreview, CollectionPreviewQuery, CollectionProductList,
  CollectionProductsQuery, CollectionWrite,
  MembershipCreate, MembershipEnvelope, MembershipListEnvelope, MembershipOrder, MembershipParams,
} from './collections.schemas.js';
import { LocaleQuery } from '../translations/translations.schemas.js';
import * as service from './collections.service.js';
import { catalogFilterOf, facetsOf } from './listing-query.js';

const tags = ['Collections'];
const storefront = { access: 'storefront' as const, cache: true, translated: true };

export async function collectionsRoutes(app: App): Promise<void> {
  app.get('/v1/collections', {
    config: { ...storefront, action: 'collection.read' },
    schema: { tags, summary: 'List collections', querystring: CollectionListQuery, response: ok(CollectionList) },
  }, async (request) => service.listCollections(request.ctx, request.query, pageRequest(request.query), request.url));

  app.get('/v1/collections/:id', {
    config: { ...storefront, action: 'collection.read' },
    schema: { tags, summary: 'Get a collection', params: IdOrPermalinkParams, querystring: LocaleQuery, response: ok(CollectionEnvelope) },
  }, async (request) => ({ data: await service.getCollection(request.ctx, request.params.id) }));

  app.get('/v1/collections/:id/products', {
    config: { ...storefront, action: 'product.read' },
    schema: {
      tags,
      summary: 'List the products of a collection',
      params: IdOrPermalinkParams,
      querystring: CollectionProductsQuery,
      response: ok(CollectionProductList),
    },
  }, async (request) =>
    service.listCollectionProducts(
      request.ctx, request.params.id, { ...catalogFilterOf(request.query), market: await requestMarket(request.ctx.db, request.query) }, pageRequest(request.query), request.url,
      facetsOf(request.query),
    ));

  app.post('/v1/collections', {
    config: { action: 'collection.create' },
    schema: { tags, summary: 'Create a collection', body: CollectionWrite, response: created(CollectionEnvelope) },
  }, async (request, reply) => reply.code(201).send({ data: await service.createCollection(request.ctx, request.body) }));

  // A static path: it wins over /v1/collections/:id (collection ids start with col_).
  app.post('/v1/collections/preview', {
    config: { action: 'collection.preview' },
    schema: {
      tags,
      summary: 'List the products a smart collection with these rules would hold, without saving anything',
      querystring: CollectionPreviewQuery,
      body: CollectionPreview,
      response: ok(CollectionProductList),
    },
  }, async (request) => service.previewSmartCollection(request.ctx, request.body, pageRequest(request.query), request.url));

  app.post('/v1/collections/:id', {
    config: { action: 'collection.update' },
    schema: { tags, summary: 'Update a collection (title and kind required)', params: IdParams, body: CollectionWrite, response: ok(CollectionEnvelope) },
  }, async (request) => ({ data: await service.updateCollection(request.ctx, request.params.id, request.body) }));

  app.delete('/v1/collections/:id', {
    config: { action: 'collection.delete' },
    schema: { tags, summary: 'Delete a collection', params: IdParams, response: noContent },
  }, async (request, reply) => {
    await service.deleteCollection(request.ctx, request.params.id);
    return reply.code(204).send(null);
  });

  app.post('/v1/collections/:id/products', {
    config: { action: 'collection.update' },
    schema: {
      tags,
      summary: 'Add a product to a collection of kind products (or move it)',
      params: IdParams,
      body: MembershipCreate,
      response: ok(MembershipEnvelope),
    },
  }, async (request) => ({
    data: await service.addCollectionProduct(request.ctx, request.params.id, request.body.product_id, request.body.position),
  }));

  app.post('/v1/collections/:id/products/order', {
    config: { action: 'collection.update' },
    schema: {
      tags,
      summary: 'Order the products of a collection of kind products: those named first, the others after them',
      params: IdParams,
      body: MembershipOrder,
      response: ok(MembershipListEnvelope),
    },
  }, async (request) => ({ data: await service.orderCollectionProducts(request.ctx, request.params.id, request.body.product_ids) }));

  app.delete('/v1/collections/:id/products/:productId', {
    config: { action: 'collection.update' },
    schema: { tags, summary: 'Remove a product from a collection of kind products', params: MembershipParams, response: noContent },
  }, async (request, reply) => {
    await service.removeCollectionProduct(request.ctx, request.params.id, request.params.productId);
    return reply.code(204).send(null);
  });
}
