import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/database.js';
import { deliverDue } from '../../src/modules/webhooks/delivery.js';
import { Webhook } from 'standardwebhooks';
import { closeReceivers, startReceiver as startRecordingReceiver } from '../helpers/webhooks.js';
import { describeInBrowser, expectAccessible, inWindow, listen, openSignedIn, screenshot, signIn, useBrowser } from '../helpers/browser.js';
import { placedOrder } from '../helpers/checkout.js';
import { type TestContext } from '../helpers/test-app.js';

const SLOW = 90_000;
const TOO_LONG = 'x'.repeat(300);
/** How long a poll may wait for the server's answer to show (two busy cores, PostgreSQL): not a timing assertion. */
const SERVER = { timeout: 15_000 };

/** Confirms the dialog that asks before something that cannot be undone. */
async function confirm(page: Page, title: string, button: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('button', { name: button }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** The words a field is described by (its description and its error), as assistive technology reads them. */
async function descriptionOf(page: Page, field: Locator): Promise<string> {
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
  return (await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).innerText()))).join(' ');
}

/** The field holds the server's refusal, tied to it. */
async function expectRefused(page: Page, field: Locator, words: string | RegExp) {
  await expect.poll(() => field.getAttribute('aria-invalid'), SERVER).toBe('true');
  expect(await descriptionOf(page, field)).toMatch(words);
}

/** Reads the secret the dialog shows once, and closes it. */
async function takeSecret(page: Page, title: string, label: string): Promise<string> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByText('You will not see it again').waitFor();
  const secret = await dialog.getByLabel(label).inputValue();
  await dialog.getByRole('button', { name: 'Copy' }).waitFor();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await dialog.waitFor({ state: 'hidden' });
  return secret;
}

