import { Type } from 'typebox';
import { DataEnvelope, IdParams, ok, Problem } from '../../http/common-schemas.js';
import type { App } from '../../http/types.js';
import { receiveGatewayWebhook } from './gateway-webhooks.service.js';

const GatewayEvent = Type.Object({
  object: Type.Literal('gateway_event'),
  id: Type.String({ description: "the provider's event id (Stripe: evt_…)" }),
  kind: Type.String({ description: "the provider's event type (payment_intent.succeeded)" }),
  duplicate: Type.Boolean({ description: 'true when the event was settled already: nothing was done again' }),
}, { title: 'GatewayEvent' });

/**
 * Webhooks of payment providers. The body is kept as the bytes sent, for this route only: the
 * provider signs exactly those bytes, which parsing and re-serialising JSON would not give back.
 */
export async function gatewayWebhooksRoutes(app: App): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post('/v1/gateways/:id/webhooks', {
// The provider has no key of the store: the signature, checked with the gateway's webhook secret, is the credential.
    config: { access: 'public', action: 'gateway.webhook' },
    schema: {
      tags: ['Gateways'],
      summary: "Receive a payment provider's webhook (Stripe: point the endpoint here, send the events settled below)",
      description: 'For a stripe gateway: payment_intent.succeeded, payment_intent.amount_capturable_updated, payment_intent.payment_failed, '
        + 'charge.refunded and charge.dispute.created are settled; other events are acknowledged. The Stripe-Signature header is verified with '
        + "the gateway's webhook_secret over the raw body (401 unauthorized when it does not verify). Each event is settled once by its id; "
        + 'a repeat answers duplicate: true. 409 invalid_state while a payment of the order is under way: the provider delivers it again later.',
      security: [{ providerSignature: [] }],
      params: IdParams,
      // 401: the signature does not verify.
      response: { ...ok(DataEnvelope(GatewayEvent)), 401: Problem },
    },
  }, async (request) => {
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    return { data: await receiveGatewayWebhook(request.ctx, request.params.id, body, request.headers) };
  });
}
