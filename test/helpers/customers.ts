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

/** Proves a customer's email the way a verification message will: staff issue a token, the customer redeems it. */
export async function verifyEmail(t: TestContext, customerId: string): Promise<void> {
  const issued = await t.admin.post(`/v1/customers/${customerId}/verification`, {});
  expect(issued.status, issued.text).toBe(201);
  const redeemed = await t.storefront.post('/v1/customers/verify', { token: issued.body.data.token });
  expect(redeemed.status, redeemed.text).toBe(200);
}
