import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { resultOfIntent, stripeDriver } from './stripe.js';

const intent = (status: Stripe.PaymentIntent.Status, extra: Partial<Stripe.PaymentIntent> = {}) =>
  ({ id: 'pi_1', status, client_secret: 'pi_1_secret_x', latest_charge: 'ch_1', last_payment_error: null, ...extra }) as Stripe.PaymentIntent;

describe('stripe driver', () => {
  it('takes a payment that succeeded or awaits capture, and names the charge', () => {
    for (const status of ['succeeded', 'requires_capture'] as const) {
      expect(resultOfIntent(intent(status), true)).toMatchObject({ status: 'succeeded', authorization: 'pi_1', reference: 'ch_1', isTest: true });
    }
  });

  it('leaves a payment the buyer must confirm, or Stripe still processes, pending with what the browser needs', () => {
    expect(resultOfIntent(intent('requires_action'), false)).toMatchObject({
      status: 'pending', nextAction: { type: 'requires_action', gateway: 'stripe', payment_intent: 'pi_1', client_secret: 'pi_1_secret_x' },
    });
    expect(resultOfIntent(intent('processing'), false).nextAction).toMatchObject({ type: 'processing' });
  });

  it('declines with the decline code, else the error code', () => {
    const declined = intent('requires_payment_method', { last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'No funds' } });
    expect(resultOfIntent(declined, true)).toMatchObject({ status: 'failed', code: 'insufficient_funds', message: 'No funds' });
    expect(resultOfIntent(intent('canceled'), true)).toMatchObject({ status: 'failed', code: 'payment_failed' });
  });

  it('requires both keys, each of its own kind, and knows no other setting', () => {
    expect(stripeDriver.checkSettings({})).toEqual({ secret_key: 'is required', publishable_key: 'is required' });
    expect(stripeDriver.checkSettings({ secret_key: 'rk_live_abc', publishable_key: 'pk_live_abc', webhook_secret: 'whsec_abc', capture: 'manual', api_base: 'https://api.example' })).toEqual({});
    expect(Object.keys(stripeDriver.checkSettings({ secret_key: 'pk_test_x', publishable_key: 'sk_test_x', color: 'red' })).sort()).toEqual(['color', 'publishable_key', 'secret_key']);
  });

  it('asks for the PaymentMethod Stripe.js made, never a card number', () => {
    expect(stripeDriver.checkPayment!({ method: 'card', payment_method_id: 'pm_1Abc' })).toEqual({});
    expect(Object.keys(stripeDriver.checkPayment!({ method: 'card', card_number: '4242424242424242' }))).toEqual(['payment_method_id']);
  });
});
