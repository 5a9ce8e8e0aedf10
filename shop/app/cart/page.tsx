import type { Metadata } from 'next';
import Link from 'next/link';
import { Price } from '@/components/price';
import { ProductImage } from '@/components/product-image';
import { SubmitButton } from '@/components/submit-button';
import { currentCart } from '@/lib/cart';
import { money } from '@/lib/store';
import { startCheckout } from '../checkout/actions';
import { applyDiscountCode, setGift, setQuantity } from './actions';

export const metadata: Metadata = { title: 'Your cart', robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function CartPage({ searchParams }: Props) {
  const [cart, query] = await Promise.all([currentCart(), searchParams]);
  const error = typeof query.error === 'string' ? query.error : undefined;
  if (!cart || cart.items.length === 0) {
    return (
      <>
        <h1>Your cart</h1>
        {error ? <p className="form-error" role="alert">{error}</p> : null}
        <p className="empty">Your cart is empty. <Link href="/">Continue shopping</Link></p>
      </>
    );
  }
  const code = cart.discount_codes.find((discount) => discount.code)?.code ?? '';
  return (
    <>
      <h1>Your cart</h1>
      {error ? <p className="form-error" role="alert">{error}</p> : null}
      <ul className="cart-lines">
        {cart.items.map((item) => (
          <li key={item.id} className="cart-line">
            <ProductImage src={item.sku.image_url ?? item.product.image_url} alt={item.sku.name} size={80} />
            <div className="cart-line-name">
              <Link href={`/products/${item.product.permalink}?sku=${item.sku_id}`}>{item.product.name}</Link>
              {Object.values(item.sku.options).length > 0 ? <span className="variant">{Object.values(item.sku.options).join(' / ')}</span> : null}
              <Price price={item.price} compared={item.compared_price} currency={cart.currency} />
            </div>
            <form action={setQuantity} className="quantity-form">
              <input type="hidden" name="sku_id" value={item.sku_id} />
              <label>
                <span className="visually-hidden">Quantity of {item.sku.name}</span>
                <input type="number" name="quantity" min={0} max={100000} defaultValue={item.quantity} inputMode="numeric" />
              </label>
              <button type="submit">Update</button>
            </form>
            <form action={setQuantity}>
              <input type="hidden" name="sku_id" value={item.sku_id} />
              <input type="hidden" name="quantity" value="0" />
              <button type="submit" className="link-button">Remove<span className="visually-hidden"> {item.sku.name}</span></button>
            </form>
            <span className="line-total">{money(item.total, cart.currency)}</span>
          </li>
        ))}
      </ul>
      <div className="cart-side">
        <form action={applyDiscountCode} className="discount-form">
          <label htmlFor="discount-code">Discount code</label>
          <input id="discount-code" name="code" defaultValue={code} autoComplete="off" />
          <button type="submit">Apply</button>
        </form>
        <form action={setGift} className="gift-form">
          <label className="checkbox"><input type="checkbox" name="is_gift" defaultChecked={cart.is_gift} /> This order is a gift</label>
          <label htmlFor="gift-message">Gift message</label>
          <textarea id="gift-message" name="gift_message" rows={2} maxLength={1000} defaultValue={cart.gift_message ?? ''} />
          <button type="submit">Save gift options</button>
        </form>
        <dl className="totals">
          <div className="total-row"><dt>Subtotal</dt><dd>{money(cart.total_price + cart.total_discount, cart.currency)}</dd></div>
          {cart.discount_codes.filter((discount) => discount.amount > 0).map((discount) => (
            <div key={discount.discount_id} className="total-row"><dt>Discount{discount.code ? ` (${discount.code})` : ''}</dt><dd>−{money(discount.amount, cart.currency)}</dd></div>
          ))}
          <div className="total-row grand"><dt>Total</dt><dd>{money(cart.total_price, cart.currency)}</dd></div>
        </dl>
        <p className="muted">Shipping and taxes are worked out at checkout.</p>
        <form action={startCheckout}>
          <SubmitButton className="primary" pending="One moment…">Check out</SubmitButton>
        </form>
      </div>
    </>
  );
}
