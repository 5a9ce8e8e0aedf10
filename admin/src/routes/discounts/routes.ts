import { createRoute } from '@tanstack/react-router';
import { discountListQuery, discountQuery } from '../../api/discounts';
import { shellRoute, withClient } from '../../app/shell-route';
import { validateDiscountListSearch } from './discount-list/search';

// Each screen is its own chunk, loaded when first visited (and on hovering a link to it).
const discountListRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/discounts',
  validateSearch: validateDiscountListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => withClient((client) => context.queryClient.prefetchQuery(discountListQuery(client, deps))),
}).lazy(() => import('./discount-list/route').then((module) => module.Route));

const newDiscountRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/discounts/new',
}).lazy(() => import('./discount-edit/new-route').then((module) => module.Route));

const discountRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/discounts/$discountId',
  loader: ({ context, params }) => withClient((client) => context.queryClient.prefetchQuery(discountQuery(client, params.discountId))),
}).lazy(() => import('./discount-edit/route').then((module) => module.Route));

export const discountRoutes = [discountListRoute, newDiscountRoute, discountRoute] as const;
