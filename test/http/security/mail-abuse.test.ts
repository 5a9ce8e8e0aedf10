import { expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../src/db/database.js';
import { queueAbandonedCheckouts } from '../../../src/modules/notifications/abandoned-checkouts.js';
import { forgetSpentMailQuotas } from '../../../src/modules/notifications/mail-caps.js';
import { mailboxKey } from '../../../src/modules/customers/emails.js';
import { placedOrder, readyCheckout } from '../../helpers/checkout.js';
import { signedUpCustomer, verifyEmail } from '../../helpers/customers.js';
import { expectProblem, uniqueWord } from '../../helpers/expect.js';
import { deliverMailOnce } from '../../helpers/smtp.js';
import { describeEachDatabase, type TestContext } from '../../helpers/test-app.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The outbox rows of `kind` to any of these recipients (as typed), oldest first. */
function mailsTo(t: TestContext, kind: string, recipients: string[]) {
  return t.db.selectFrom('notifications').selectAll().where('kind', '=', kind).where('recipient', 'in', recipients).orderBy('id').execute();
}

/** Spellings of one gmail mailbox: case, `+tag`, dots, the googlemail domain, a trailing dot, a full-width letter. */
function gmailAliases(local: string): string[] {
  const dotted = `${local.slice(0, 1)}.${local.slice(1)}`;
  return [`${local}@gmail.com`, `${local}+one@gmail.com`, `${dotted}@gmail.com`, `${local.toUpperCase()}@googlemail.com`, `${local}@gmail.com.`,
    `\uff56${local.slice(1)}@gmail.com`];
}

// Issue "Trust", item 3: "anyone can make the store mail anything to anyone".
describeEachDatabase('mail abuse', (t) => {
  /** A client of the channel whose requests come from `address` (the app trusts 127.0.0.1 as its proxy). */
  const fromAddress = (address: string) => t.as({ 'channel-key': t.channelKey, 'x-forwarded-for': address });

  it('mails one address at most 3 verification messages an hour: the 17 other requests are 429 with Retry-After', async () => {
    const victim = `v${uniqueWord()}@example.com`;
    const attacker = await signedUpCustomer(t, { email: victim });

    const answers = [];
    for (let i = 0; i < 20; i += 1) answers.push(await attacker.client.post(`/v1/customers/${attacker.id}/verification`, {}));

    expect(answers.map((res) => res.status)).toEqual([...Array(3).fill(202), ...Array(17).fill(429)]);
    for (const refused of answers.slice(3)) {
      expectProblem(refused, 429, 'rate_limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    }
    expect(await mailsTo(t, 'email_verification', [victim])).toHaveLength(3);
    // Staff asking for the same address are held to the same cap: it is the mailbox's.
    expectProblem(await t.admin.post(`/v1/customers/${attacker.id}/verification`, {}), 429, 'rate_limited');
  });

  it('lets no more than 3 verification mails through when 10 requests arrive at the same time', async () => {
    const customer = await signedUpCustomer(t);
    const answers = await Promise.all(Array.from({ length: 10 }, () => customer.client.post(`/v1/customers/${customer.id}/verification`, {})));
    expect(answers.map((res) => res.status).sort()).toEqual([...Array(3).fill(202), ...Array(7).fill(429)]);
    expect(await mailsTo(t, 'email_verification', [customer.email])).toHaveLength(3);
  });

  it('forgets a mailbox\'s counts once a day has passed since its last mail, and not before', async () => {
    const customer = await signedUpCustomer(t);
    expect((await customer.client.post(`/v1/customers/${customer.id}/verification`, {})).status).toBe(202);
    const budgets = () => t.db.selectFrom('mail_quotas').select('last_sent_at').where('recipient_key', '=', mailboxKey(customer.email)).execute();
    const [budget] = await budgets();
    expect(budget).toBeDefined();

    await forgetSpentMailQuotas(t.db, Number(budget!.last_sent_at) + DAY_MS / 1000);
    expect(await budgets()).toHaveLength(1);
    expect(await forgetSpentMailQuotas(t.db, Number(budget!.last_sent_at) + DAY_MS / 1000 + 1)).toBeGreaterThanOrEqual(1);
    expect(await budgets()).toHaveLength(0);
  });

  it('counts the cap by the mailbox: accounts made with aliases of one address share it', async () => {
    const aliases = gmailAliases(uniqueWord());
    const accounts = [];
    for (const email of aliases.slice(0, 4)) accounts.push(await signedUpCustomer(t, { email }));

    for (const account of accounts.slice(0, 3)) expect((await account.client.post(`/v1/customers/${account.id}/verification`, {})).status).toBe(202);
    expectProblem(await accounts[3]!.client.post(`/v1/customers/${accounts[3]!.id}/verification`, {}), 429, 'rate_limited');
    expect(await mailsTo(t, 'email_verification', aliases)).toHaveLength(3);
  });

  it('holds verification and password reset mails to one budget of 3 an hour; a reset past it still answers 202 and mails nothing', async () => {
    const customer = await signedUpCustomer(t);
    for (let i = 0; i < 2; i += 1) expect((await customer.client.post(`/v1/customers/${customer.id}/verification`, {})).status).toBe(202);
    for (let i = 1; i <= 3; i += 1) {
      const asked = await fromAddress(`192.0.2.${i}`).post('/v1/customers/password_reset', { email: customer.email });
      expect(asked.status, asked.text).toBe(202);
      expect(asked.body).toEqual({ data: { email: customer.email } });
    }
    expect(await mailsTo(t, 'password_reset', [customer.email])).toHaveLength(1);
    expect(await t.db.selectFrom('password_resets').selectAll().where('customer_id', '=', customer.id).execute()).toHaveLength(1);
    expectProblem(await customer.client.post(`/v1/customers/${customer.id}/verification`, {}), 429, 'rate_limited');
  });

  it('greets an unverified account without the names it chose: an attacker cannot put its text in the mail', async () => {
    const lure = `Claim your prize at evil${uniqueWord()}.example`;
    const attacker = await signedUpCustomer(t, { first_name: lure, last_name: lure });
    expect((await attacker.client.post(`/v1/customers/${attacker.id}/verification`, {})).status).toBe(202);
    expect((await t.storefront.post('/v1/customers/password_reset', { email: attacker.email })).status).toBe(202);
    await deliverMailOnce(t, undefined);

    const mails = await mailsTo(t, 'email_verification', [attacker.email]);
    mails.push(...(await mailsTo(t, 'password_reset', [attacker.email])));
    expect(mails.map((m) => m.status)).toEqual(['not_sent', 'not_sent']);
    for (const mail of mails) {
      expect(`${mail.subject} ${mail.html} ${mail.text}`).not.toContain(lure);
      expect(mail.text).toMatch(/^Hello,/);
    }

    // A customer who proved the mailbox is greeted by its name.
    const owner = await signedUpCustomer(t, { first_name: 'Ada' });
    await verifyEmail(t, owner.id);
    expect((await t.storefront.post('/v1/customers/password_reset', { email: owner.email })).status).toBe(202);
    await deliverMailOnce(t, undefined);
    const [reset] = await mailsTo(t, 'password_reset', [owner.email]);
    expect(reset!.text).toMatch(/^Hello Ada,/);
  });

  it('confirms at most 3 unpaid bank-transfer orders an hour to one mailbox; the orders are placed all the same, paid ones always confirmed', async () => {
    const aliases = gmailAliases(uniqueWord());
    const orders = [];
    for (const email of aliases.slice(0, 5)) {
      orders.push(await placedOrder(t, { gateway: { driver: 'manual' }, customer: { email, first_name: 'Visit evil.example' } }));
    }
    expect(orders.map((o) => [o.order.status, o.order.financial_status])).toEqual(Array(5).fill(['placed', 'pending']));
    expect(await mailsTo(t, 'order_confirmation', aliases)).toHaveLength(3);

    // Money paid is no abuse: a card order of the same mailbox is confirmed.
    const paid = await placedOrder(t, { customer: { email: aliases[5]! } });
    expect(await mailsTo(t, 'order_confirmation', [paid.email])).toHaveLength(1);
  });

  it('reminds one mailbox of at most one abandoned checkout a day, however many it opened', async () => {
    const handle = { db: t.db, kind: t.kind } as DatabaseHandle;
    await queueAbandonedCheckouts(handle, 4);
    const aliases = gmailAliases(uniqueWord());
    const first = await readyCheckout(t, { until: 'data', customer: { email: aliases[0] } });
    await readyCheckout(t, { until: 'data', customer: { email: aliases[1] } });

    const later = Date.now() + 4 * HOUR_MS + 60_000;
    await queueAbandonedCheckouts(handle, 4, later);
    const reminded = await mailsTo(t, 'abandoned_checkout', aliases);
    expect(reminded.map((m) => m.checkout_id)).toEqual([first.orderId]);

    // A day later the mailbox may be reminded again, of a checkout opened since.
    const third = await readyCheckout(t, { until: 'data', customer: { email: aliases[2] } });
    await queueAbandonedCheckouts(handle, 4, later + DAY_MS + 5 * HOUR_MS);
    expect((await mailsTo(t, 'abandoned_checkout', aliases)).map((m) => m.checkout_id)).toEqual([first.orderId, third.orderId]);
  });

  it("resends an order's mail to the order's email as it is now, never to an address the order no longer has", async () => {
    const typo = `typo${uniqueWord()}@example.com`;
    const order = await placedOrder(t, { customer: { email: typo } });
    const fixed = `fixed${uniqueWord()}@example.com`;
    expect((await t.admin.post(`/v1/orders/${order.orderId}`, { email: fixed })).status).toBe(200);
    await deliverMailOnce(t, undefined);
    const [first] = await mailsTo(t, 'order_confirmation', [typo]);

    const resent = await t.admin.post(`/v1/notifications/${first!.id}/resend`, {});
    expect(resent.status, resent.text).toBe(201);
    expect(resent.body.data).toMatchObject({ recipient: fixed, resent_from: first!.id });
  });
}, { trustProxy: ['127.0.0.1'] });
