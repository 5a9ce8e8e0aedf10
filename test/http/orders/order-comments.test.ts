import { expect, it } from 'vitest';
import { placedOrder } from '../../helpers/checkout.js';
import { describeEachDatabase } from '../../helpers/test-app.js';

describeEachDatabase('comments staff add to an order', (t) => {
  it('keeps each comment with the key that wrote it, lists them newest first, and pages them', async () => {
    const { orderId } = await placedOrder(t);
    const packer = (await t.admin.post('/v1/api_keys', { name: 'Packing bench' })).body.data;
    const bench = t.as({ authorization: `Bearer ${packer.token}` });

    const first = await t.admin.post(`/v1/orders/${orderId}/comments`, { body: '  Buyer called: leave it with the neighbour.  ' });
    expect(first.status, first.text).toBe(201);
    expect(first.body.data).toMatchObject({ object: 'order_comment', order_id: orderId, body: 'Buyer called: leave it with the neighbour.', author: { type: 'api_key' } });
    expect(first.body.data.id).toMatch(/^ocm_/);
    const second = await bench.post(`/v1/orders/${orderId}/comments`, { body: 'Packed in the blue box.' });
    expect(second.status, second.text).toBe(201);
    expect(second.body.data.author).toEqual({ type: 'api_key', id: packer.id, name: 'Packing bench' });

    const list = await t.admin.get(`/v1/orders/${orderId}/comments`);
    expect(list.status).toBe(200);
    expect(list.body.data.map((comment: { body: string }) => comment.body)).toEqual(['Packed in the blue box.', 'Buyer called: leave it with the neighbour.']);
    const paged = await t.admin.get(`/v1/orders/${orderId}/comments?per_page=1&page=2`);
    expect(paged.body.data.map((comment: { id: string }) => comment.id)).toEqual([first.body.data.id]);
    expect(paged.body.meta.pagination.total_items).toBe(2);

    // The key deleted later: the comment keeps the name it was written under.
    await t.admin.delete(`/v1/api_keys/${packer.id}`);
    expect((await t.admin.get(`/v1/orders/${orderId}/comments`)).body.data[0].author.name).toBe('Packing bench');
  });

  it('refuses a blank comment, an unknown order, a read-only key, and every storefront credential', async () => {
    const { orderId } = await placedOrder(t);
    const blank = await t.admin.post(`/v1/orders/${orderId}/comments`, { body: '   ' });
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toEqual([expect.objectContaining({ field: 'body' })]);
    expect((await t.admin.post(`/v1/orders/${orderId}/comments`, {})).status).toBe(422);
    expect((await t.admin.post(`/v1/orders/${orderId}/comments`, { body: 'x'.repeat(5001) })).status).toBe(422);
    expect((await t.admin.post('/v1/orders/ord_nope/comments', { body: 'Hello' })).status).toBe(404);

    const reader = (await t.admin.post('/v1/api_keys', { name: 'Accountant', read_only: true })).body.data.token as string;
    const readOnly = t.as({ authorization: `Bearer ${reader}` });
    expect((await readOnly.post(`/v1/orders/${orderId}/comments`, { body: 'Hello' })).status).toBe(403);
    expect((await readOnly.get(`/v1/orders/${orderId}/comments`)).status).toBe(200);

    for (const shopper of [t.storefront, t.anonymous]) {
      expect([401, 403]).toContain((await shopper.get(`/v1/orders/${orderId}/comments`)).status);
      expect([401, 403]).toContain((await shopper.post(`/v1/orders/${orderId}/comments`, { body: 'Hi' })).status);
    }
    expect((await t.admin.get(`/v1/orders/${orderId}/comments`)).body.data).toEqual([]);
  });
});
