'use server';

import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { StorefrontProblem, unwrap } from '@storefront-api/client';
import { buyerClient } from '@/lib/api';
import { CART_COOKIE, cookieOptions, currentCart } from '@/lib/cart';
import { CHECKOUT_COOKIE, currentCheckout, enteredGiftCardCodes, GIFT_CARDS_COOKIE, statesOf } from '@/lib/checkout';
import { formText, orGoBack, problemText } from '@/lib/problems';
import { localized } from '@/lib/locale';

/** A country's states for the address form (called by its country picker). */
export async function statesFor(countryCode: string): Promise<Array<{ code: string; name: string }>> {
  return statesOf(countryCode);
}

/** "Check out" on the cart: the cart's checkout, made (or brought up to date) by the API. */
export async function startCheckout(): Promise<void> {
  const cart = await currentCart();
  if (!cart) redirect(await localized('/cart'));
  await orGoBack('/cart', async () => {
    const checkout = unwrap(await (await buyerClient()).POST('/v1/carts/{id}/checkout', { params: { path: { id: cart.id } }, body: {} }));
    (await cookies()).set(CHECKOUT_COOKIE, checkout.data.id, cookieOptions);
  });
  redirect(await localized('/checkout'));
}

const text = formText;

/** The address members of the form, under `prefix` (`shipping` or `billing`). */
function addressOf(form: FormData, prefix: string) {
  const savedId = text(form, `${prefix}_id`);
  if (savedId && savedId !== 'new') return { id: savedId };
  const stateCode = text(form, `${prefix}_state_code`);
  return {
    first_name: text(form, `${prefix}_first_name`),
    last_name: text(form, `${prefix}_last_name`),
    address1: text(form, `${prefix}_address1`),
    address2: text(form, `${prefix}_address2`) ?? null,
    city: text(form, `${prefix}_city`),
    postcode: text(form, `${prefix}_postcode`),
    country_code: text(form, `${prefix}_country_code`),
    ...(stateCode ? { state_code: stateCode } : { state: text(form, `${prefix}_state`) ?? null }),
    phone: text(form, `${prefix}_phone`),
  };
}

async function checkoutIdOrBack(): Promise<string> {
  const checkout = await currentCheckout();
  if (!checkout) redirect(await localized('/cart'));
  return checkout.data.id;
}

/** Step 1: the buyer's email and the shipping address (the billing one too when it differs). */
export async function saveAddresses(form: FormData): Promise<void> {
  const id = await checkoutIdOrBack();
  const shipping = addressOf(form, 'shipping');
  const sameAddress = form.get('same_address') !== 'off';
  const body = {
    customer: { email: text(form, 'email'), first_name: 'first_name' in shipping ? shipping.first_name : undefined, last_name: 'last_name' in shipping ? shipping.last_name : undefined },
    shipping,
    same_address: sameAddress,
    ...(sameAddress ? {} : { billing: addressOf(form, 'billing') }),
  };
  await orGoBack('/checkout', async () => {
    unwrap(await (await buyerClient()).PUT('/v1/checkouts/{id}', { params: { path: { id } }, body }));
  });
  redirect(await localized('/checkout?step=delivery'));
}

/** Step 2: the shipping method and the way to pay. */
export async function chooseMethods(form: FormData): Promise<void> {
  const id = await checkoutIdOrBack();
  const shippingMethod = text(form, 'shipping_method');
  await orGoBack('/checkout?step=delivery', async () => {
    unwrap(await (await buyerClient()).POST('/v1/checkouts/{id}/methods', {
      params: { path: { id } },
      body: { ...(shippingMethod ? { shipping: { method: shippingMethod } } : {}), payment: { gateway: text(form, 'gateway') } },
    }));
  });
  redirect(await localized('/checkout?step=payment'));
}

/** The words for a refused gift card code: the API's reason, about the code just typed. */
function giftCardFailure(error: unknown): string {
  const refused = error instanceof StorefrontProblem ? error.problem.errors?.find((field) => field.field.startsWith('gift_cards[')) : undefined;
  return refused ? `That code ${refused.message}` : problemText(error);
}

/** Sends the checkout's whole list of gift card codes and keeps it for the next change (GIFT_CARDS_COOKIE). */
async function saveGiftCards(id: string, codes: string[]): Promise<void> {
  await orGoBack('/checkout?step=gift-card', async () => {
    unwrap(await (await buyerClient()).PUT('/v1/checkouts/{id}', { params: { path: { id } }, body: { gift_cards: codes } }));
  }, giftCardFailure);
  const jar = await cookies();
  if (codes.length === 0) jar.delete(GIFT_CARDS_COOKIE);
  else jar.set(GIFT_CARDS_COOKIE, JSON.stringify({ checkout: id, codes }), cookieOptions);
  redirect(await localized('/checkout?step=gift-card'));
}

