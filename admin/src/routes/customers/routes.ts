import { createRoute } from '@tanstack/react-router';
import { customerListQuery, customerQuery } from '../../api/customers';
import { shellRoute, withClient } from '../../app/shell-route';
import { validateCustomerListSearch } from './customer-list/search';

const customerListRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/customers',
  validateSearch: validateCustomerListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => withClient((client) => context.queryClient.prefetchQuery(customerListQuery(client, deps))),
}).lazy(() => import('./customer-list/route').then((module) => module.Route));

const customerDetailRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/customers/$customerId',
  loader: ({ context, params }) => withClient((client) => context.queryClient.prefetchQuery(customerQuery(client, params.customerId))),
}).lazy(() => import('./customer-detail/route').then((module) => module.Route));

export const customerRoutes = [customerListRoute, customerDetailRoute] as const;
