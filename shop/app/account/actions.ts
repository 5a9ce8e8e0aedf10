'use server';

import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { unwrap } from '@storefront-api/client';
import { buyerClient, CUSTOMER_ID_COOKIE, CUSTOMER_TOKEN_COOKIE, shopClient } from '@/lib/api';
import { claimCart, cookieOptions } from '@/lib/cart';
import { currentCustomer } from '@/lib/customer';
import { formText, orGoBack, withError } from '@/lib/problems';
import { localized } from '@/lib/locale';

const text = formText;

/** A password as typed: spaces are part of it. */
const password = (form: FormData, name: string) => String(form.get(name) ?? '');

/** Signs in through the channel and keeps the token and the customer's id in httpOnly cookies, for as long as the token lives. */
async function signInAs(email: string, secret: string): Promise<{ id: string; token: string }> {
  const { data } = unwrap(await shopClient().POST('/v1/customers/token', { body: { email, password: secret } }));
  const maxAge = Math.max(0, Math.min(cookieOptions.maxAge, data.expires_at - Math.floor(Date.now() / 1000)));
  const jar = await cookies();
  jar.set(CUSTOMER_TOKEN_COOKIE, data.token, { ...cookieOptions, maxAge });
  jar.set(CUSTOMER_ID_COOKIE, data.id, { ...cookieOptions, maxAge });
  await claimCart(data.token);
  return { id: data.id, token: data.token };
}

async function forgetCustomer(): Promise<void> {
  const jar = await cookies();
  jar.delete(CUSTOMER_TOKEN_COOKIE);
  jar.delete(CUSTOMER_ID_COOKIE);
}

/**
 * "Create account": the customer is signed up with the channel key (never with a token a browser may
 * still carry), signed in, and mailed a link proving their email. The mail is a courtesy: when it
 * cannot go (switched off by the store, the mailbox's hourly cap) the account is made all the same,
 * and the account page offers to send it again.
 */
export async function signUp(form: FormData): Promise<void> {
  const from = '/account?form=sign-up';
  const email = text(form, 'email') ?? '';
  const secret = password(form, 'password');
  await orGoBack(from, async () => {
    unwrap(await shopClient().POST('/v1/customers', {
      body: { email, password: secret, first_name: text(form, 'first_name') ?? null, last_name: text(form, 'last_name') ?? null },
    }));
    const { id, token } = await signInAs(email, secret);
    await shopClient().withCustomerToken(token).POST('/v1/customers/{id}/verification', { params: { path: { id } } });
  });
  redirect(await localized('/account'));
}

export async function signIn(form: FormData): Promise<void> {
  await orGoBack('/account?form=sign-in', async () => {
    await signInAs(text(form, 'email') ?? '', password(form, 'password'));
  });
  redirect(await localized('/account'));
}

/**
 * The token is revoked at the API, then forgotten here. One the API no longer knows (expired, revoked)
 * is forgotten all the same, and so is one the API could not be reached to revoke: the buyer asked to
 * be signed out of this browser, and the httpOnly cookie was its only copy.
 */
export async function signOut(): Promise<void> {
  const token = (await cookies()).get(CUSTOMER_TOKEN_COOKIE)?.value;
  if (token) await shopClient().withCustomerToken(token).DELETE('/v1/customers/token').catch(() => undefined);
  await forgetCustomer();
  redirect(await localized('/account?notice=signed-out'));
}

/** "Forgot your password?": the API answers the same whether the email has an account or not, and so does the shop. */
export async function requestPasswordReset(form: FormData): Promise<void> {
  await orGoBack('/account/forgot', async () => {
    unwrap(await shopClient().POST('/v1/customers/password_reset', { body: { email: text(form, 'email') ?? '' } }));
  });
  redirect(await localized('/account/forgot?sent=1'));
}

/**
 * The reset link's form: the new password is set and the link is used up. Every session of the
 * customer ended with it (this browser's too), so the buyer signs in again with the new password.
 */
export async function resetPassword(form: FormData): Promise<void> {
  const token = text(form, 'token') ?? '';
  const from = `/account/reset?${new URLSearchParams({ token })}`;
  const secret = password(form, 'password');
  if (secret !== password(form, 'password_confirmation')) redirect(withError(await localized(from), 'The two passwords are not the same'));
  await orGoBack(from, async () => {
    unwrap(await shopClient().POST('/v1/customers/password', { body: { token, password: secret } }));
  });
  await forgetCustomer();
  redirect(await localized('/account?notice=password-set'));
}

/** The verification link's button: the email is proven (and the guest orders of that email join the account). */
export async function verifyEmail(form: FormData): Promise<void> {
  const token = text(form, 'token') ?? '';
  await orGoBack(`/account/verify?${new URLSearchParams({ token })}`, async () => {
    unwrap(await shopClient().POST('/v1/customers/verify', { body: { token } }));
  });
  redirect(await localized('/account/verify?verified=1'));
}

/** The signed-in customer's id, or back to the sign-in form when the session is gone. */
async function customerIdOrSignIn(): Promise<string> {
  const customer = await currentCustomer();
  if (!customer) redirect(await localized('/account'));
  return customer.id;
}

export async function sendVerification(): Promise<void> {
  const id = await customerIdOrSignIn();
  await orGoBack('/account', async () => {
    unwrap(await (await buyerClient()).POST('/v1/customers/{id}/verification', { params: { path: { id } } }));
  });
  redirect(await localized('/account?notice=verification-sent'));
}

/** "Save address" on the account page: the fields of AddressFields under the `shipping` prefix. */
export async function addAddress(form: FormData): Promise<void> {
  const id = await customerIdOrSignIn();
  const stateCode = text(form, 'shipping_state_code');
  const body = {
    first_name: text(form, 'shipping_first_name') ?? null,
    last_name: text(form, 'shipping_last_name') ?? null,
    address1: text(form, 'shipping_address1'),
    address2: text(form, 'shipping_address2') ?? null,
    city: text(form, 'shipping_city'),
    postcode: text(form, 'shipping_postcode'),
    country_code: text(form, 'shipping_country_code'),
    ...(stateCode ? { state_code: stateCode } : { state: text(form, 'shipping_state') ?? null }),
    phone: text(form, 'shipping_phone'),
    is_primary: form.get('is_primary') === 'on',
  };
  await orGoBack('/account?form=address', async () => {
    unwrap(await (await buyerClient()).POST('/v1/customers/{id}/addresses', { params: { path: { id } }, body }));
  });
  redirect(await localized('/account?notice=address-saved'));
}

export async function deleteAddress(form: FormData): Promise<void> {
  const id = await customerIdOrSignIn();
  const addressId = text(form, 'address_id') ?? '';
  await orGoBack('/account', async () => {
    unwrap(await (await buyerClient()).DELETE('/v1/customers/{id}/addresses/{addressId}', { params: { path: { id, addressId } } }));
  });
  redirect(await localized('/account?notice=address-deleted'));
}
