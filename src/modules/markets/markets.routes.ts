import { created, IdParams, noContent, ok } from '../../http/common-schemas.js';
import type { App } from '../../http/types.js';
import { pageRequest } from '../../lib/pagination.js';
import { MarketCreate, MarketEnvelope, MarketList, MarketListQuery, MarketUpdate } from './markets.schemas.js';
import * as service from './markets.service.js';

const tags = ['Markets'];
const storefront = { access: 'storefront' as const, cache: true };

/** Markets: countries sold to in their own currency and languages. A storefront reads the active ones. */
export async function marketsRoutes(app: App): Promise<void> {
  app.get('/v1/markets', {
    config: { ...storefront, action: 'market.read' },
    schema: { tags, summary: 'List markets (a storefront sees the active ones)', querystring: MarketListQuery, response: ok(MarketList) },
  }, async (request) => service.listMarkets(request.ctx, pageRequest(request.query), request.url));

  app.get('/v1/markets/:id', {
    config: { ...storefront, action: 'market.read' },
    schema: { tags, summary: 'Get a market', params: IdParams, response: ok(MarketEnvelope) },
  }, async (request) => ({ data: await service.getMarket(request.ctx, request.params.id) }));

  app.post('/v1/markets', {
    config: { action: 'market.create' },
    schema: { tags, summary: 'Create a market', body: MarketCreate, response: created(MarketEnvelope) },
  }, async (request, reply) => reply.code(201).send({ data: await service.createMarket(request.ctx, request.body) }));

  app.post('/v1/markets/:id', {
    config: { action: 'market.update' },
    schema: { tags, summary: 'Update a market', params: IdParams, body: MarketUpdate, response: ok(MarketEnvelope) },
  }, async (request) => ({ data: await service.updateMarket(request.ctx, request.params.id, request.body) }));

  app.delete('/v1/markets/:id', {
    config: { action: 'market.delete' },
    schema: { tags, summary: 'Delete a market with its countries and prices', params: IdParams, response: noContent },
  }, async (request, reply) => {
    await service.deleteMarket(request.ctx, request.params.id);
    return reply.code(204).send(null);
  });
}
