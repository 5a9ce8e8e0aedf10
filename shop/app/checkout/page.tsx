import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { AddressFields } from '@/components/address-fields';
import { LocalLink as Link } from '@/components/local-link';
import { OrderSummary } from '@/components/order-summary';
import { StripePayment } from '@/components/stripe-payment';
import { SubmitButton } from '@/components/submit-button';
import { buyerClient } from '@/lib/api';
import { countries, currentCheckout, statesOf } from '@/lib/checkout';
import { currentCustomer } from '@/lib/customer';
import { localized, moneyFormat, pageWords } from '@/lib/locale';
import { buyerMarket } from '@/lib/market';
import { shopInfo } from '@/lib/store';
import { applyGiftCard, chooseMethods, pay, removeGiftCard, saveAddresses } from './actions';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await pageWords()).checkout, robots: { index: false } };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function CheckoutPage({ searchParams }: Props) {
  const [checkout, query, customer, shop, words, money, buyer] = await Promise.all([currentCheckout(), searchParams, currentCustomer(), shopInfo(), pageWords(), moneyFormat(), buyerMarket()]);
  if (!checkout || checkout.data.status !== 'created') redirect(await localized('/cart'));
  const { data: order, meta } = checkout;
  const step = typeof query.step === 'string' ? query.step : 'address';
  const error = typeof query.error === 'string' ? query.error : undefined;
  const { shipping_countries: shipTo } = await countries();
  const address = order.shipping ?? order.billing;
  const countryCode = address?.address.country_code ?? shipTo.find((country) => country.code === buyer.countryCode)?.code ?? shipTo.find((country) => country.code === shop.countryCode)?.code ?? shipTo[0]?.code ?? '';
  const savedAddresses = customer ? ((await (await buyerClient()).GET('/v1/customers/{id}/addresses', { params: { path: { id: customer.id } } })).data?.data ?? []) : [];
  const hasBuyer = Boolean(order.email) && (!order.is_shipping_required || order.shipping !== null);
  const hasMethods = meta.selected_payment_gateway !== null && (!order.is_shipping_required || meta.selected_shipping_method !== null);
  const gateway = meta.payment_gateways.find((candidate) => candidate.id === meta.selected_payment_gateway);
  // Gift cards that pay everything leave nothing for a gateway: the order is paid with them alone.
  const isCoveredByGiftCards = order.total_due === 0 && order.gift_cards.some((card) => card.amount > 0);
  const canPayWithGiftCards = isCoveredByGiftCards && hasBuyer && (!order.is_shipping_required || meta.selected_shipping_method !== null);
  const errorHere = (where: string) => (error && step === where ? <p className="form-error" role="alert" id={`${where}-error`}>{error}</p> : null);

  return (
    <div className="checkout">
      <div className="checkout-steps">
        <h1>{words.checkout}</h1>
        <section aria-labelledby="address-title" className="checkout-step">
          <h2 id="address-title">{words.contactAnd(order.is_shipping_required)}</h2>
          {errorHere('address')}
          <form action={saveAddresses}>
            <div className="field">
              <label htmlFor="email">{words.email}</label>
              <input id="email" name="email" type="email" autoComplete="email" required defaultValue={order.email ?? customer?.email ?? ''} />
            </div>
            {savedAddresses.length > 0 ? (
              <fieldset className="saved-addresses">
                <legend>{words.savedAddresses}</legend>
                {savedAddresses.map((saved, index) => (
                  <label key={saved.id} className="radio">
                    <input type="radio" name="shipping_id" value={saved.id} defaultChecked={index === 0} />
                    {[saved.first_name, saved.last_name].filter(Boolean).join(' ')}, {saved.address1}, {saved.city} {saved.postcode}, {saved.country_code}
                  </label>
                ))}
                <label className="radio"><input type="radio" name="shipping_id" value="new" /> {words.newAddress}</label>
              </fieldset>
            ) : null}
            <AddressFields
              prefix="shipping"
              optional={savedAddresses.length > 0}
              countries={shipTo}
              initialStates={await statesOf(countryCode)}
              words={words.address}
              values={address ? { ...address.address, first_name: address.first_name, last_name: address.last_name, phone: address.phone } : { first_name: customer?.first_name, last_name: customer?.last_name, country_code: countryCode }}
            />
            <button type="submit" className="primary">{words.continue}</button>
          </form>
        </section>

        <section aria-labelledby="methods-title" className="checkout-step">
          <h2 id="methods-title">{words.deliveryAndPayment}</h2>
          {errorHere('delivery')}
          {!hasBuyer ? <p className="muted">{words.addressFirst}</p> : (
            <form action={chooseMethods}>
              {order.is_shipping_required ? (
                <fieldset>
                  <legend>{words.shippingMethod}</legend>
                  {meta.shipping_methods.length === 0 ? <p className="form-error">{words.noShipping}</p> : null}
                  {meta.shipping_methods.map((method, index) => (
                    <label key={method.id} className="radio">
                      <input type="radio" name="shipping_method" value={method.id} required defaultChecked={meta.selected_shipping_method ? meta.selected_shipping_method === method.id : index === 0} />
                      {method.name} · {method.price === 0 ? words.free : money(method.price, order.currency)}
                    </label>
                  ))}
                </fieldset>
              ) : null}
              <fieldset>
                <legend>{words.payWith}</legend>
                {meta.payment_gateways.map((candidate, index) => (
                  <label key={candidate.id} className="radio">
                    <input type="radio" name="gateway" value={candidate.id} required defaultChecked={meta.selected_payment_gateway ? meta.selected_payment_gateway === candidate.id : index === 0} />
                    {candidate.display_name ?? candidate.name}
                  </label>
                ))}
              </fieldset>
              <button type="submit" className="primary">{words.continueToPayment}</button>
            </form>
          )}
        </section>

        <section aria-labelledby="payment-title" className="checkout-step">
          <h2 id="payment-title">{words.payment}</h2>
          <div className="gift-card-step">
            <h3>{words.giftCards}</h3>
            {order.gift_cards.length > 0 ? (
              <ul className="gift-cards">
                {order.gift_cards.map((card, index) => (
                  <li key={index}>
                    <span>{words.giftCardEnding(card.last_four)}</span>
                    <span>−{money(card.amount, order.currency)}</span>
                    <form action={removeGiftCard}>
                      <input type="hidden" name="index" value={index} />
                      <button type="submit" className="link-button" aria-label={words.removeGiftCard(card.last_four)}>{words.remove}</button>
                    </form>
                  </li>
                ))}
              </ul>
            ) : null}
            <form action={applyGiftCard} className="discount-form">
              <label htmlFor="gift-card">{words.giftCard}</label>
              <input id="gift-card" name="gift_card" autoComplete="off" required
                aria-invalid={error && step === 'gift-card' ? true : undefined} aria-describedby={error && step === 'gift-card' ? 'gift-card-error' : undefined} />
              <button type="submit">{words.apply}</button>
            </form>
            {errorHere('gift-card')}
            {order.gift_cards.length > 0 ? <p className="total-row grand"><span>{words.totalDue}</span><span>{money(order.total_due, order.currency)}</span></p> : null}
          </div>

          {isCoveredByGiftCards ? (!canPayWithGiftCards ? <p className="muted">{words.methodsFirst}</p> : (
            <form action={pay} className="payment-form">
              {errorHere('payment')}
              <input type="hidden" name="method" value="gift_card" />
              <SubmitButton className="primary pay-button" pending={words.paying}>{words.payWithGiftCard}</SubmitButton>
            </form>
          )) : !hasMethods || !gateway ? <p className="muted">{words.methodsFirst}</p> : gateway.driver === 'stripe' ? (
            // Stripe.js from Stripe unless told otherwise: tests serve a fake of it (docs/shop.md).
            <StripePayment
              key={gateway.id}
              src={process.env.STOREFRONT_STRIPE_JS_URL || 'https://js.stripe.com/v3/'}
              publishableKey={String(gateway.settings.publishable_key ?? '')}
              amount={order.total_due}
              currency={order.currency}
              label={words.pay(money(order.total_due, order.currency))}
            />
          ) : (
            <form action={pay} className="payment-form">
              {gateway.driver === 'test' ? (
                <div className="field">
                  <label htmlFor="card-number">{words.cardNumber}</label>
                  <input id="card-number" name="card_number" inputMode="numeric" autoComplete="cc-number" required placeholder="4242 4242 4242 4242"
                    aria-invalid={error && step === 'payment' ? true : undefined} aria-describedby={error && step === 'payment' ? 'payment-error' : 'card-hint'} />
                  <p id="card-hint" className="muted">{words.testCardHint}</p>
                  {errorHere('payment')}
                  <input type="hidden" name="method" value="card" />
                </div>
              ) : (
                <>
                  {errorHere('payment')}
                  <fieldset>
                    <legend>{words.howYouPay}</legend>
                    {gateway.methods.map((method, index) => (
                      <label key={method} className="radio"><input type="radio" name="method" value={method} defaultChecked={index === 0} /> {method === 'transfer' ? words.bankTransfer : method === 'cash' ? words.cashOnDelivery : method}</label>
                    ))}
                  </fieldset>
                  {typeof gateway.settings.instructions === 'string' ? <p className="instructions">{gateway.settings.instructions}</p> : null}
                </>
              )}
              <SubmitButton className="primary pay-button" pending={words.paying}>{words.pay(money(order.total_due, order.currency))}</SubmitButton>
            </form>
          )}
        </section>
        <p><Link href="/cart">{words.backToCart}</Link></p>
      </div>
      <OrderSummary order={order} />
    </div>
  );
}
