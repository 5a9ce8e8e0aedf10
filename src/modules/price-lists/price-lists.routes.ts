import { created, IdParams, noContent, ok } from '../../http/common-schemas.js';
import type { App } from '../../http/types.js';
import { pageRequest } from '../../lib/pagination.js';
import { PriceListCreate, PriceListEnvelope, PriceListList, PriceListListQuery, PriceListUpdate } from './price-lists.schemas.js';
import * as service from './price-lists.service.js';

const tags = ['Price lists'];

/** Price lists: prices that signed-in members of customer groups pay. Staff only. */
export async function priceListsRoutes(app: App): Promise<void> {
  app.get('/v1/price_lists', {
    config: { action: 'price_list.read' },
    schema: { tags, summary: 'List price lists', querystring: PriceListListQuery, response: ok(PriceListList) },
  }, async (request) => service.listPriceLists(request.ctx, pageRequest(request.query), request.url));

  app.get('/v1/price_lists/:id', {
    config: { action: 'price_list.read' },
    schema: { tags, summary: 'Get a price list', params: IdParams, response: ok(PriceListEnvelope) },
  }, async (request) => ({ data: await service.getPriceList(request.ctx, request.params.id) }));

  app.post('/v1/price_lists', {
    config: { action: 'price_list.create' },
    schema: { tags, summary: 'Create a price list', body: PriceListCreate, response: created(PriceListEnvelope) },
  }, async (request, reply) => reply.code(201).send({ data: await service.createPriceList(request.ctx, request.body) }));

  app.post('/v1/price_lists/:id', {
    config: { action: 'price_list.update' },
    schema: { tags, summary: 'Update a price list', params: IdParams, body: PriceListUpdate, response: ok(PriceListEnvelope) },
  }, async (request) => ({ data: await service.updatePriceList(request.ctx, request.params.id, request.body) }));

  app.delete('/v1/price_lists/:id', {
    config: { action: 'price_list.delete' },
    schema: { tags, summary: 'Delete a price list', params: IdParams, response: noContent },
  }, async (request, reply) => {
    await service.deletePriceList(request.ctx, request.params.id);
    return reply.code(204).send(null);
  });
}
