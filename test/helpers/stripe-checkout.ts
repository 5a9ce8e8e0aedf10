import { afterAll, beforeAll, expect } from 'vitest';
import { makeGateway } from './checkout.js';
import { FAKE_PAYMENT_METHODS, FakeStripe, signedEvent, stripeEvent } from './fake-stripe.js';
import type { Client, TestContext, TestResponse } from './test-app.js';

export const STRIPE_KEYS = {
  secret: 'sk_test_51StorefrontSecret',
  publishable: 'pk_test_51StorefrontPublishable',
  webhook: 'whsec_storefronttestsigningsecret',
} as const;

/** A fake Stripe running for the tests of the calling describe. */
export function useFakeStripe(): FakeStripe {
  const stripe = new FakeStripe();
  beforeAll(async () => {
    await stripe.start();
  });
  afterAll(async () => {
    await stripe.close();
  });
  return stripe;
}

/** A stripe gateway pointed at the fake Stripe, with every key set. */
export function makeStripeGateway(t: TestContext, stripe: FakeStripe, settings: Record<string, unknown> = {}): Promise<{ id: string; source: string }> {
  return makeGateway(t, 'stripe', {
    publishable_key: STRIPE_KEYS.publishable, secret_key: STRIPE_KEYS.secret, webhook_secret: STRIPE_KEYS.webhook, api_base: stripe.url, ...settings,
  });
}

/** Pays a checkout as a storefront does after Stripe.js made the PaymentMethod. */
export function payByStripe(t: TestContext, orderId: string, paymentMethod: string = FAKE_PAYMENT_METHODS.visa, headers?: Record<string, string>, client: Client = t.storefront): Promise<TestResponse> {
  return client.post(`/v1/checkouts/${orderId}/payment`, { payment: { method: 'card', payment_method_id: paymentMethod } }, headers ? { headers } : undefined);
}

/** Posts a Stripe event to the gateway's webhook endpoint, signed as Stripe signs it (with `secret`). */
export function sendStripeEvent(t: TestContext, gatewayId: string, event: Record<string, unknown>, secret: string = STRIPE_KEYS.webhook): Promise<TestResponse> {
  const { payload, signature } = signedEvent(event, secret);
  return t.anonymous.post(`/v1/gateways/${gatewayId}/webhooks`, payload, { headers: { 'stripe-signature': signature, 'content-type': 'application/json; charset=utf-8' } });
}

/** Makes, signs and posts an event about `object`; answers the event and the response. */
export async function notifyStripe(t: TestContext, gatewayId: string, type: string, object: unknown): Promise<{ event: Record<string, unknown>; res: TestResponse }> {
  const event = stripeEvent(type, object);
  const res = await sendStripeEvent(t, gatewayId, event);
  return { event, res };
}

/** Posts the event and expects it settled (200, not a duplicate). */
export async function settle(t: TestContext, gatewayId: string, type: string, object: unknown): Promise<Record<string, unknown>> {
  const { event, res } = await notifyStripe(t, gatewayId, type, object);
  expect(res.status, res.text).toBe(200);
  expect(res.body.data).toMatchObject({ object: 'gateway_event', id: event.id, kind: type, duplicate: false });
  return event;
}
