import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { AddressFields } from '@/components/address-fields';
import { OrderSummary } from '@/components/order-summary';
import { StripePayment } from '@/components/stripe-payment';
import { SubmitButton } from '@/components/submit-button';
import { buyerClient } from '@/lib/api';
import { countries, currentCheckout, statesOf } from '@/lib/checkout';
import { currentCustomer } from '@/lib/customer';
import { money, shopInfo } from '@/lib/store';
import { chooseMethods, pay, saveAddresses } from './actions';

export const metadata: Metadata = { title: 'Checkout', robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function CheckoutPage({ searchParams }: Props) {
  const [checkout, query, customer, shop] = await Promise.all([currentCheckout(), searchParams, currentCustomer(), shopInfo()]);
  if (!checkout || checkout.data.status !== 'created') redirect('/cart');
  const { data: order, meta } = checkout;
  const step = typeof query.step === 'string' ? query.step : 'address';
  const error = typeof query.error === 'string' ? query.error : undefined;
  const { shipping_countries: shipTo } = await countries();
  const address = order.shipping ?? order.billing;
  const countryCode = address?.address.country_code ?? shipTo.find((country) => country.code === shop.countryCode)?.code ?? shipTo[0]?.code ?? '';
  const savedAddresses = customer ? ((await (await buyerClient()).GET('/v1/customers/{id}/addresses', { params: { path: { id: customer.id } } })).data?.data ?? []) : [];
  const hasBuyer = Boolean(order.email) && (!order.is_shipping_required || order.shipping !== null);
  const hasMethods = meta.selected_payment_gateway !== null && (!order.is_shipping_required || meta.selected_shipping_method !== null);
  const gateway = meta.payment_gateways.find((candidate) => candidate.id === meta.selected_payment_gateway);
  const errorHere = (where: string) => (error && step === where ? <p className="form-error" role="alert" id={`${where}-error`}>{error}</p> : null);

  return (
    <div className="checkout">
      <div className="checkout-steps">
        <h1>Checkout</h1>
        <section aria-labelledby="address-title" className="checkout-step">
          <h2 id="address-title">1. Contact and {order.is_shipping_required ? 'shipping' : 'billing'} address</h2>
          {errorHere('address')}
          <form action={saveAddresses}>
            <div className="field">
              <label htmlFor="email">Email</label>
              <input id="email" name="email" type="email" autoComplete="email" required defaultValue={order.email ?? customer?.email ?? ''} />
            </div>
            {savedAddresses.length > 0 ? (
              <fieldset className="saved-addresses">
                <legend>Saved addresses</legend>
                {savedAddresses.map((saved, index) => (
                  <label key={saved.id} className="radio">
                    <input type="radio" name="shipping_id" value={saved.id} defaultChecked={index === 0} />
                    {[saved.first_name, saved.last_name].filter(Boolean).join(' ')}, {saved.address1}, {saved.city} {saved.postcode}, {saved.country_code}
                  </label>
                ))}
                <label className="radio"><input type="radio" name="shipping_id" value="new" /> A new address (below)</label>
              </fieldset>
            ) : null}
            <AddressFields
              prefix="shipping"
              optional={savedAddresses.length > 0}
              countries={shipTo}
              initialStates={await statesOf(countryCode)}
              values={address ? { ...address.address, first_name: address.first_name, last_name: address.last_name, phone: address.phone } : { first_name: customer?.first_name, last_name: customer?.last_name, country_code: countryCode }}
            />
            <button type="submit" className="primary">Continue</button>
          </form>
        </section>

        <section aria-labelledby="methods-title" className="checkout-step">
          <h2 id="methods-title">2. Delivery and payment</h2>
          {errorHere('delivery')}
          {!hasBuyer ? <p className="muted">Fill in your address first.</p> : (
            <form action={chooseMethods}>
              {order.is_shipping_required ? (
                <fieldset>
                  <legend>Shipping method</legend>
                  {meta.shipping_methods.length === 0 ? <p className="form-error">We do not ship to this address. Choose another one.</p> : null}
                  {meta.shipping_methods.map((method, index) => (
                    <label key={method.id} className="radio">
                      <input type="radio" name="shipping_method" value={method.id} required defaultChecked={meta.selected_shipping_method ? meta.selected_shipping_method === method.id : index === 0} />
                      {method.name} · {method.price === 0 ? 'Free' : money(method.price, order.currency)}
                    </label>
                  ))}
                </fieldset>
              ) : null}
              <fieldset>
                <legend>Pay with</legend>
                {meta.payment_gateways.map((candidate, index) => (
                  <label key={candidate.id} className="radio">
                    <input type="radio" name="gateway" value={candidate.id} required defaultChecked={meta.selected_payment_gateway ? meta.selected_payment_gateway === candidate.id : index === 0} />
                    {candidate.display_name ?? candidate.name}
                  </label>
                ))}
              </fieldset>
              <button type="submit" className="primary">Continue to payment</button>
            </form>
          )}
        </section>

        <section aria-labelledby="payment-title" className="checkout-step">
          <h2 id="payment-title">3. Payment</h2>
          {!hasMethods || !gateway ? <p className="muted">Choose delivery and payment first.</p> : gateway.driver === 'stripe' ? (
            // Stripe.js from Stripe unless told otherwise: tests serve a fake of it (docs/shop.md).
            <StripePayment
              key={gateway.id}
              src={process.env.STOREFRONT_STRIPE_JS_URL || 'https://js.stripe.com/v3/'}
              publishableKey={String(gateway.settings.publishable_key ?? '')}
              amount={order.total_price}
              currency={order.currency}
              label={`Pay ${money(order.total_price, order.currency)}`}
            />
          ) : (
            <form action={pay} className="payment-form">
              {gateway.driver === 'test' ? (
                <div className="field">
                  <label htmlFor="card-number">Card number</label>
                  <input id="card-number" name="card_number" inputMode="numeric" autoComplete="cc-number" required placeholder="4242 4242 4242 4242"
                    aria-invalid={error && step === 'payment' ? true : undefined} aria-describedby={error && step === 'payment' ? 'payment-error' : 'card-hint'} />
                  <p id="card-hint" className="muted">Test mode: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined.</p>
                  {errorHere('payment')}
                  <input type="hidden" name="method" value="card" />
                </div>
              ) : (
                <>
                  {errorHere('payment')}
                  <fieldset>
                    <legend>How you will pay</legend>
                    {gateway.methods.map((method, index) => (
                      <label key={method} className="radio"><input type="radio" name="method" value={method} defaultChecked={index === 0} /> {method === 'transfer' ? 'Bank transfer' : method === 'cash' ? 'Cash on delivery' : method}</label>
                    ))}
                  </fieldset>
                  {typeof gateway.settings.instructions === 'string' ? <p className="instructions">{gateway.settings.instructions}</p> : null}
                </>
              )}
              <SubmitButton className="primary pay-button" pending="Paying…">Pay {money(order.total_price, order.currency)}</SubmitButton>
            </form>
          )}
        </section>
        <p><Link href="/cart">← Back to the cart</Link></p>
      </div>
      <OrderSummary order={order} />
    </div>
  );
}
