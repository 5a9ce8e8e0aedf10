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
import type { Words } from '@/lib/words';
import { addAddress, deleteAddress, sendVerification, signIn, signOut, signUp } from './actions';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await pageWords()).accountPage.yourAccount, robots: { index: false } };
}

type Order = components['schemas']['Order'];
type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

type AccountWords = Words['accountPage'];

/** What an action that finished says when it comes back here (`?notice=…`): fixed words, never text from the URL. */
const notices: Record<string, keyof AccountWords> = {
  'signed-out': 'signedOut',
  'password-set': 'passwordSet',
  'verification-sent': 'verificationSent',
  'address-saved': 'addressSaved',
  'address-deleted': 'addressDeleted',
};

/** `partially_fulfilled` → `Partially fulfilled`. */
const statusWords = (status: string) => {
  const spaced = status.replace(/_/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

export default async function AccountPage({ searchParams }: Props) {
  const [customer, query, { accountPage: words, email }] = await Promise.all([currentCustomer(), searchParams, pageWords()]);
  const error = typeof query.error === 'string' ? query.error : undefined;
  const form = typeof query.form === 'string' ? query.form : undefined;
  const noticeKey = typeof query.notice === 'string' ? notices[query.notice] : undefined;
  const notice = noticeKey ? String(words[noticeKey]) : undefined;
  return (
    <>
      <h1>{words.yourAccount}</h1>
      {notice ? <p role="status">{notice}</p> : null}
      {customer ? <SignedIn customer={customer} error={error} form={form} words={words} /> : <SignedOut error={error} form={form} words={words} email={email} />}
    </>
  );
}

function FormError({ error, id }: { error: string | undefined; id: string }) {
  return error ? <p className="form-error" role="alert" id={id}>{error}</p> : null;
}

/** Sign in and sign up side by side; an error shows above the form it came from. */
function SignedOut({ error, form, words, email }: { error: string | undefined; form: string | undefined; words: AccountWords; email: string }) {
  const signUpError = form === 'sign-up' ? error : undefined;
  const signInError = form === 'sign-up' ? undefined : error;
  return (
    <div className="field-row">
      <section className="field" aria-labelledby="sign-in-title">
        <h2 id="sign-in-title">{words.signIn}</h2>
        <FormError error={signInError} id="sign-in-error" />
        <form action={signIn}>
          <div className="field">
            <label htmlFor="sign-in-email">{email}</label>
            <input id="sign-in-email" name="email" type="email" autoComplete="username" required />
          </div>
          <div className="field">
            <label htmlFor="sign-in-password">{words.password}</label>
            <input id="sign-in-password" name="password" type="password" autoComplete="current-password" required />
          </div>
          <SubmitButton className="primary" pending={words.signingIn}>{words.signIn}</SubmitButton>
        </form>
        <p><Link href="/account/forgot">{words.forgotPassword}</Link></p>
      </section>
      <section className="field" aria-labelledby="sign-up-title">
        <h2 id="sign-up-title">{words.createAnAccount}</h2>
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
            <label htmlFor="sign-up-email">{email}</label>
            <input id="sign-up-email" name="email" type="email" autoComplete="email" required />
          </div>
          <div className="field">
            <label htmlFor="sign-up-password">{words.password}</label>
            <input id="sign-up-password" name="password" type="password" autoComplete="new-password" required minLength={8} aria-describedby="sign-up-password-hint" />
            <p id="sign-up-password-hint" className="muted">{words.passwordHint}</p>
          </div>
          <SubmitButton className="primary" pending={words.creatingAccount}>{words.createAccount}</SubmitButton>
        </form>
      </section>
    </div>
  );
}

async function SignedIn({ customer, error, form, words }: { customer: Customer; error: string | undefined; form: string | undefined; words: AccountWords }) {
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
      <p>{words.hello(customer.first_name ?? customer.email)} {words.signedInAs} <strong>{customer.email}</strong>.</p>
      <FormError error={addressError ? undefined : error} id="account-error" />
      {customer.is_verified ? null : (
        <form action={sendVerification} className="field-row">
          <p className="muted">{words.notConfirmed}</p>
          <SubmitButton pending={words.sending}>{words.sendLinkAgain}</SubmitButton>
        </form>
      )}

      <section aria-labelledby="orders-title">
        <h2 id="orders-title">{words.yourOrders}</h2>
        {orders.length === 0 ? <p className="empty">{words.noOrders} <Link href="/">{words.startShopping}</Link></p> : <OrderTable orders={orders} dates={dates} money={await moneyFormat()} words={words} order={(await pageWords()).order} total={(await pageWords()).total} />}
      </section>

      <section aria-labelledby="addresses-title">
        <h2 id="addresses-title">{words.yourAddresses}</h2>
        {customer.addresses.length === 0 ? <p className="empty">{words.noAddresses}</p> : (
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
                  {address.id === customer.default_address?.id ? <p className="muted">{words.defaultAddress}</p> : null}
                  <form action={deleteAddress}>
                    <input type="hidden" name="address_id" value={address.id} />
                    <button type="submit" className="link-button">{words.delete}<span className="visually-hidden"> {words.theAddress} {summary}</span></button>
                  </form>
                </li>
              );
            })}
          </ul>
        )}
        <h3 id="new-address-title">{words.addAddress}</h3>
        <FormError error={addressError} id="address-error" />
        <form action={addAddress} aria-labelledby="new-address-title">
          <AddressFields
            prefix="shipping"
            countries={shipTo}
            initialStates={await statesOf(countryCode)}
            words={(await pageWords()).address}
            values={{ first_name: customer.first_name, last_name: customer.last_name, country_code: countryCode }}
          />
          <label className="radio"><input type="checkbox" name="is_primary" defaultChecked={customer.addresses.length === 0} /> {words.makeDefault}</label>
          <SubmitButton className="primary" pending={words.saving}>{words.saveAddress}</SubmitButton>
        </form>
      </section>

      <form action={signOut}>
        <p><SubmitButton pending={words.signingOut}>{words.signOut}</SubmitButton></p>
      </form>
    </>
  );
}

