import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { unwrap } from 'storefront/client';
import { useCan } from '../lib/access';
import { useSession } from '../lib/session';

/** One record found: what it is called, a line about it, and the screen that shows it. */
export interface Found {
  id: string;
  label: string;
  description: string;
  to: string;
}

const PER_KIND = 5;

/**
 * The orders, products and customers whose words match `words`, a few of each, searched by the
 * server as their lists search (three requests at once), of the kinds the role may read. Nothing is
 * asked for fewer than 2 letters.
 */
export function useFindRecords(words: string) {
  const { client } = useSession();
  const { can } = useCan();
  const reads = { orders: can('order.read'), products: can('product.read'), customers: can('customer.read') };
  const q = words.trim();
  return useQuery({
    queryKey: ['find-anything', q, reads],
    enabled: q.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    queryFn: async ({ signal }) => {
      const query = { q, per_page: PER_KIND };
      const none = { data: [] };
      const [orders, products, customers] = await Promise.all([
        reads.orders ? client.GET('/v1/orders', { params: { query }, signal }).then(unwrap) : none,
        reads.products ? client.GET('/v1/products', { params: { query }, signal }).then(unwrap) : none,
        reads.customers ? client.GET('/v1/customers', { params: { query }, signal }).then(unwrap) : none,
      ]);
      return {
        orders: orders.data.map((order): Found => ({
          id: order.id,
          label: order.number ? `Order ${order.number}` : 'Checkout not placed',
          description: [order.customer?.name || order.email, order.status].filter(Boolean).join(' · '),
          to: `/orders/${order.id}`,
        })),
        products: products.data.map((product): Found => ({
          id: product.id,
          label: product.name,
          description: [product.vendor?.name, product.is_active ? 'Active' : 'Inactive'].filter(Boolean).join(' · '),
          to: `/products/${product.id}`,
        })),
        customers: customers.data.map((customer): Found => ({
          id: customer.id,
          label: customer.name || customer.email,
          description: customer.email,
          to: `/customers/${customer.id}`,
        })),
      };
    },
  });
}
