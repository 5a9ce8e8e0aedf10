import { created, IdParams, ok } from '../../http/common-schemas.js';
import type { App } from '../../http/types.js';
import { CartEnvelope, CartWrite } from './carts.schemas.js';
import * as service from './carts.service.js';

const tags = ['Carts'];
/**
 * Carts belong to a sales channel: its channel key (a customer token with it), or an admin key taking
 * a staff order (a read-only key may only read them).
 */
const channel = { access: 'storefront' as const };

export async function cartsRoutes(app: App): Promise<void> {
  app.post('/v1/carts', {
    config: { ...channel, action: 'cart.create' },
    schema: { tags, summary: 'Create a cart (an empty body makes an empty cart)', body: CartWrite, response: created(CartEnvelope) },
  }, async (request, reply) => {
    const client = { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
    return reply.code(201).send({ data: await service.createCart(request.ctx, request.body ?? {}, client) });
  });

  app.get('/v1/carts/:id', {
    config: { ...channel, action: 'cart.read' },
    schema: { tags, summary: 'Get a cart', params: IdParams, response: ok(CartEnvelope) },
  }, async (request) => ({ data: await service.getCart(request.ctx, request.params.id) }));

  app.put('/v1/carts/:id', {
    config: { ...channel, action: 'cart.update' },
    schema: { tags, summary: 'Update a cart: items adds, sets or (with 0) removes skus', params: IdParams, body: CartWrite, response: ok(CartEnvelope) },
  }, async (request) => ({ data: await service.updateCart(request.ctx, request.params.id, request.body ?? {}) }));
}