/**
 * The customer's placed orders, newest first. Shipments themselves (carriers, tracking) are read by
 * staff only (GET /v1/orders/{id}/fulfillments takes an admin key): the customer sees how far the
 * order has shipped, from its fulfillment status and the quantities shipped.
 */
function OrderTable({ orders, dates, money, words, order: orderWord, total }: { orders: Order[]; dates: Intl.DateTimeFormat; money: (minor: number, currency: string) => string; words: AccountWords; order: Words['order']; total: string }) {
  return (
    <table className="account-orders">
      <thead>
        <tr><th scope="col">{words.orderColumn}</th><th scope="col">{words.date}</th><th scope="col">{total}</th><th scope="col">{words.payment}</th><th scope="col">{words.fulfillment}</th></tr>
      </thead>
      <tbody>
        {orders.map((order) => {
          const ordered = order.items.reduce((sum, item) => sum + item.quantity, 0);
          const shipped = order.items.reduce((sum, item) => sum + item.fulfilled, 0);
          return (
            <tr key={order.id}>
              <th scope="row"><Link href={`/orders/${order.id}`}>{orderWord(order.number ?? '')}</Link></th>
              <td>{order.placed_at ? dates.format(new Date(order.placed_at * 1000)) : ''}</td>
              <td>{money(order.total_price, order.currency)}</td>
              <td>{order.status === 'canceled' ? words.canceled : statusWords(order.financial_status)}</td>
              <td>{statusWords(order.fulfillment_status)}{order.fulfillment_status === 'partially_fulfilled' ? ` (${words.shippedOf(shipped, ordered)})` : ''}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
