import { created, IdParams, ok, Problem } from '../../http/common-schemas.js';
import type { App } from '../../http/types.js';
import { pageRequest } from '../../lib/pagination.js';
import {
  GiftCardBalanceCheck, GiftCardBalanceEnvelope, GiftCardCreate, GiftCardEnvelope, GiftCardList, GiftCardListQuery, GiftCardUpdate,
} from './gift-cards.schemas.js';
import * as service from './gift-cards.service.js';

const tags = ['Gift cards'];

/**
 * Gift cards issued by staff: owners and admins (read-only keys and the catalog role read); and a
 * buyer's balance check, through a sales channel's storefront.
 */
export async function giftCardsRoutes(app: App): Promise<void> {
  app.post('/v1/gift_cards/balance', {
    config: { access: 'channel', action: 'gift_card.check_balance' },
    schema: {
      tags, summary: "Check a gift card's balance by its whole code (a storefront's; limited misses per client)",
      // 404: the code names no card.
      body: GiftCardBalanceCheck, response: { ...ok(GiftCardBalanceEnvelope), 404: Problem },
    },
  }, async (request) => ({ data: await service.checkGiftCardBalance(request.ctx, request.body.code, request.ip) }));

  app.get('/v1/gift_cards', {
    config: { action: 'gift_card.read' },
    schema: { tags, summary: 'List gift cards in creation order, by whole code, customer, currency and state', querystring: GiftCardListQuery, response: ok(GiftCardList) },
  }, async (request) => {
    const { page: _p, per_page: _pp, ...filter } = request.query;
    return service.listGiftCards(request.ctx, filter, pageRequest(request.query), request.url);
  });

  app.get('/v1/gift_cards/:id', {
    config: { action: 'gift_card.read' },
    schema: { tags, summary: 'Get a gift card with the history of its balance', params: IdParams, response: ok(GiftCardEnvelope) },
  }, async (request) => ({ data: await service.getGiftCard(request.ctx, request.params.id) }));

  app.post('/v1/gift_cards', {
    config: { action: 'gift_card.create' },
    schema: { tags, summary: 'Issue a gift card; the answer shows its whole code, once', body: GiftCardCreate, response: created(GiftCardEnvelope) },
  }, async (request, reply) => reply.code(201).send({ data: await service.createGiftCard(request.ctx, request.body) }));

  app.post('/v1/gift_cards/:id', {
    config: { action: 'gift_card.update' },
    schema: { tags, summary: "Update a gift card's customer, expiry, note or state; members left out keep their value", params: IdParams, body: GiftCardUpdate, response: ok(GiftCardEnvelope) },
  }, async (request) => ({ data: await service.updateGiftCard(request.ctx, request.params.id, request.body) }));

  app.post('/v1/gift_cards/:id/disable', {
    config: { action: 'gift_card.disable' },
    schema: { tags, summary: 'Disable a gift card: it pays for nothing from now on', params: IdParams, response: ok(GiftCardEnvelope) },
  }, async (request) => ({ data: await service.disableGiftCard(request.ctx, request.params.id) }));
}