/** A receiver on 127.0.0.1 answering each POST with the next status of `script` (the last repeats). */
async function startReceiver(script: number[]) {
  let served = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.statusCode = script[Math.min(served++, script.length - 1)]!;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** One round of webhook delivery, as the server's worker runs it. */
const deliver = (t: TestContext) =>
  deliverDue({ db: t.db, kind: t.kind } as DatabaseHandle, { retryBaseMs: 3_600_000, allowPrivate: true, timeoutMs: 5000, batchSize: 50 });

describeInBrowser('staff manage channels, keys, webhooks and events in the dashboard', (t) => {
  const holder = useBrowser();
  const receivers: Array<{ close(): Promise<void> }> = [];
  afterAll(async () => {
    await Promise.all(receivers.map((receiver) => receiver.close()));
    await closeReceivers();
  });

  it('creates a channel (a name too long refused beside it), issues its key shown once, renames it and revokes the key', async () => {
    const base = await listen(t);
    const before = (await t.admin.get('/v1/channels?per_page=250')).body.data.length;
    let token = '';
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, '/admin/settings/channels');
      await page.getByRole('heading', { name: 'Channels', level: 1 }).waitFor();
      await page.getByRole('region', { name: /^Keys of / }).first().waitFor();
      await expectAccessible(page, 'the channels');
      await screenshot(page, 'settings-channels');

      await page.getByRole('button', { name: 'New channel' }).click();
      const create = page.getByRole('dialog', { name: 'New channel' });
      const name = create.getByLabel('Name');
      await name.fill(TOO_LONG);
      await create.getByRole('button', { name: 'Create channel' }).click();
      await expectRefused(page, name, /255/);
      expect((await t.admin.get('/v1/channels?per_page=250')).body.data).toHaveLength(before);
      await name.fill('Pop-up store');
      await create.getByRole('button', { name: 'Create channel' }).click();
      await create.waitFor({ state: 'hidden' });
      await page.getByRole('heading', { name: 'Pop-up store' }).waitFor();
      const channel = (await t.admin.get('/v1/channels?per_page=250')).body.data.find((c: { name: string }) => c.name === 'Pop-up store');
      expect(channel).toMatchObject({ keys: [] });

      await page.getByRole('button', { name: 'Issue a key for Pop-up store' }).click();
      await page.getByRole('dialog', { name: 'Copy the new channel key' }).waitFor();
      await expectAccessible(page, 'a new channel key');
      await screenshot(page, 'settings-channel-key-once');
      token = await takeSecret(page, 'Copy the new channel key', 'Channel key');
      expect(token).toMatch(/^ck_/);
      expect((await t.as({ 'channel-key': token }).get('/v1/store')).status).toBe(200);
      const label = `ck_…${token.slice(-4)}`;
      await page.getByRole('cell', { name: label, exact: true }).waitFor();

      await page.getByRole('button', { name: 'Rename Pop-up store' }).click();
      const rename = page.getByRole('dialog', { name: 'Rename Pop-up store' });
      await rename.getByLabel('Name').fill('Weekend market');
      await rename.getByRole('button', { name: 'Save' }).click();
      await rename.waitFor({ state: 'hidden' });
      await page.getByRole('heading', { name: 'Weekend market' }).waitFor();
      expect((await t.admin.get(`/v1/channels/${channel.id}`)).body.data.name).toBe('Weekend market');

      await page.getByRole('button', { name: `Revoke ${label}` }).click();
      await page.getByRole('dialog', { name: `Revoke the key ${label}?` }).getByText('This cannot be undone').waitFor();
      await confirm(page, `Revoke the key ${label}?`, 'Revoke key');
      await page.getByText('No key: no storefront can use this channel.').waitFor();
    });
    expect((await t.as({ 'channel-key': token }).get('/v1/store')).status).toBe(401);
    const after = (await t.admin.get('/v1/channels?per_page=250')).body.data.find((c: { name: string }) => c.name === 'Weekend market');
    expect(after.keys).toEqual([]);
  }, SLOW);

  it('creates a read-only key shown once (a name too long refused), revokes it, and signs out when revoking the key in use', async () => {
    const base = await listen(t);
    const temporary = (await t.admin.post('/v1/api_keys', { name: 'Temporary' })).body.data;
    const count = async () => (await t.admin.get('/v1/api_keys?per_page=250')).body.data.length as number;
    const before = await count();
    await inWindow(holder.browser, async (page) => {
      await signIn(page, base, temporary.token, '/admin/settings/api-keys');
      await page.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();
      const mine = page.getByRole('row').filter({ hasText: 'You are signed in with this key' });
      await mine.getByText('Temporary').waitFor();
      await expectAccessible(page, 'the API keys');
      await screenshot(page, 'settings-api-keys');

      await page.getByRole('button', { name: 'New key' }).click();
      const create = page.getByRole('dialog', { name: 'New API key' });
      const name = create.getByLabel('Name');
      await name.fill(TOO_LONG);
      await create.getByRole('button', { name: 'Create key' }).click();
      await expectRefused(page, name, /255/);
      expect(await count()).toBe(before);
      await name.fill('Accountant');
      await create.getByRole('combobox', { name: 'Role' }).click();
      await page.getByRole('option', { name: /^Read-only/ }).click();
      await create.getByRole('button', { name: 'Create key' }).click();
      const token = await takeSecret(page, 'Copy the new key', 'Key');
      expect(token).toMatch(/^rk_/);
      const accountant = t.as({ authorization: `Bearer ${token}` });
      expect((await accountant.get('/v1/orders')).status).toBe(200);
      expect((await accountant.post('/v1/channels', { name: 'No' })).status).toBe(403);

      await page.getByRole('button', { name: 'Revoke Accountant' }).click();
      await confirm(page, 'Revoke Accountant?', 'Revoke key');
      await page.getByRole('button', { name: 'Revoke Accountant' }).waitFor({ state: 'detached' });
      expect((await accountant.get('/v1/orders')).status).toBe(401);

      // The key in use: the dialog says so, and revoking it signs out.
      await page.getByRole('button', { name: 'Revoke Temporary' }).click();
      const own = page.getByRole('dialog', { name: 'Revoke Temporary?' });
      await own.getByText('This is the key you are signed in with: revoking it signs you out at once.').waitFor();
      await screenshot(page, 'settings-api-keys-revoke-own');
      await own.getByRole('button', { name: 'Revoke and sign out' }).click();
      await page.getByLabel('Email').waitFor();
      // Signed out by choice, not refused.
      expect(new URL(page.url()).searchParams.get('reason')).toBeNull();
    });
    await expect.poll(async () => (await t.as({ authorization: `Bearer ${temporary.token}` }).get('/v1/orders')).status).toBe(401);
  }, SLOW);

  it('adds a webhook (a refused URL shown beside it), sees it fail, redelivers, edits, rotates its secret and deletes it', async () => {
    const base = await listen(t);
    const receiver = await startReceiver([500, 204]);
    receivers.push(receiver);
    const webhooks = async () => (await t.admin.get('/v1/webhooks?per_page=250')).body.data as Array<{ id: string; url: string }>;
    const before = (await webhooks()).length;
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, '/admin/settings/webhooks');
      await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();

      await page.getByRole('button', { name: 'New webhook' }).click();
      const create = page.getByRole('dialog', { name: 'New webhook' });
      const url = create.getByLabel('URL');
      await url.fill('ftp://hooks.example.com/in');
      const topics = create.getByRole('combobox', { name: 'Events' });
      await topics.click();
      await topics.press('Backspace');
      await topics.fill('product.created');
      await topics.press('Enter');
      await topics.press('Tab');
      await create.getByRole('button', { name: 'Add webhook' }).click();
      await expectRefused(page, url, 'Must be an http or https URL');
      expect(await webhooks()).toHaveLength(before);
      await expectAccessible(page, 'a refused webhook URL');
      await screenshot(page, 'settings-webhook-refused');

      await url.fill(receiver.url);
      await create.getByRole('button', { name: 'Add webhook' }).click();
      const secret = await takeSecret(page, 'Copy the signing secret', 'Signing secret');
      const webhook = (await webhooks()).find((w) => w.url === receiver.url)!;
      expect(webhook).toMatchObject({ events: ['product.created'], is_enabled: true });
      const stored = await t.db.selectFrom('webhooks').select('secret').where('id', '=', webhook.id).executeTakeFirstOrThrow();
      expect(stored.secret).toBe(secret);

      // A product is made; the receiver answers 500 to its event.
      const product = (await t.admin.post('/v1/products', { name: 'Lamp' })).body.data;
      expect(await deliver(t)).toBe(1);
      await page.reload();
      const row = page.getByRole('row').filter({ hasText: receiver.url });
      await row.getByText('Failing', { exact: true }).waitFor();
      await expectAccessible(page, 'the webhooks');
      await screenshot(page, 'settings-webhooks');

      await page.getByRole('link', { name: receiver.url }).click();
      await page.getByRole('heading', { name: receiver.url }).waitFor();
      const log = page.getByRole('region', { name: 'Delivery attempts' });
      const [event] = (await t.admin.get(`/v1/events?related_object=${product.id}&kind=product.created`)).body.data;
      const failed = log.getByRole('row').filter({ hasText: event.id });
      await failed.getByText('Failed').waitFor();
      await failed.getByRole('cell', { name: '500', exact: true }).waitFor();
      await expectAccessible(page, 'a webhook and its deliveries');
      await screenshot(page, 'settings-webhook-detail');

      await page.getByRole('button', { name: `Send ${event.id} again` }).click();
      await page.getByText('Queued to be sent again').waitFor();
      expect(await deliver(t)).toBe(1);
      await page.reload();
      await log.getByText('Delivered').waitFor();
      await expect.poll(() => log.getByRole('row').count(), SERVER).toBe(3);
      await page.getByText('Healthy', { exact: true }).waitFor();

      await page.getByRole('button', { name: 'Edit' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit webhook' });
      await edit.getByLabel('Description').fill('Stock sync');
      await edit.getByRole('switch', { name: 'Active' }).uncheck();
      await edit.getByRole('button', { name: 'Save' }).click();
      await edit.waitFor({ state: 'hidden' });
      await page.getByText('Off', { exact: true }).first().waitFor();
      expect((await t.admin.get(`/v1/webhooks/${webhook.id}`)).body.data).toMatchObject({ description: 'Stock sync', is_enabled: false });

      await page.getByRole('button', { name: 'Rotate secret' }).click();
      await confirm(page, 'Rotate the signing secret?', 'Rotate secret');
      const rotated = await takeSecret(page, 'Copy the new signing secret', 'Signing secret');
      expect(rotated).toMatch(/^whsec_/);
      expect(rotated).not.toBe(secret);
      const afterRotation = await t.db.selectFrom('webhooks').select(['secret', 'previous_secret']).where('id', '=', webhook.id).executeTakeFirstOrThrow();
      expect(afterRotation).toEqual({ secret: rotated, previous_secret: secret });

      await page.getByRole('button', { name: 'Delete' }).click();
      await confirm(page, 'Delete this webhook?', 'Delete webhook');
      await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
      expect((await t.admin.get(`/v1/webhooks/${webhook.id}`)).status).toBe(404);
    });
  }, SLOW);

  it('browses events by related order and kind, reads an event as JSON and follows it to its order', async () => {
    const base = await listen(t);
    const { order } = await placedOrder(t, { items: [{ price: 1000 }] });
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, '/admin/settings/events');
      await page.getByRole('heading', { name: 'Events', level: 1 }).waitFor();
      const events = page.getByRole('button', { name: /^order\.|^product\.|^sku\./ });
      await page.getByRole('button', { name: /^product\./ }).first().waitFor();
      // The order's events only: placed, paid and updated.
      await page.getByLabel('Related record').fill(order.id);
      await page.getByRole('button', { name: /^(product|sku)\./ }).first().waitFor({ state: 'detached' });
      expect(await events.count()).toBe(3);
      const kind = page.getByRole('combobox', { name: 'Kind' });
      await kind.fill('order.placed');
      await kind.press('Tab');
      const item = page.getByRole('button', { name: /order\.placed/ });
      await page.getByRole('button', { name: /^order\.paid/ }).waitFor({ state: 'detached' });
      await page.getByRole('button', { name: /^order\.updated/ }).waitFor({ state: 'detached' });
      expect(await events.count()).toBe(1);
      expect(await item.count()).toBe(1);
      await item.click();
      const data = page.getByRole('region', { name: /^Data of order\.placed/ });
      await data.getByText(`"number": "${order.number}"`).waitFor();
      await expectAccessible(page, 'the events');
      await screenshot(page, 'settings-events');
      await page.getByRole('link', { name: 'Open the order' }).click();
      await page.getByRole('heading', { name: `Order ${order.number}` }).waitFor();
    });
  }, SLOW);

  it('sends a test event to a webhook and sees it delivered, signed, in the delivery log without a reload', async () => {
    const base = await listen(t);
    const receiver = await startRecordingReceiver([204]);
    const webhook = (await t.admin.post('/v1/webhooks', { url: receiver.url, events: ['order.placed'] })).body.data;
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, `/admin/settings/webhooks/${webhook.id}`);
      await page.getByRole('heading', { name: receiver.url }).waitFor();
      await page.getByRole('button', { name: 'Send a test event' }).click();
      await page.getByText(/^Test event evn_\w+ queued/).waitFor();
      const [event] = (await t.admin.get(`/v1/events?kind=webhook.test&related_object=${webhook.id}`)).body.data;
      expect(event).toMatchObject({ kind: 'webhook.test', pending_webhooks: 1 });
      expect(await deliver(t)).toBe(1);
      const [request] = receiver.of(event.id);
      expect(request!.headers['storefront-event-kind']).toBe('webhook.test');
      const headers = Object.fromEntries(['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [name, String(request!.headers[name])]));
      expect(new Webhook(webhook.secret).verify(request!.body, headers)).toMatchObject({ id: event.id, kind: 'webhook.test' });
      const log = page.getByRole('region', { name: 'Delivery attempts' });
      await log.getByRole('row').filter({ hasText: event.id }).getByText('Delivered').waitFor({ timeout: 15_000 });
      await page.mouse.move(700, 20);
      await expectAccessible(page, 'a webhook after its test event');
      await screenshot(page, 'settings-webhook-test-event');
    });
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, `/admin/settings/webhooks/${webhook.id}`);
      await page.getByRole('button', { name: 'Send a test event' }).waitFor();
      await screenshot(page, 'settings-webhook-test-event-narrow');
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }, { width: 390, height: 844 });
  }, SLOW);

  it('shows a read-only key the four screens with every write control disabled, also in a narrow window', async () => {
    const base = await listen(t);
    const receiver = await startReceiver([204]);
    receivers.push(receiver);
    const webhook = (await t.admin.post('/v1/webhooks', { url: receiver.url, events: ['product.created'] })).body.data;
    await t.admin.post('/v1/products', { name: 'Read-only lamp' });
    await deliver(t);
    const key = (await t.admin.post('/v1/api_keys', { name: 'Auditor', read_only: true })).body.data.token as string;
    const disabled = async (page: Page, names: Array<string | RegExp>) => {
      for (const name of names) {
        const button = page.getByRole('button', { name }).first();
        await button.waitFor();
        expect(await button.isDisabled(), String(name)).toBe(true);
      }
    };
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, key, '/admin/settings/channels');
      await page.getByText('Read-only key').waitFor();
      await disabled(page, ['New channel', /^Rename /, /^Issue a key for /, /^Revoke ck_/]);
      await page.getByRole('navigation', { name: 'Areas' }).getByRole('link', { name: 'API keys' }).click();
      await page.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();
      await disabled(page, ['New key', 'Revoke Auditor']);
      await page.getByRole('navigation', { name: 'Areas' }).getByRole('link', { name: 'Webhooks' }).click();
      await disabled(page, ['New webhook']);
      await page.goto(`${base}/admin/settings/webhooks/${webhook.id}`);
      await page.getByRole('heading', { name: receiver.url }).waitFor();
      await disabled(page, ['Edit', 'Rotate secret', 'Delete', /^Send evn_/]);
      await expectAccessible(page, 'a webhook for a read-only key');
      await screenshot(page, 'settings-webhook-read-only');
      await page.getByRole('navigation', { name: 'Areas' }).getByRole('link', { name: 'Events' }).click();
      await page.getByRole('button', { name: /product\.created/ }).first().waitFor();
    });
    // A narrow window: the webhook's delivery log scrolls inside its own region, not the page.
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, key, `/admin/settings/webhooks/${webhook.id}`);
      await page.getByRole('region', { name: 'Delivery attempts' }).waitFor();
      await expectAccessible(page, 'a webhook in a narrow window');
      await screenshot(page, 'settings-webhook-narrow');
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }, { width: 390, height: 844 });
    expect((await t.admin.get(`/v1/webhooks/${webhook.id}`)).body.data.is_enabled).toBe(true);
  }, SLOW);

  it('creates a key with the keyboard alone: Tab to it, Enter, type, Enter, Escape', async () => {
    const base = await listen(t);
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, '/admin/settings/api-keys');
      await page.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();
      let reached = false;
      for (let i = 0; i < 30 && !reached; i++) {
        await page.keyboard.press('Tab');
        reached = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText?.trim() === 'New key');
      }
      expect(reached).toBe(true);
      await page.keyboard.press('Enter');
      const create = page.getByRole('dialog', { name: 'New API key' });
      await create.waitFor();
      await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.innerText ?? ''), SERVER).toContain('Name');
      await page.keyboard.type('Keyboard key');
      await page.keyboard.press('Enter');
      const shown = page.getByRole('dialog', { name: 'Copy the new key' });
      await shown.waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null), SERVER).toBe(true);
      await page.keyboard.press('Escape');
      await shown.waitFor({ state: 'hidden' });
    });
    const names = (await t.admin.get('/v1/api_keys?per_page=250')).body.data.map((key: { name: string }) => key.name);
    expect(names).toContain('Keyboard key');
  }, SLOW);
}, { admin: true });
