import type { Metadata } from 'next';
import { unwrap, type components } from '@storefront-api/client';
import { AddressFields } from '@/components/address-fields';
import { LocalLink as Link } from '@/components/local-link';
import { SubmitButton } from '@/components/submit-button';
import { buyerClient } from '@/lib/api';
import { countries, statesOf } from '@/lib/checkout';
import { currentCustomer, type Customer } from '@/lib/customer';
import { moneyFormat, pageWords, requestLocale } from '@/lib/locale';
import { shopInfo } from '@/lib/store';
import { addAddress, deleteAddress, sendVerification, signIn, signOut, signUp } from './actions';

export const metadata: Metadata = { title: 'Your account', robots: { index: false } };

type Order = components['schemas']['Order'];
type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** What an action that finished says when it comes back here (`?notice=…`): fixed words, never text from the URL. */
const notices: Record<string, string> = {
  'signed-out': 'You are signed out.',
  'password-set': 'Your new password is set. Sign in with it.',
  'verification-sent': 'We mailed you a link to confirm your email.',
  'address-saved': 'Your address is saved.',
  'address-deleted': 'The address is deleted.',
};

/** `partially_fulfilled` → `Partially fulfilled`. */
const words = (status: string) => {
  const spaced = status.replace(/_/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

export default async function AccountPage({ searchParams }: Props) {
  const [customer, query] = await Promise.all([currentCustomer(), searchParams]);
  const error = typeof query.error === 'string' ? query.error : undefined;
  const form = typeof query.form === 'string' ? query.form : undefined;
  const notice = typeof query.notice === 'string' ? notices[query.notice] : undefined;
  return (
    <>
      <h1>Your account</h1>
      {notice ? <p role="status">{notice}</p> : null}
      {customer ? <SignedIn customer={customer} error={error} form={form} /> : <SignedOut error={error} form={form} />}
    </>
  );
}

function FormError({ error, id }: { error: string | undefined; id: string }) {
  return error ? <p className="form-error" role="alert" id={id}>{error}</p> : null;
}

/** Sign in and sign up side by side; an error shows above the form it came from. */
function SignedOut({ error, form }: { error: string | undefined; form: string | undefined }) {
  const signUpError = form === 'sign-up' ? error : undefined;
  const signInError = form === 'sign-up' ? undefined : error;
  return (
    <div className="field-row">
      <section className="field" aria-labelledby="sign-in-title">
        <h2 id="sign-in-title">Sign in</h2>
        <FormError error={signInError} id="sign-in-error" />
        <form action={signIn}>
          <div className="field">
            <label htmlFor="sign-in-email">Email</label>
            <input id="sign-in-email" name="email" type="email" autoComplete="username" required />
          </div>
          <div className="field">
            <label htmlFor="sign-in-password">Password</label>
            <input id="sign-in-password" name="password" type="password" autoComplete="current-password" required />
          </div>
          <SubmitButton className="primary" pending="Signing in…">Sign in</SubmitButton>
        </form>
        <p><Link href="/account/forgot">Forgot your password?</Link></p>
      </section>
      <section className="field" aria-labelledby="sign-up-title">
        <h2 id="sign-up-title">Create an account</h2>
        <FormError error={signUpError} id="sign-up-error" />
        <form action={signUp}>
          <div className="field-row">
            <div className="field">
              <label htmlFor="sign-up-first-name">First name</label>
              <input id="sign-up-first-name" name="first_name" autoComplete="given-name" />
            </div>
            <div className="field">
              <label htmlFor="sign-up-last-name">Last name</label>
              <input id="sign-up-last-name" name="last_name" autoComplete="family-name" />
            </div>
          </div>
          <div className="field">
            <label htmlFor="sign-up-email">Email</label>
            <input id="sign-up-email" name="email" type="email" autoComplete="email" required />
          </div>
          <div className="field">
            <label htmlFor="sign-up-password">Password</label>
            <input id="sign-up-password" name="password" type="password" autoComplete="new-password" required minLength={8} aria-describedby="sign-up-password-hint" />
            <p id="sign-up-password-hint" className="muted">At least 8 characters, and hard to guess: a few unrelated words make a good one.</p>
          </div>
          <SubmitButton className="primary" pending="Creating your account…">Create account</SubmitButton>
        </form>
      </section>
    </div>
  );
}

async function SignedIn({ customer, error, form }: { customer: Customer; error: string | undefined; form: string | undefined }) {
  const client = await buyerClient();
  const [orders, shop, { shipping_countries: shipTo }, locale] = await Promise.all([
    client.GET('/v1/orders', { params: { query: { per_page: 50 } } }).then((answer) => unwrap(answer).data),
    shopInfo(),
    countries(),
    requestLocale(),
  ]);
  const countryCode = shipTo.find((country) => country.code === shop.countryCode)?.code ?? shipTo[0]?.code ?? 'US';
  const dates = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const addressError = form === 'address' ? error : undefined;
  return (
    <>
      <p>Hello, {customer.first_name ?? customer.email}. You are signed in as <strong>{customer.email}</strong>.</p>
      <FormError error={addressError ? undefined : error} id="account-error" />
      {customer.is_verified ? null : (
        <form action={sendVerification} className="field-row">
          <p className="muted">Your email is not confirmed yet: open the link we mailed you to confirm it.</p>
          <SubmitButton pending="Sending…">Send the link again</SubmitButton>
        </form>
      )}

      <section aria-labelledby="orders-title">
        <h2 id="orders-title">Your orders</h2>
        {orders.length === 0 ? <p className="empty">You have not ordered anything yet. <Link href="/">Start shopping</Link></p> : <OrderTable orders={orders} dates={dates} money={await moneyFormat()} />}
      </section>

      <section aria-labelledby="addresses-title">
        <h2 id="addresses-title">Your addresses</h2>
        {customer.addresses.length === 0 ? <p className="empty">No saved addresses yet. An address saved here can be chosen at checkout.</p> : (
          <ul className="post-list">
            {customer.addresses.map((address) => {
              const name = [address.first_name, address.last_name].filter(Boolean).join(' ');
              const summary = [name, address.address1, address.city].filter(Boolean).join(', ');
              return (
                <li key={address.id}>
                  <address>
                    {[name, address.company, address.address1, address.address2, `${address.city} ${address.postcode}`, [address.state, address.country].filter(Boolean).join(', '), address.phone]
                      .filter(Boolean).map((line, index) => <span key={index}>{line}<br /></span>)}
                  </address>
                  {address.id === customer.default_address?.id ? <p className="muted">Default address</p> : null}
                  <form action={deleteAddress}>
                    <input type="hidden" name="address_id" value={address.id} />
                    <button type="submit" className="link-button">Delete<span className="visually-hidden"> the address {summary}</span></button>
                  </form>
                </li>
              );
            })}
          </ul>
        )}
        <h3 id="new-address-title">Add an address</h3>
        <FormError error={addressError} id="address-error" />
        <form action={addAddress} aria-labelledby="new-address-title">
          <AddressFields
            prefix="shipping"
            countries={shipTo}
            initialStates={await statesOf(countryCode)}
            words={(await pageWords()).address}
            values={{ first_name: customer.first_name, last_name: customer.last_name, country_code: countryCode }}
          />
          <label className="radio"><input type="checkbox" name="is_primary" defaultChecked={customer.addresses.length === 0} /> Make this my default address</label>
          <SubmitButton className="primary" pending="Saving…">Save address</SubmitButton>
        </form>
      </section>

      <form action={signOut}>
        <p><SubmitButton pending="Signing out…">Sign out</SubmitButton></p>
      </form>
    </>
  );
}

/**
 * The customer's placed orders, newest first. Shipments themselves (carriers, tracking) are read by
 * staff only (GET /v1/orders/{id}/fulfillments takes an admin key): the customer sees how far the
 * order has shipped, from its fulfillment status and the quantities shipped.
 */
function OrderTable({ orders, dates, money }: { orders: Order[]; dates: Intl.DateTimeFormat; money: (minor: number, currency: string) => string }) {
  return (
    <table className="account-orders">
      <thead>
        <tr><th scope="col">Order</th><th scope="col">Date</th><th scope="col">Total</th><th scope="col">Payment</th><th scope="col">Fulfillment</th></tr>
      </thead>
      <tbody>
        {orders.map((order) => {
          const ordered = order.items.reduce((sum, item) => sum + item.quantity, 0);
          const shipped = order.items.reduce((sum, item) => sum + item.fulfilled, 0);
          return (
            <tr key={order.id}>
              <th scope="row"><Link href={`/orders/${order.id}`}>Order {order.number}</Link></th>
              <td>{order.placed_at ? dates.format(new Date(order.placed_at * 1000)) : ''}</td>
              <td>{money(order.total_price, order.currency)}</td>
              <td>{order.status === 'canceled' ? 'Canceled' : words(order.financial_status)}</td>
              <td>{words(order.fulfillment_status)}{order.fulfillment_status === 'partially_fulfilled' ? ` (${shipped} of ${ordered} items shipped)` : ''}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
