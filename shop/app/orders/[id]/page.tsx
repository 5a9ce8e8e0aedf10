import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { LocalLink as Link } from '@/components/local-link';
import { OrderSummary } from '@/components/order-summary';
import { checkoutById } from '@/lib/checkout';
import { localized, pageWords } from '@/lib/locale';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await pageWords()).yourOrder, robots: { index: false } };
}

/**
 * The order's own page (the confirmation after paying, and the order status link of its mails): its
 * id is the buyer's secret, as Shopify's order status URL is.
 */
export default async function OrderPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const checkout = /^ord_[0-9a-z]{26}$/.test(id) ? await checkoutById(id) : null;
  if (!checkout) notFound();
  const order = checkout.data;
  const words = await pageWords();
  if (order.status === 'created') redirect(await localized(`/checkout/${id}`));
  const gateway = checkout.meta.payment_gateways.find((candidate) => candidate.id === checkout.meta.selected_payment_gateway);
  const awaitingPayment = order.financial_status === 'pending';
  const where = order.shipping ?? order.billing;
  return (
    <div className="confirmation">
      <p className="muted">{words.order(order.number ?? '')}</p>
      <h1>{order.status === 'canceled' ? words.orderCanceled : words.thankYou}</h1>
      {order.status !== 'canceled' ? <p>{words.confirmationSentTo} <strong>{order.email}</strong>.</p> : null}
      {awaitingPayment ? (
        <section className="instructions" aria-labelledby="pay-title">
          <h2 id="pay-title">{words.howToPay}</h2>
          <p>{typeof gateway?.settings.instructions === 'string' ? gateway.settings.instructions : words.shopWillTell}</p>
        </section>
      ) : null}
      <dl className="order-facts">
        <div><dt>{words.status}</dt><dd>{order.financial_status === 'paid' ? words.paid : awaitingPayment ? words.awaitingPayment : order.financial_status.replace(/_/g, ' ')}, {order.fulfillment_status.replace(/_/g, ' ')}</dd></div>
        {where ? <div><dt>{order.shipping ? words.shipsTo : words.billingAddress}</dt><dd>{[where.name, where.address.address1, where.address.address2, `${where.address.city} ${where.address.postcode}`, where.address.country].filter(Boolean).join(', ')}</dd></div> : null}
        {order.shipping_lines ? <div><dt>{words.shipping}</dt><dd>{order.shipping_lines.title}</dd></div> : null}
      </dl>
      <OrderSummary order={order} />
      <p><Link href="/">{words.continueShopping}</Link></p>
    </div>
  );
}
