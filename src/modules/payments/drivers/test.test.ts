import { describe, expect, it } from 'vitest';
import { maskCardNumber, testDriver } from './test.js';

const charge = (card_number: unknown, settings: Record<string, unknown> = {}, method = 'card') =>
  ({ orderId: 'ord_1', amount: 1500, currency: 'USD', details: { method, card_number }, settings, attempt: 1 });
const followUp = (authorization: string | null) => ({ orderId: 'ord_1', amount: 1500, currency: 'USD', authorization, settings: {} });

describe('test driver', () => {
  it('offers card and keeps secret_key secret', () => {
    expect(testDriver.methods({})).toEqual(['card']);
    expect(testDriver.secretSettings).toEqual(['secret_key']);
  });

  it('accepts capture and secret_key and names every invalid or unknown setting', () => {
    expect(testDriver.checkSettings({ capture: 'manual', secret_key: 'sk_test_abc' })).toEqual({});
    expect(testDriver.checkSettings({ capture: 'automatic' })).toEqual({});
    const errors = testDriver.checkSettings({ capture: 'later', secret_key: 7, secretkey: 'typo' });
    expect(Object.keys(errors).sort()).toEqual(['capture', 'secret_key', 'secretkey']);
  });

  it('charges 4242 4242 4242 4242 at once by default, with the masked number and brand', async () => {
    const result = await testDriver.authorize(charge('4242 4242 4242 4242'));

    expect(result).toEqual({
      kind: 'charge',
      status: 'succeeded',
      authorization: expect.stringMatching(/^test_auth_[0-9a-f]{24}$/),
      reference: expect.stringMatching(/^test_ref_[0-9a-f]{24}$/),
      code: null,
      message: null,
      creditCardNumber: '**** **** **** 4242',
      creditCardBrand: 'visa',
      isTest: true,
    });
  });

  it('only authorizes with capture: manual (funds reserved)', async () => {
    const result = await testDriver.authorize(charge('4242424242424242', { capture: 'manual' }));
    expect(result).toMatchObject({ kind: 'authorization', status: 'succeeded', authorization: expect.stringMatching(/^test_auth_/) });
  });

  it('declines the decline cards with their codes and never returns the whole number', async () => {
    const declined = await testDriver.authorize(charge('4000000000000002'));
    const funds = await testDriver.authorize(charge('4000000000009995'));

    expect(declined).toMatchObject({ status: 'failed', code: 'card_declined', authorization: null, creditCardNumber: '**** **** **** 0002', isTest: true });
    expect(funds).toMatchObject({ status: 'failed', code: 'insufficient_funds', creditCardNumber: '**** **** **** 9995' });
    expect(JSON.stringify([declined, funds])).not.toContain('4000000000');
  });

  it('fails any other card, a missing card and another method', async () => {
    expect(await testDriver.authorize(charge('5555555555554444'))).toMatchObject({ status: 'failed', code: 'invalid_card', creditCardBrand: null });
    expect(await testDriver.authorize(charge(undefined))).toMatchObject({ status: 'failed', code: 'invalid_card', creditCardNumber: null });
    expect(await testDriver.authorize(charge('4242424242424242', {}, 'transfer'))).toMatchObject({ status: 'failed', code: 'unsupported_method' });
  });

  it('captures, refunds and voids an authorization, and fails without one', async () => {
    for (const act of [testDriver.capture, testDriver.refund, testDriver.void]) {
      expect(await act(followUp('test_auth_1'))).toMatchObject({ status: 'succeeded', authorization: 'test_auth_1', isTest: true });
      expect(await act(followUp(null))).toMatchObject({ status: 'failed', code: 'missing_authorization' });
    }
  });

  it('masks a card number down to its last four digits', () => {
    expect(maskCardNumber('4242424242424242')).toBe('**** **** **** 4242');
    expect(maskCardNumber('42')).toBeNull();
  });
});
