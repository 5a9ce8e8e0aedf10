'use client';

import { useRouter } from 'next/navigation';
import { type FormEvent, useEffect, useRef, useState, useTransition } from 'react';
import { payWithStripe, stripePaymentOutcome } from '@/app/checkout/actions';

/** The few members of Stripe.js the shop uses (https://docs.stripe.com/js). */
type StripeError = { message?: string };
type Elements = {
  create(type: 'payment'): { mount(node: HTMLElement): void };
  update(options: { amount: number }): void;
  submit(): Promise<{ error?: StripeError }>;
};
type StripeJs = {
  elements(options: Record<string, unknown>): Elements;
  createPaymentMethod(options: { elements: Elements }): Promise<{ paymentMethod?: { id: string }; error?: StripeError }>;
  handleNextAction(options: { clientSecret: string }): Promise<{ error?: StripeError }>;
};
declare global {
  interface Window { Stripe?: (publishableKey: string) => StripeJs }
}

let loading: Promise<NonNullable<Window['Stripe']>> | undefined;

/** Stripe.js, loaded once per page from `src` (only the payment step asks for it). */
function loadStripe(src: string): Promise<NonNullable<Window['Stripe']>> {
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.onload = () => (window.Stripe ? resolve(window.Stripe) : reject(new Error('no Stripe')));
    script.onerror = () => {
      loading = undefined;
      reject(new Error('Stripe.js did not load'));
    };
    document.head.append(script);
  });
  return loading;
}

// Stripe reads ISK and UGX with two decimals the store does not keep (src/modules/payments/drivers/stripe-amounts.ts).
const stripeAmount = (amount: number, currency: string) => (/^(isk|ugx)$/i.test(currency) ? amount * 100 : amount);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The payment step of a `stripe` gateway: Stripe's Payment Element collects the card, Stripe.js makes a
 * PaymentMethod of it, and the server pays with that (payWithStripe). A card that asks for 3-D Secure
 * is confirmed with the issuer in Stripe.js, then the page waits for Stripe's webhook to place the order.
 */
export function StripePayment({ src, publishableKey, amount, currency, label }: { src: string; publishableKey: string; amount: number; currency: string; label: string }) {
  const mount = useRef<HTMLDivElement>(null);
  const stripe = useRef<{ js: StripeJs; elements: Elements }>(null);
  const [ready, setReady] = useState(false);
  const [phase, setPhase] = useState<'paying' | 'confirming'>();
  const [error, setError] = useState<string>();
  const [, startTransition] = useTransition();
  const router = useRouter();

  useEffect(() => {
    let gone = false;
    loadStripe(src).then((Stripe) => {
      if (gone || !mount.current || stripe.current) return;
      const js = Stripe(publishableKey);
      // Cards only, the PaymentMethod made here: the server creates and confirms the PaymentIntent.
      const elements = js.elements({ mode: 'payment', amount: stripeAmount(amount, currency), currency: currency.toLowerCase(), paymentMethodCreation: 'manual', paymentMethodTypes: ['card'] });
      elements.create('payment').mount(mount.current);
      stripe.current = { js, elements };
      setReady(true);
    }, () => setError('Card payments could not be loaded. Reload the page, or choose another way to pay above.'));
    return () => { gone = true; };
    // Made once, with the total of then: a new total updates the element (below).
  }, []);

  useEffect(() => {
    stripe.current?.elements.update({ amount: stripeAmount(amount, currency) });
  }, [amount, currency]);

  const fail = (words: string) => {
    setError(words);
    setPhase(undefined);
    // A refused payment may have re-priced the checkout (409 checkout_changed): show it as it is now.
    router.refresh();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const current = stripe.current;
    if (!current || phase) return;
    setError(undefined);
    setPhase('paying');
    // A transition, so that the actions' redirect to the confirmation is Next's to follow.
    startTransition(async () => {
      const submitted = await current.elements.submit();
      if (submitted.error) return fail(submitted.error.message ?? 'Check your card details.');
      const made = await current.js.createPaymentMethod({ elements: current.elements });
      if (!made.paymentMethod) return fail(made.error?.message ?? 'Check your card details.');
      const step = await payWithStripe(made.paymentMethod.id);
      if ('error' in step) return fail(step.error);
      if (step.confirm.clientSecret) {
        const confirmed = await current.js.handleNextAction({ clientSecret: step.confirm.clientSecret });
        if (confirmed.error) return fail(confirmed.error.message ?? 'Your card issuer did not confirm the payment.');
      }
      // Stripe's webhook places the order: wait for it (the outcome redirects once placed).
      setPhase('confirming');
      for (let tries = 0; tries < 20; tries += 1) {
        await sleep(1000);
        const outcome = await stripePaymentOutcome(step.confirm.paymentIntent);
        if ('error' in outcome) return fail(outcome.error);
      }
      fail('Your payment is still being confirmed. Your order is placed once it goes through, and we email you then: wait a minute before paying again.');
    });
  };

  return (
    <form className="payment-form" onSubmit={onSubmit}>
      <div ref={mount} className="payment-element" />
      {error ? <p className="form-error" role="alert" id="payment-error">{error}</p> : null}
      <p className="muted" role="status">{phase === 'confirming' ? 'Confirming your payment with your card issuer…' : ''}</p>
      <button type="submit" className="primary pay-button" disabled={!ready || Boolean(phase)} aria-busy={phase ? true : undefined}>{phase ? 'Paying…' : label}</button>
    </form>
  );
}
