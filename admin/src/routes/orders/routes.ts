import { createRoute } from '@tanstack/react-router';
import { fulfillmentsQuery } from '../../api/fulfillments';
import { orderListQuery, orderQuery } from '../../api/orders';
import { shellRoute, withClient } from '../../app/shell-route';
import { validateOrderListSearch } from './order-list/search';

// Each screen is its own chunk, loaded when first visited (and on hovering a link to it).
const orderListRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/orders',
  validateSearch: validateOrderListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => withClient((client) => context.queryClient.prefetchQuery(orderListQuery(client, deps))),
}).lazy(() => import('./order-list/route').then((module) => module.Route));

const orderDetailRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/orders/$orderId',
  loader: ({ context, params }) =>
    withClient((client) =>
      Promise.all([context.queryClient.prefetchQuery(orderQuery(client, params.orderId)), context.queryClient.prefetchQuery(fulfillmentsQuery(client, params.orderId))]),
    ),
}).lazy(() => import('./order-detail/route').then((module) => module.Route));

const newOrderRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/orders/new',
}).lazy(() => import('./new-order/route').then((module) => module.Route));

const packingSlipRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/orders/$orderId/packing-slip',
  loader: ({ context, params }) => withClient((client) => context.queryClient.prefetchQuery(orderQuery(client, params.orderId))),
}).lazy(() => import('./packing-slip/route').then((module) => module.Route));

export const orderRoutes = [orderListRoute, newOrderRoute, orderDetailRoute, packingSlipRoute] as const;
