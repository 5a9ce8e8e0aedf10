import { created, IdParams, noContent, ok } from '../../http/common-schemas.js';
import type { App } from '../../http/types.js';
import { pageRequest } from '../../lib/pagination.js';
import { DiscountCreate, DiscountEnvelope, DiscountList, DiscountListQuery, DiscountUpdate } from './discounts.schemas.js';
import * as service from './discounts.service.js';

const tags = ['Discounts'];

/** Discount codes and automatic discounts: staff only (admin keys; read-only keys read). */
export async function discountsRoutes(app: App): Promise<void> {
  app.get('/v1/discounts', {
    config: { action: 'discount.read' },
    schema: { tags, summary: 'List discounts in creation order, by words of the code or title, activity and kind', querystring: DiscountListQuery, response: ok(DiscountList) },
  }, async (request) => {
    const { page: _p, per_page: _pp, ...filter } = request.query;
    return service.listDiscounts(request.ctx, filter, pageRequest(request.query), request.url);
  });

  app.get('/v1/discounts/:id', {
    config: { action: 'discount.read' },
    schema: { tags, summary: 'Get a discount', params: IdParams, response: ok(DiscountEnvelope) },
  }, async (request) => ({ data: await service.getDiscount(request.ctx, request.params.id) }));

  app.post('/v1/discounts', {
    config: { action: 'discount.create' },
    schema: { tags, summary: 'Create a discount code, or an automatic discount (no code)', body: DiscountCreate, response: created(DiscountEnvelope) },
  }, async (request, reply) => reply.code(201).send({ data: await service.createDiscount(request.ctx, request.body) }));

  app.post('/v1/discounts/:id', {
    config: { action: 'discount.update' },
    schema: { tags, summary: 'Update a discount; members left out keep their value', params: IdParams, body: DiscountUpdate, response: ok(DiscountEnvelope) },
  }, async (request) => ({ data: await service.updateDiscount(request.ctx, request.params.id, request.body) }));

  app.delete('/v1/discounts/:id', {
    config: { action: 'discount.delete' },
    schema: { tags, summary: 'Delete a discount (orders that used it keep what it took off)', params: IdParams, response: noContent },
  }, async (request, reply) => {
    await service.deleteDiscount(request.ctx, request.params.id);
    return reply.code(204).send(null);
  });
}
