import { expect, it } from 'vitest';
import { unixNow } from '../../../src/lib/clock.js';
import { pruneEvents } from '../../../src/modules/webhooks/delivery-loop.js';
import { describeEachDatabase } from '../../helpers/test-app.js';

describeEachDatabase('event retention', (t) => {
  it('prunes events older than the retention, never fewer than 30 days, with their deliveries', async () => {
    const hook = await t.admin.post('/v1/webhooks', { url: 'http://127.0.0.1:9/hook' });
    expect(hook.status).toBe(201);
    const eventOf = async (name: string) => {
      const made = await t.admin.post('/v1/products', { name });
      expect(made.status).toBe(201);
      return (await t.db.selectFrom('events').select('id').where('related_id', '=', made.body.data.id).executeTakeFirstOrThrow()).id;
    };
    const old = await eventOf('Made long ago');
    const recent = await eventOf('Made today');
    const day = 24 * 60 * 60;
    await t.db.updateTable('events').set({ created_at: unixNow() - 31 * day }).where('id', '=', old).execute();
    const eventsBefore = await t.db.selectFrom('events').select('id').execute();

    // A retention asked below 30 days still keeps 30.
    expect(await pruneEvents({ db: t.db, kind: t.kind } as never, 7)).toBe(1);
    const left = (await t.db.selectFrom('events').select('id').execute()).map((e) => e.id);
    expect(left).not.toContain(old);
    expect(left.length).toBe(eventsBefore.length - 1);
    expect(left).toContain(recent);
    expect(await t.db.selectFrom('webhook_deliveries').select('id').where('event_id', '=', old).execute()).toEqual([]);
    expect((await t.admin.get(`/v1/events/${old}`)).status).toBe(404);

    // An event 31 days old stays under a 60-day retention.
    await t.db.updateTable('events').set({ created_at: unixNow() - 31 * day }).where('id', '=', recent).execute();
    expect(await pruneEvents({ db: t.db, kind: t.kind } as never, 60)).toBe(0);
  });

  it('prunes more events than one batch holds, and keeps the recent ones', async () => {
    const longAgo = unixNow() - 40 * 24 * 60 * 60;
    const rows = Array.from({ length: 12_345 }, (_, i) => ({
      id: `evn_old${String(i).padStart(23, '0')}`,
      kind: 'product.updated',
      related_id: `prd_pruned${String(i).padStart(20, '0')}`,
      data: '{}',
      pending_webhooks: 0,
      created_at: longAgo,
      updated_at: longAgo,
    }));
    for (let i = 0; i < rows.length; i += 1_000) await t.db.insertInto('events').values(rows.slice(i, i + 1_000)).execute();
    const cutoff = unixNow() - 30 * 24 * 60 * 60;
    const expired = (await t.db.selectFrom('events').select('id').where('created_at', '<', cutoff).execute()).length;
    const kept = (await t.db.selectFrom('events').select('id').where('created_at', '>=', cutoff).execute()).length;
    expect(expired).toBeGreaterThanOrEqual(12_345);

    expect(await pruneEvents({ db: t.db, kind: t.kind } as never, 30)).toBe(expired);
    expect((await t.db.selectFrom('events').select('id').execute()).length).toBe(kept);
  });
});