/** The gift card field: the card joins those entered (a refused code is shown beside the field). */
export async function applyGiftCard(form: FormData): Promise<void> {
  const checkout = await currentCheckout();
  if (!checkout) redirect(await localized('/cart'));
  const code = text(form, 'gift_card');
  if (!code) redirect(await localized('/checkout?step=gift-card'));
  const id = checkout.data.id;
  // Codes kept for cards the checkout no longer lists (removed elsewhere) are left out.
  const kept = await enteredGiftCardCodes(id);
  const entered = kept.length === checkout.data.gift_cards.length ? kept : [];
  await saveGiftCards(id, [...entered, code]);
}

/** "Remove" beside an applied card (`index`: its place in the list). */
export async function removeGiftCard(form: FormData): Promise<void> {
  const checkout = await currentCheckout();
  if (!checkout) redirect(await localized('/cart'));
  const id = checkout.data.id;
  const index = Number(text(form, 'index'));
  const kept = await enteredGiftCardCodes(id);
  // Without the codes typed before (another browser, a cookie gone), removing one removes them all.
  const codes = kept.length === checkout.data.gift_cards.length ? kept.filter((_, i) => i !== index) : [];
  await saveGiftCards(id, codes);
}

/** The words for a refused payment; items no longer on sale are named. */
async function paymentFailure(error: unknown): Promise<string> {
  if (!(error instanceof StorefrontProblem)) throw error;
  if (error.code === 'checkout_changed') return 'Prices or shipping changed since you started: review your order below and pay again.';
  if ((error.problem.errors ?? []).some((field) => field.field.startsWith('gift_cards['))) {
    return 'A gift card no longer holds what it was to pay (spent meanwhile): review the total due below and pay again.';
  }
  const unavailable = (error.problem.errors ?? []).filter((field) => field.field.startsWith('items['));
  if (unavailable.length > 0) {
    const checkout = await currentCheckout();
    const names = unavailable.map((field) => {
      const skuId = field.field.slice('items['.length, -1);
      return checkout?.data.items.find((item) => item.sku_id === skuId)?.name ?? 'An item';
    });
    return `No longer available in the quantity asked: ${names.join(', ')}. Change your cart and check out again.`;
  }
  return problemText(error);
}

/** POSTs one payment attempt of the checkout: its own Idempotency-Key, so a retried request never charges twice. */
async function postPayment(id: string, payment: { method: string; card_number?: string; payment_method_id?: string }) {
  return unwrap(await (await buyerClient()).POST('/v1/checkouts/{id}/payment', {
    params: { path: { id } },
    body: { payment },
    // One attempt, one key: a retried request never charges twice; a new attempt is a new key.
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  }));
}

/** The order is placed: the buyer sees the confirmation and starts a new cart. */
async function showPlaced(id: string): Promise<never> {
  const jar = await cookies();
  jar.delete(CART_COOKIE);
  jar.delete(CHECKOUT_COOKIE);
  jar.delete(GIFT_CARDS_COOKIE);
  redirect(await localized(`/orders/${id}`));
}

/** Step 3: pay. Placed, the buyer sees the confirmation and starts a new cart. */
export async function pay(form: FormData): Promise<void> {
  const id = await checkoutIdOrBack();
  const method = text(form, 'method') ?? 'card';
  const cardNumber = text(form, 'card_number')?.replace(/[\s-]/g, '');
  await orGoBack('/checkout?step=payment', async () => {
    await postPayment(id, { method, ...(cardNumber ? { card_number: cardNumber } : {}) });
  }, paymentFailure);
  await showPlaced(id);
}

/**
 * What a Stripe payment asks of the browser next: nothing when it was placed (the action redirects to
 * the confirmation), the buyer's words for a refusal, or a confirmation with the card issuer
 * (`clientSecret` for Stripe.js's handleNextAction; null: only wait) after which Stripe's webhook places it.
 */
export type StripeStep = { error: string } | { confirm: { paymentIntent: string; clientSecret: string | null } };

/** Step 3 with a `stripe` gateway: pays with the PaymentMethod (pm_…) Stripe.js made from the card. */
export async function payWithStripe(paymentMethodId: string): Promise<StripeStep> {
  const id = await checkoutIdOrBack();
  let answer: Awaited<ReturnType<typeof postPayment>>;
  try {
    answer = await postPayment(id, { method: 'card', payment_method_id: paymentMethodId });
  } catch (error) {
    return { error: await paymentFailure(error) };
  }
  const next = answer.meta.next_action;
  if (answer.data.status === 'created' && next) {
    return { confirm: { paymentIntent: next.payment_intent, clientSecret: next.type === 'requires_action' ? next.client_secret : null } };
  }
  return showPlaced(id);
}

/**
 * After 3-D Secure: redirects to the confirmation once Stripe's webhook placed the order; the issuer's
 * refusal of `paymentIntent` (its transaction failed) is the buyer's words; otherwise it still waits.
 */
export async function stripePaymentOutcome(paymentIntent: string): Promise<{ error: string } | { waiting: true }> {
  const checkout = await currentCheckout();
  if (!checkout) redirect(await localized('/cart'));
  if (checkout.data.status !== 'created') return showPlaced(checkout.data.id);
  const failed = checkout.data.transactions.find((transaction) => transaction.authorization === paymentIntent && transaction.status === 'failed');
  return failed ? { error: failed.message ?? 'Your card issuer did not confirm the payment.' } : { waiting: true };
}
