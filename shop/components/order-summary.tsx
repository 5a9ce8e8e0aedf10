import type { components } from '@storefront-api/client';
import { moneyFormat, pageWords } from '@/lib/locale';

type Order = components['schemas']['Checkout'];

/** An order's lines and the sums that make its total, line by line, in the order's currency. */
export async function OrderSummary({ order }: { order: Order }) {
  const [words, money] = await Promise.all([pageWords(), moneyFormat()]);
  const currency = order.currency;
  const rows: Array<[string, string, string?]> = [[words.subtotal, money(order.total_items_price, currency)]];
  if (order.total_discount > 0) rows.push([words.discount, `−${money(order.total_discount, currency)}`]);
  if (order.is_shipping_required) rows.push([words.shipping, order.shipping_lines ? money(order.shipping_rate, currency) : words.chosenNext]);
  // Prices that include taxes show them as a part of the total, not as one more sum.
  const beforeTaxes = order.total_items_price - order.total_discount + (order.shipping_lines ? order.shipping_rate : 0);
  const taxesAdded = beforeTaxes + order.total_taxes === order.total_price;
  if (order.total_taxes > 0) rows.push([taxesAdded ? words.taxes : words.includingTaxes, money(order.total_taxes, currency), taxesAdded ? undefined : 'muted']);
  return (
    <section className="order-summary" aria-labelledby="summary-title">
      <h2 id="summary-title">{words.orderSummary}</h2>
      <ul>
        {order.items.map((item) => (
          <li key={item.id}>
            <span>{item.name} × {item.quantity}</span>
            <span>{money(item.price * item.quantity, currency)}</span>
          </li>
        ))}
      </ul>
      <dl className="totals">
        {rows.map(([label, value, tone]) => <div key={label} className={tone ? `total-row ${tone}` : 'total-row'}><dt>{label}</dt><dd>{value}</dd></div>)}
        <div className="total-row grand"><dt>{words.total}</dt><dd>{money(order.total_price, currency)}</dd></div>
        {order.gift_cards.length > 0 ? (
          <>
            {order.gift_cards.map((card, index) => (
              <div key={index} className="total-row"><dt>{words.giftCard} {words.giftCardEnding(card.last_four)}</dt><dd>−{money(card.amount, currency)}</dd></div>
            ))}
            {/* While the buyer pays, what is left for the payment step; once placed, what was paid besides the cards. */}
            <div className="total-row grand"><dt>{order.status === 'created' ? words.totalDue : words.paidOtherwise}</dt><dd>{money(order.total_due, currency)}</dd></div>
          </>
        ) : null}
      </dl>
    </section>
  );
}
