import { expect, it } from 'vitest';
import { createClient } from '../../src/client/index.js';
import { CARDS, cardPayment } from '../helpers/buyer.js';
import { orderRow, readyCheckout, transactionRows } from '../helpers/checkout.js';
import { QUICK_RETRIES, describeEachDatabaseWithClients } from '../helpers/typed-clients.js';

/** What a fetch wrapper saw of each request: method, path and Idempotency-Key. */
interface Sent {
  method: string;
  path: string;
  key: string | null;
}

/**
 * A fetch that records every request and lets `trouble` spoil an exchange: answer in the server's
 * place, or throw after the server's real answer arrived (a connection dropped on the way back).
 */
function troubledFetch(trouble: (sent: Sent, attempt: number) => 'drop-answer' | Response | undefined) {
  const sent: Sent[] = [];
  const fetch = async (request: Request) => {
    const seen = { method: request.method, path: new URL(request.url).pathname, key: request.headers.get('idempotency-key') };
    sent.push(seen);
    const spoil = trouble(seen, sent.filter((s) => s.path === seen.path && s.method === seen.method).length);
    if (spoil instanceof Response) return spoil;
    const response = await globalThis.fetch(request);
    if (spoil === 'drop-answer') {
      await response.arrayBuffer();
      throw new TypeError('fetch failed: the connection was reset');
    }
    return response;
  };
  return { sent, fetch };
}

const busy = (status: number, retryAfter?: string) =>
  new Response(JSON.stringify({ type: '/docs/errors#rate_limited', title: 'Busy', status, code: status === 429 ? 'rate_limited' : 'unavailable', detail: 'try again' }), {
    status,
    headers: { 'content-type': 'application/problem+json', ...(retryAfter === undefined ? {} : { 'retry-after': retryAfter }) },
  });

describeEachDatabaseWithClients('the typed client: retries', (t, c) => {
  it('retries a payment whose answer was lost with the same Idempotency-Key, and the card is charged once', async () => {
    const ready = await readyCheckout(t);
    const { sent, fetch } = troubledFetch((request, attempt) => (request.path.endsWith('/payment') && attempt === 1 ? 'drop-answer' : undefined));
    const client = createClient({ baseUrl: c.baseUrl, channelKey: t.channelKey, fetch, retry: QUICK_RETRIES });

    const paid = await client.POST('/v1/checkouts/{id}/payment', { params: { path: { id: ready.orderId } }, body: cardPayment(CARDS.good) });

    expect(paid.error).toBeUndefined();
    expect(paid.data?.data).toMatchObject({ id: ready.orderId, status: 'placed', financial_status: 'paid' });
    // The server had run the first attempt: the retry got its kept answer.
    expect(paid.response.headers.get('idempotent-replayed')).toBe('true');
    const payments = sent.filter((s) => s.path.endsWith('/payment'));
    expect(payments).toHaveLength(2);
    expect(payments[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(payments[1]!.key).toBe(payments[0]!.key);
    const rows = await transactionRows(t, ready.orderId);
    expect(rows.map((row) => [row.kind, row.status, row.amount])).toEqual([[rows[0]!.kind, 'succeeded', ready.checkout.data.total_price]]);
    expect((await orderRow(t, ready.orderId)).financial_status).toBe('paid');
  });

  it('gives each logical call its own key, keeps a key the caller sent, and sends none on reads', async () => {
    const { sent, fetch } = troubledFetch(() => undefined);
    const client = createClient({ baseUrl: c.baseUrl, channelKey: t.channelKey, fetch, retry: QUICK_RETRIES });
    await client.POST('/v1/carts', { body: {} });
    await client.POST('/v1/carts', { body: {} });
    await client.POST('/v1/carts', { body: {}, headers: { 'Idempotency-Key': 'chosen-by-the-caller' } });
    await client.GET('/v1/countries');
    const keys = sent.map((s) => s.key);
    expect(new Set(keys.slice(0, 2)).size).toBe(2);
    expect(keys.slice(2)).toEqual(['chosen-by-the-caller', null]);
  });

  it('sends each request once and no automatic key with retry: false', async () => {
    const { sent, fetch } = troubledFetch(() => busy(503, '0'));
    const client = createClient({ baseUrl: c.baseUrl, channelKey: t.channelKey, fetch, retry: false });
    const answer = await client.POST('/v1/carts', { body: {} });
    expect(answer.response.status).toBe(503);
    expect(sent).toEqual([{ method: 'POST', path: '/v1/carts', key: null }]);
  });

  it('retries after a 429 or 503 as Retry-After asks, with the same key, and the cart is made once', async () => {
    const { sent, fetch } = troubledFetch((_request, attempt) => (attempt === 1 ? busy(429, '0') : attempt === 2 ? busy(503) : undefined));
    const client = createClient({ baseUrl: c.baseUrl, channelKey: t.channelKey, fetch, retry: QUICK_RETRIES });
    const made = await client.POST('/v1/carts', { body: {} });
    expect(made.response.status).toBe(201);
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((s) => s.key)).size).toBe(1);
    const carts = await t.db.selectFrom('carts').select('id').where('id', '=', made.data!.data.id).execute();
    expect(carts).toHaveLength(1);
  });

  it('stops after the retries allowed: the last problem is answered, a lasting network failure is thrown', async () => {
    const unavailable = troubledFetch(() => busy(503, '0'));
    const answer = await createClient({ baseUrl: c.baseUrl, adminKey: t.adminKey, fetch: unavailable.fetch, retry: QUICK_RETRIES }).GET('/v1/store');
    expect([answer.response.status, answer.error?.code]).toEqual([503, 'unavailable']);
    expect(unavailable.sent).toHaveLength(3);

    const cut = troubledFetch(() => 'drop-answer');
    const client = createClient({ baseUrl: c.baseUrl, adminKey: t.adminKey, fetch: cut.fetch, retry: { ...QUICK_RETRIES, retries: 4 } });
    await expect(client.GET('/v1/store')).rejects.toThrow(/connection was reset/);
    expect(cut.sent).toHaveLength(5);
  });

  it('does not retry an answer about the request itself (4xx)', async () => {
    const { sent, fetch } = troubledFetch(() => undefined);
    const client = createClient({ baseUrl: c.baseUrl, channelKey: t.channelKey, fetch, retry: QUICK_RETRIES });
    const refused = await client.POST('/v1/carts', { body: { items: { sku_missing: 1 } } });
    expect(refused.response.status).toBeGreaterThanOrEqual(400);
    expect(refused.response.status).toBeLessThan(500);
    expect(sent).toHaveLength(1);
  });
});
