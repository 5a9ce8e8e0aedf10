import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/db/database.js';
import { migrateToLatest } from '../../../src/db/migrate.js';
import { expectProblem, uniqueWord } from '../../helpers/expect.js';
import { createTestAppOn, freshDatabaseUrl, testDatabases, type Client, type TestContext, type TestResponse } from '../../helpers/test-app.js';

/**
 * Each process keeps the credentials it has seen for 10 seconds. A credential revoked through one
 * process must be refused by the others at once, within the moment PostgreSQL takes to deliver the
 * change notice: well below those 10 seconds.
 */
const NOTICE_MS = 3_000;

/** Calls until the answer is a 401, for at most NOTICE_MS; answers the last response. */
async function refusedSoon(call: () => Promise<TestResponse>): Promise<TestResponse> {
  const deadline = Date.now() + NOTICE_MS;
  let res = await call();
  while (res.status !== 401 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    res = await call();
  }
  return res;
}

for (const kind of testDatabases()) {
  describe(`customer tokens across processes [${kind}]`, () => {
    const folder = mkdtempSync(join(tmpdir(), 'storefront-tokens-'));
    /** The process staff and customers talk to. */
    let a: TestContext & { close(): Promise<void> };
    /** Another process on the same database, holding the same credentials in its cache. */
    let b: TestContext & { close(): Promise<void> };

    beforeAll(async () => {
      const url = await freshDatabaseUrl(kind, `sqlite:${join(folder, 'store.db')}`);
      const first = openDatabase(url);
      await migrateToLatest(first.db);
      a = await createTestAppOn(first);
      // The store exists already: b's own keys are never issued, it is called with a's.
      b = await createTestAppOn(openDatabase(url));
    });

    afterAll(async () => {
      await b?.close();
      await a?.close();
      rmSync(folder, { recursive: true, force: true });
    });

    /** A customer signed up and in through a; its id, email, password and token, and a client of b sending the token. */
    async function customerSeenByB(): Promise<{ id: string; email: string; password: string; token: string; viaB: Client }> {
      const email = `${uniqueWord()}@example.com`;
      const password = `pw-${uniqueWord()}`;
      const signUp = await a.storefront.post('/v1/customers', { email, password });
      expect(signUp.status, signUp.text).toBe(201);
      const signIn = await a.storefront.post('/v1/customers/token', { email, password });
      expect(signIn.status, signIn.text).toBe(200);
      const token: string = signIn.body.data.token;
      const viaB = b.as({ authorization: `Bearer ${token}`, 'channel-key': a.channelKey });
      const id: string = signUp.body.data.id;
      // Used through b, twice: b now keeps the token in its credential cache.
      for (let i = 0; i < 2; i++) expect((await viaB.get(`/v1/customers/${id}`)).status).toBe(200);
      return { id, email, password, token, viaB };
    }

    it('refuses at once, in another process, the token of a customer deactivated through one', async () => {
      const { id, email, viaB } = await customerSeenByB();
      const deactivated = await a.admin.post(`/v1/customers/${id}`, { email, is_active: false });
      expect(deactivated.status, deactivated.text).toBe(200);

      expectProblem(await refusedSoon(() => viaB.get(`/v1/customers/${id}`)), 401, 'unauthorized');
      expectProblem(await viaB.post('/v1/carts', {}), 401, 'unauthorized');
    });

    it('refuses at once, in another process, the token of a customer deleted through one', async () => {
      const { id, viaB } = await customerSeenByB();
      expect((await a.admin.delete(`/v1/customers/${id}`)).status).toBe(204);

      expectProblem(await refusedSoon(() => viaB.get(`/v1/customers/${id}`)), 401, 'unauthorized');
    });

    it('refuses at once, in another process, a token signed out through one', async () => {
      const { id, token, viaB } = await customerSeenByB();
      const signedOut = await a.as({ authorization: `Bearer ${token}`, 'channel-key': a.channelKey }).delete('/v1/customers/token');
      expect(signedOut.status, signedOut.text).toBe(204);

      expectProblem(await refusedSoon(() => viaB.get(`/v1/customers/${id}`)), 401, 'unauthorized');
    });

    it('refuses at once, in another process, the other tokens of a customer who changed its password through one', async () => {
      const { id, email, password, viaB } = await customerSeenByB();
      const signIn = await a.storefront.post('/v1/customers/token', { email, password });
      expect(signIn.status, signIn.text).toBe(200);
      const viaA = a.as({ authorization: `Bearer ${signIn.body.data.token}`, 'channel-key': a.channelKey });
      const changed = await viaA.post(`/v1/customers/${id}`, { email, password: `new-${uniqueWord()}-${uniqueWord()}`, current_password: password });
      expect(changed.status, changed.text).toBe(200);

      expectProblem(await refusedSoon(() => viaB.get(`/v1/customers/${id}`)), 401, 'unauthorized');
      // The token the change was made with stays valid, in that process and the other.
      expect((await viaA.get(`/v1/customers/${id}`)).status).toBe(200);
      const keptViaB = b.as({ authorization: `Bearer ${signIn.body.data.token}`, 'channel-key': a.channelKey });
      expect((await keptViaB.get(`/v1/customers/${id}`)).status).toBe(200);
    });

    it('refuses at once, in another process, an admin key revoked through one', async () => {
      const issued = await a.admin.post('/v1/api_keys', { name: `revoked ${uniqueWord()}` });
      expect(issued.status, issued.text).toBe(201);
      const viaB = b.as({ authorization: `Bearer ${issued.body.data.token}` });
      for (let i = 0; i < 2; i++) expect((await viaB.get('/v1/store')).status).toBe(200);

      expect((await a.admin.delete(`/v1/api_keys/${issued.body.data.id}`)).status).toBe(204);
      expectProblem(await refusedSoon(() => viaB.get('/v1/store')), 401, 'unauthorized');
    });
  });
}
