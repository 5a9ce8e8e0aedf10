import { expect } from 'vitest';
import { uniqueWord } from './expect.js';
import type { Client, TestContext } from './test-app.js';

/** An email no other test uses. */
export function newEmail(): string {
  return `${uniqueWord()}@example.com`;
}

/** A password the strength rules accept: two random words and a separator. */
export function strongPassword(): string {
  return `${uniqueWord()}-${uniqueWord()}`;
}

/** A client sending a customer token with the channel key of the test app. */
export function customerClient(t: TestContext, token: string): Client {
  return t.as({ authorization: `Bearer ${token}`, 'channel-key': t.channelKey });
}

/** Signs a customer up through the channel (201 expected); answers its id. */
export async function signUp(t: TestContext, email: string, password: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await t.storefront.post('/v1/customers', { email, password, ...extra });
  expect(res.status, res.text).toBe(201);
  return res.body.data.id;
}

/** Signs a customer in through the channel (200 expected); answers its token. */
export async function signIn(t: TestContext, email: string, password: string): Promise<string> {
  const res = await t.storefront.post('/v1/customers/token', { email, password });
  expect(res.status, res.text).toBe(200);
  return res.body.data.token;
}

/** A customer signed up and signed in: its id, email, password, token and a client sending the token. */
export async function signedUpCustomer(t: TestContext, extra: Record<string, unknown> = {}) {
  const email = (extra.email as string | undefined) ?? newEmail();
  const password = strongPassword();
  const id = await signUp(t, email, password, extra);
  const token = await signIn(t, email, password);
  return { id, email, password, token, client: customerClient(t, token) };
}

/**
 * The token of the last link of `kind` queued for a customer, read from the link in its outbox row
 * (tests without an SMTP server; those with one read it from the message received).
 */
export async function queuedToken(t: TestContext, customerId: string, kind: 'email_verification' | 'password_reset'): Promise<string> {
  const row = await t.db.selectFrom('notifications').select('data').where('customer_id', '=', customerId).where('kind', '=', kind)
    .orderBy('id', 'desc').executeTakeFirstOrThrow();
  const data = JSON.parse(row.data) as { verify_url?: string; reset_url?: string };
  return new URL(data.verify_url ?? data.reset_url!).searchParams.get('token')!;
}

/** Proves a customer's email as its owner does: staff send the verification mail, the link in it is redeemed. */
export async function verifyEmail(t: TestContext, customerId: string): Promise<void> {
  const sent = await t.admin.post(`/v1/customers/${customerId}/verification`, {});
  expect(sent.status, sent.text).toBe(202);
  const redeemed = await t.storefront.post('/v1/customers/verify', { token: await queuedToken(t, customerId, 'email_verification') });
  expect(redeemed.status, redeemed.text).toBe(200);
}
