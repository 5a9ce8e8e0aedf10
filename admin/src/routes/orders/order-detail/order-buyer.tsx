import { Stack, Text } from '@mantine/core';
import type { Order, OrderAddress } from 'storefront/client';
import { AnchorLink } from '../../../components/links';
import { Section } from '../../../components/section';

/** Who bought, and where it goes. */
export function OrderBuyer({ order }: { order: Order }) {
  const name = [order.customer?.first_name, order.customer?.last_name].filter(Boolean).join(' ');
  return (
    <>
      <Section title="Buyer">
        <Stack gap={2}>
          {name && <Text size="sm">{name}</Text>}
          <Text size="sm">{order.email ?? 'No email yet'}</Text>
          {order.customer_id ? (
            <AnchorLink to="/customers/$customerId" params={{ customerId: order.customer_id }} size="sm">
              The customer's page
            </AnchorLink>
          ) : (
            <Text size="xs" c="dimmed">
              Guest checkout
            </Text>
          )}
          {order.customer_note && (
            <Text size="sm" mt="xs">
              “{order.customer_note}”
            </Text>
          )}
        </Stack>
      </Section>
      <Section title="Shipping address">
        <Address address={order.shipping} none={order.is_shipping_required ? 'Not given yet' : 'Nothing to ship'} />
      </Section>
      <Section title="Billing address">
        <Address address={order.billing} none="Same as shipping" />
      </Section>
    </>
  );
}

/** An order's address as its lines, or `none` when there is none. */
export function Address({ address, none }: { address: OrderAddress | null; none: string }) {
  if (!address) {
    return (
      <Text size="sm" c="dimmed">
        {none}
      </Text>
    );
  }
  const { address: place } = address;
  const lines = [
    address.name ?? [address.first_name, address.last_name].filter(Boolean).join(' '),
    address.company,
    place.address1,
    place.address2,
    `${[place.city, place.state].filter(Boolean).join(', ')} ${place.postcode}`.trim(),
    place.country,
    address.phone,
    address.references,
  ].filter(Boolean);
  return (
    <Text size="sm" component="address" fs="normal">
      {lines.map((line, index) => (
        <span key={index}>
          {line}
          <br />
        </span>
      ))}
    </Text>
  );
}
