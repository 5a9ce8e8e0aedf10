import { IdParams, ok, Problem } from '../../http/common-schemas.js';
import type { App } from '../../http/types.js';
import { CheckoutEnvelope, CheckoutWrite, MethodsWrite, PaymentWrite } from './checkout.schemas.js';
import * as checkout from './checkout.service.js';
import { payOrder } from './payment.service.js';

const tags = ['Checkout'];
/**
 * Checkouts belong to the sales channel of their cart: its channel key (a customer token with it), or
 * an admin key taking a staff order (a read-only key may only read them).
 */
const channel = { access: 'storefront' as const };
const response = ok(CheckoutEnvelope);

/** The checkout endpoints; `settings` carry how long a checkout stays open. */
export function checkoutRoutes(settings: checkout.CheckoutSettings) {
  return async (app: App): Promise<void> => {
    app.post('/v1/carts/:id/checkout', {
      config: { ...channel, action: 'checkout.create' },
      schema: { tags, summary: 'Turn a cart into an order (the body may be empty)', params: IdParams, body: CheckoutWrite, response },
    }, async (request) => checkout.createCheckout(request.ctx, request.params.id, request.body, settings, request.ip));

    app.put('/v1/checkouts/:id', {
      config: { ...channel, action: 'checkout.update' },
      schema: { tags, summary: 'Give the checkout buyer data and addresses', params: IdParams, body: CheckoutWrite, response },
    }, async (request) => checkout.updateCheckout(request.ctx, request.params.id, request.body, request.ip));

    app.get('/v1/checkouts/:id', {
      config: { ...channel, action: 'checkout.read' },
      schema: { tags, summary: 'Get a checkout', params: IdParams, response },
    }, async (request) => checkout.getCheckout(request.ctx, request.params.id));

    app.post('/v1/checkouts/:id/methods', {
      config: { ...channel, action: 'checkout.update' },
      schema: { tags, summary: 'Choose the shipping method and the payment gateway', params: IdParams, body: MethodsWrite, response },
    }, async (request) => checkout.chooseMethods(request.ctx, request.params.id, request.body));

    app.post('/v1/checkouts/:id/payment', {
      config: { ...channel, action: 'checkout.pay' },
      // 402: the gateway declined (the order stays payable).
      schema: { tags, summary: 'Pay, and so place the order', params: IdParams, body: PaymentWrite, response: { ...response, 402: Problem } },
    }, async (request) => payOrder(request.ctx, request.params.id, request.body));
  };
}
