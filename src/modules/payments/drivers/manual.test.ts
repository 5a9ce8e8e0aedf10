import { describe, expect, it } from 'vitest';
import { manualDriver } from './manual.js';

const charge = (method: string, settings: Record<string, unknown> = {}) =>
  ({ orderId: 'ord_1', amount: 1500, currency: 'USD', details: { method }, settings, attempt: 1 });
const followUp = { orderId: 'ord_1', amount: 1500, currency: 'USD', authorization: null, settings: {} };

describe('manual driver', () => {
  it('offers transfer and cash, narrowed by settings.methods', () => {
    expect(manualDriver.methods({})).toEqual(['transfer', 'cash']);
    expect(manualDriver.methods({ methods: ['cash'] })).toEqual(['cash']);
  });

  it('has no secret settings', () => {
    expect(manualDriver.secretSettings).toEqual([]);
  });

  it('accepts methods and instructions and names every invalid or unknown setting', () => {
    expect(manualDriver.checkSettings({ methods: ['transfer'], instructions: 'IBAN DE00 1234' })).toEqual({});
    expect(manualDriver.checkSettings({})).toEqual({});
    const errors = manualDriver.checkSettings({ methods: ['cheque'], instructions: 42, api_key: 'x' });
    expect(Object.keys(errors).sort()).toEqual(['api_key', 'instructions', 'methods']);
    expect(Object.keys(manualDriver.checkSettings({ methods: [] }))).toEqual(['methods']);
    expect(Object.keys(manualDriver.checkSettings({ methods: ['cash', 'cash'] }))).toEqual(['methods']);
    expect(Object.keys(manualDriver.checkSettings({ methods: 'cash' }))).toEqual(['methods']);
  });

  it('leaves a payment pending as an authorization with a fresh reference: the money comes outside', async () => {
    const first = await manualDriver.authorize(charge('transfer'));
    const second = await manualDriver.authorize(charge('cash'));

    expect(first).toMatchObject({ kind: 'authorization', status: 'pending', isTest: false, reference: expect.stringMatching(/^manual_[0-9a-f]{24}$/) });
    expect(second.status).toBe('pending');
    expect(second.reference).not.toBe(first.reference);
  });

  it('fails a method the gateway does not offer', async () => {
    expect(await manualDriver.authorize(charge('card'))).toMatchObject({ status: 'failed', code: 'unsupported_method' });
    expect(await manualDriver.authorize(charge('transfer', { methods: ['cash'] }))).toMatchObject({ status: 'failed', code: 'unsupported_method' });
  });

  it('records captures, refunds and voids as succeeded', async () => {
    for (const result of [await manualDriver.capture(followUp), await manualDriver.refund(followUp), await manualDriver.void(followUp)]) {
      expect(result).toMatchObject({ status: 'succeeded', isTest: false, reference: expect.stringMatching(/^manual_/) });
    }
  });
});
