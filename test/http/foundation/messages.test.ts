import { expect, it } from 'vitest';
import { wordsForPattern } from '../../../src/http/validation-messages.js';
import { CARDS, pay, placedOrder, readyCheckout } from '../../helpers/checkout.js';
import { expectInvalid, expectProblem, uniqueWord } from '../../helpers/expect.js';
import { describeEachDatabase, type TestResponse } from '../../helpers/test-app.js';

/** Characters of a regular expression, which no message a person reads should hold. */
const REGEX = /[\^$\\{}]|\[[a-z0-9]-/;

/** The message of the error naming `field`. */
function messageOf(res: TestResponse, field: string): string {
  const error = (res.body.errors ?? []).find((e: { field: string }) => e.field === field);
  expect(error, res.text).toBeDefined();
  return error.message;
}

/** Every `pattern` in a schema, at any depth. */
function patternsIn(schema: unknown, found: Set<string> = new Set()): Set<string> {
  if (Array.isArray(schema)) schema.forEach((item) => patternsIn(item, found));
  else if (schema && typeof schema === 'object') {
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'pattern' && typeof value === 'string') found.add(value);
      else patternsIn(value, found);
    }
  }
  return found;
}

/** Problems tell a person what to do: formats in words, refused moves as sentences, the ids to send. */
describeEachDatabase('messages', (t) => {
  it('says what a pattern asks for in words, never as a regular expression', async () => {
    const permalink = await t.admin.post('/v1/products', { name: `Hat ${uniqueWord()}`, permalink: 'Summer Hat!' });
    expectInvalid(permalink, 'permalink');
    expect(messageOf(permalink, 'permalink')).toBe('must be lowercase letters and digits, in words joined by single hyphens (summer-hat-2)');
    expect(permalink.body.errors[0].code).toBe('invalid_format');

    const store = await t.admin.post('/v1/store', { currency: 'usd', lang: 'english' });
    expectInvalid(store, 'currency', 'lang');
    expect(messageOf(store, 'currency')).toBe('must be a three-letter currency code in capitals (USD)');
    expect(messageOf(store, 'lang')).toBe('must be a language code such as en or en-US');

    const gateway = await t.admin.post('/v1/gateways', { name: 'Cash', source: 'Cash Desk', driver: 'manual' });
    expectInvalid(gateway, 'source');
    expect(messageOf(gateway, 'source')).toBe('may hold only lowercase letters, digits, _ and -');

    for (const res of [permalink, store, gateway]) {
      expect(res.body.detail).not.toMatch(REGEX);
      for (const error of res.body.errors) expect(error.message).not.toMatch(REGEX);
    }
  });

  it('has words for every pattern a request may fail', async () => {
    const doc = (await t.anonymous.get('/openapi.json')).body;
    const requestSides = Object.values<any>(doc.paths).flatMap((operations) => Object.values<any>(operations))
      .map((operation) => ({ parameters: operation.parameters, requestBody: operation.requestBody }));
    const patterns = patternsIn(requestSides);
    expect(patterns.size).toBeGreaterThan(0);
    for (const pattern of patterns) expect(wordsForPattern(pattern), pattern).toBeDefined();
    expect(wordsForPattern('^ord_[0-9a-z]{26}$')).toBe('must be an id starting with ord_');
  });

  it('says an email is not an email address', async () => {
    const res = await t.admin.post('/v1/customers', { email: 'ada at example.com' });
    expectInvalid(res, 'email');
    expect(res.body.errors).toContainEqual({ field: 'email', code: 'invalid_format', message: 'is not an email address' });
  });

  it('names a refused order move in words, keeping the states as members', async () => {
    const { orderId } = await placedOrder(t);
    const capture = await t.admin.post(`/v1/orders/${orderId}/transactions`, { kind: 'capture' });
    expectProblem(capture, 409, 'invalid_state');
    expect(capture.body).toMatchObject({ detail: 'The order is already paid', field: 'financial_status', current: 'paid', requested: 'paid' });

    const voided = await t.admin.post(`/v1/orders/${orderId}/transactions`, { kind: 'void' });
    expectProblem(voided, 409, 'invalid_state');
    expect(voided.body).toMatchObject({ detail: 'The order is paid: it cannot be voided', current: 'paid', requested: 'voided' });

    const again = await pay(t, orderId, CARDS.good);
    expectProblem(again, 409, 'invalid_state');
    expect(again.body).toMatchObject({ detail: 'The order is already placed', field: 'status', current: 'placed', requested: 'placed' });

    expect((await t.admin.post(`/v1/orders/${orderId}/cancel`, {})).status).toBe(200);
    const canceled = await t.admin.post(`/v1/orders/${orderId}/cancel`, {});
    expectProblem(canceled, 409, 'invalid_state');
    expect(canceled.body).toMatchObject({ detail: 'The order is already canceled', field: 'status', current: 'canceled', requested: 'canceled' });
    const archived = await t.admin.post(`/v1/orders/${orderId}/archive`, {});
    expect(archived.body).toMatchObject({ detail: 'The order is canceled: it cannot be archived', current: 'canceled', requested: 'archived' });

    const open = await readyCheckout(t, { until: 'checkout' });
    const early = await t.admin.post(`/v1/orders/${open.orderId}/archive`, {});
    expectProblem(early, 409, 'invalid_state');
    expect(early.body.detail).toBe('The order is not placed yet: it cannot be archived');
  });

  it('names a refused fulfillment move in words', async () => {
    const { orderId } = await placedOrder(t);
    const fulfillment = (await t.admin.post(`/v1/orders/${orderId}/fulfillments`, {})).body.data;
    expect((await t.admin.post(`/v1/orders/${orderId}/fulfillments/${fulfillment.id}/cancel`)).status).toBe(200);
    const again = await t.admin.post(`/v1/orders/${orderId}/fulfillments/${fulfillment.id}/cancel`);
    expectProblem(again, 409, 'invalid_state');
    expect(again.body).toMatchObject({ detail: 'The fulfillment is already canceled', field: 'status', current: 'canceled', requested: 'canceled' });
  });

  it('answers a shipping method sent by name with the ids to send', async () => {
    const ready = await readyCheckout(t, { until: 'data' });
    const byName = await t.storefront.post(`/v1/checkouts/${ready.orderId}/methods`, { shipping: { method: 'standard' }, payment: { gateway: ready.gatewayId } });
    expectInvalid(byName, 'shipping[method]');
    // Every zone the tests made for this country offers a rate named Standard: each id is named.
    expect(messageOf(byName, 'shipping[method]')).toMatch(/^takes the id of a shipping method, not its name: send shr_\w+( or shr_\w+)* for Standard$/);
    expect(messageOf(byName, 'shipping[method]')).toContain(ready.rateId);

    const unknown = await t.storefront.post(`/v1/checkouts/${ready.orderId}/methods`, { shipping: { method: 'Overnight' }, payment: { gateway: ready.gatewayId } });
    expectInvalid(unknown, 'shipping[method]');
    expect(messageOf(unknown, 'shipping[method]')).toContain(`${ready.rateId} (Standard)`);
    expect((await t.db.selectFrom('orders').select('shipping_rate_id').where('id', '=', ready.orderId).executeTakeFirstOrThrow()).shipping_rate_id).toBeNull();
  });
});
