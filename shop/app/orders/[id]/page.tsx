import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import { OrderSummary } from '@/components/order-summary';
import { checkoutById } from '@/lib/checkout';

export const metadata: Metadata = { title: 'Your order', robots: { index: false } };

/**
 * The order's own page (the confirmation after paying, and the order status link of its mails): its
 * id is the buyer's secret, as Shopify's order status URL is.
 */
export default async function OrderPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const checkout = /^ord_[0-9a-z]{26}$/.test(id) ? await checkoutById(id) : null;
  if (!checkout) notFound();
  const order = checkout.data;
  if (order.status === 'created') redirect(`/checkout/${id}`);
  const gateway = checkout.meta.payment_gateways.find((candidate) => candidate.id === checkout.meta.selected_payment_gateway);
  const awaitingPayment = order.financial_status === 'pending';
  const where = order.shipping ?? order.billing;
  return (
    <div className="confirmation">
      <p className="muted">Order {order.number}</p>
      <h1>{order.status === 'canceled' ? 'This order was canceled' : 'Thank you for your order'}</h1>
      {order.status !== 'canceled' ? <p>We sent a confirmation to <strong>{order.email}</strong>.</p> : null}
      {awaitingPayment ? (
        <section className="instructions" aria-labelledby="pay-title">
          <h2 id="pay-title">How to pay</h2>
          <p>{typeof gateway?.settings.instructions === 'string' ? gateway.settings.instructions : 'The shop will tell you how to pay. Your order ships once it is paid.'}</p>
        </section>
      ) : null}
      <dl className="order-facts">
        <div><dt>Status</dt><dd>{order.financial_status === 'paid' ? 'Paid' : awaitingPayment ? 'Awaiting payment' : order.financial_status.replace(/_/g, ' ')}, {order.fulfillment_status.replace(/_/g, ' ')}</dd></div>
        {where ? <div><dt>{order.shipping ? 'Ships to' : 'Billing address'}</dt><dd>{[where.name, where.address.address1, where.address.address2, `${where.address.city} ${where.address.postcode}`, where.address.country].filter(Boolean).join(', ')}</dd></div> : null}
        {order.shipping_lines ? <div><dt>Shipping</dt><dd>{order.shipping_lines.title}</dd></div> : null}
      </dl>
      <OrderSummary order={order} />
      <p><Link href="/">Continue shopping</Link></p>
    </div>
  );
}
