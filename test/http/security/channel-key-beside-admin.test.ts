import { expect, it } from 'vitest';
import { expectProblem, uniqueWord } from '../../helpers/expect.js';
import { describeEachDatabase } from '../../helpers/test-app.js';

describeEachDatabase('a Channel-Key sent beside an admin key', (t) => {
  it('refuses a Channel-Key that is no channel key (401 unauthorized), on admin and storefront routes alike', async () => {
    const bogus = [`ck_${'0'.repeat(32)}`, 'nonsense', '', t.adminKey];
    for (const channelKey of bogus) {
      const as = t.as({ authorization: `Bearer ${t.adminKey}`, 'channel-key': channelKey });
      for (const res of [await as.get('/v1/api_keys'), await as.get('/v1/products'), await as.get('/v1/store')]) {
        expectProblem(res, 401, 'unauthorized');
        expect(res.body.detail).toMatch(/channel key/i);
      }
    }
  });

  it('refuses it on a write, which then changes nothing', async () => {
    const name = `Forged ${uniqueWord()}`;
    const res = await t.as({ authorization: `Bearer ${t.adminKey}`, 'channel-key': `ck_${'1'.repeat(32)}` }).post('/v1/products', { name });
    expectProblem(res, 401, 'unauthorized');
    expect(await t.db.selectFrom('products').select('id').where('name', '=', name).executeTakeFirst()).toBeUndefined();
  });

  it('refuses a revoked channel key beside an admin key', async () => {
    const channel = (await t.admin.post('/v1/channels', { name: `Closed ${uniqueWord()}` })).body.data;
    const key = (await t.admin.post(`/v1/channels/${channel.id}/keys`)).body.data;
    const as = t.as({ authorization: `Bearer ${t.adminKey}`, 'channel-key': key.token });
    expect((await as.get('/v1/api_keys')).status).toBe(200);
    expect((await t.admin.delete(`/v1/channels/${channel.id}/keys/${key.id}`)).status).toBe(204);
    expectProblem(await as.get('/v1/api_keys'), 401, 'unauthorized');
  });

  it('refuses it beside a read-only key too', async () => {
    const readOnly = (await t.admin.post('/v1/api_keys', { name: `Reader ${uniqueWord()}`, read_only: true })).body.data.token as string;
    expect((await t.as({ authorization: `Bearer ${readOnly}` }).get('/v1/store')).status).toBe(200);
    expectProblem(await t.as({ authorization: `Bearer ${readOnly}`, 'channel-key': `ck_${'0'.repeat(32)}` }).get('/v1/store'), 401, 'unauthorized');
  });

  it('keeps a valid channel key beside an admin key working as before: the admin key decides', async () => {
    const as = t.as({ authorization: `Bearer ${t.adminKey}`, 'channel-key': t.channelKey });
    expect((await as.get('/v1/api_keys')).status).toBe(200);
    expect((await as.get('/v1/products')).status).toBe(200);
  });
});
