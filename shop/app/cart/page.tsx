import type { Metadata } from 'next';
import { LocalLink as Link } from '@/components/local-link';
import { Price } from '@/components/price';
import { ProductImage } from '@/components/product-image';
import { SubmitButton } from '@/components/submit-button';
import { currentCart } from '@/lib/cart';
import { moneyFormat, pageWords } from '@/lib/locale';
import { startCheckout } from '../checkout/actions';
import { applyDiscountCode, setGift, setQuantity } from './actions';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await pageWords()).yourCart, robots: { index: false } };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function CartPage({ searchParams }: Props) {
  const [cart, query, words, money] = await Promise.all([currentCart(), searchParams, pageWords(), moneyFormat()]);
  const error = typeof query.error === 'string' ? query.error : undefined;
  if (!cart || cart.items.length === 0) {
    return (
      <>
        <h1>{words.yourCart}</h1>
        {error ? <p className="form-error" role="alert">{error}</p> : null}
        <p className="empty">{words.cartEmpty} <Link href="/">{words.continueShopping}</Link></p>
      </>
    );
  }
  const code = cart.discount_codes.find((discount) => discount.code)?.code ?? '';
  return (
    <>
      <h1>{words.yourCart}</h1>
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
                <span className="visually-hidden">{words.quantityOf(item.sku.name)}</span>
                <input type="number" name="quantity" min={0} max={100000} defaultValue={item.quantity} inputMode="numeric" />
              </label>
              <button type="submit">{words.update}</button>
            </form>
            <form action={setQuantity}>
              <input type="hidden" name="sku_id" value={item.sku_id} />
              <input type="hidden" name="quantity" value="0" />
              <button type="submit" className="link-button">{words.remove}<span className="visually-hidden"> {item.sku.name}</span></button>
            </form>
            <span className="line-total">{money(item.total, cart.currency)}</span>
          </li>
        ))}
      </ul>
      <div className="cart-side">
        <form action={applyDiscountCode} className="discount-form">
          <label htmlFor="discount-code">{words.discountCode}</label>
          <input id="discount-code" name="code" defaultValue={code} autoComplete="off" />
          <button type="submit">{words.apply}</button>
        </form>
        <form action={setGift} className="gift-form">
          <label className="checkbox"><input type="checkbox" name="is_gift" defaultChecked={cart.is_gift} /> {words.isGift}</label>
          <label htmlFor="gift-message">{words.giftMessage}</label>
          <textarea id="gift-message" name="gift_message" rows={2} maxLength={1000} defaultValue={cart.gift_message ?? ''} />
          <button type="submit">{words.saveGift}</button>
        </form>
        <dl className="totals">
          <div className="total-row"><dt>{words.subtotal}</dt><dd>{money(cart.total_price + cart.total_discount, cart.currency)}</dd></div>
          {cart.discount_codes.filter((discount) => discount.amount > 0).map((discount) => (
            <div key={discount.discount_id} className="total-row"><dt>{words.discount}{discount.code ? ` (${discount.code})` : ''}</dt><dd>−{money(discount.amount, cart.currency)}</dd></div>
          ))}
          <div className="total-row grand"><dt>{words.total}</dt><dd>{money(cart.total_price, cart.currency)}</dd></div>
        </dl>
        <p className="muted">{words.workedOutAtCheckout}</p>
        <form action={startCheckout}>
          <SubmitButton className="primary" pending={words.oneMoment}>{words.checkOut}</SubmitButton>
        </form>
      </div>
    </>
  );
}
