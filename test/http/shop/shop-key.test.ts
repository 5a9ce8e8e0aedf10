import { expect, it } from 'vitest';
import { makeShopKey, SHOP_KEY_NAME } from '../../../src/bootstrap.js';
import { describeEachDatabase } from '../../helpers/test-app.js';

const DAY = 24 * 3600;

// A server serving the shop makes it a channel key at each start (keys are kept hashed: the last
// one cannot be read back); the ones no server used for a week go, the others stay.
describeEachDatabase('the channel key a server makes for its shop', (t) => {
  const shopKeys = () => t.db.selectFrom('api_keys').select(['id', 'channel_id', 'last_used_at', 'created_at']).where('name', '=', SHOP_KEY_NAME).execute();

  it('makes a working channel key at each start, and deletes only those idle for a week', async () => {
    const first = await makeShopKey(t.db);
    expect(first).toMatch(/^ck_/);
    expect((await t.as({ 'channel-key': first }).get('/v1/store')).status).toBe(200);
    const [made] = await shopKeys();
    expect(made!.channel_id).toBe(t.channelId);

    // Another server's key, used yesterday, and a gone server's, last used eight days ago.
    const now = Math.floor(Date.now() / 1000);
    await makeShopKey(t.db);
    await makeShopKey(t.db);
    const ids = (await shopKeys()).map((key) => key.id);
    await t.db.updateTable('api_keys').set({ last_used_at: now - DAY, created_at: now - 30 * DAY }).where('id', '=', ids[1]!).execute();
    await t.db.updateTable('api_keys').set({ last_used_at: now - 8 * DAY, created_at: now - 30 * DAY }).where('id', '=', ids[2]!).execute();

    const latest = await makeShopKey(t.db);
    const left = (await shopKeys()).map((key) => key.id);
    expect(left).toHaveLength(3);
    expect(left).toContain(ids[0]);
    expect(left).toContain(ids[1]);
    expect(left).not.toContain(ids[2]);
    expect((await t.as({ 'channel-key': latest }).get('/v1/store')).status).toBe(200);
  });
});
