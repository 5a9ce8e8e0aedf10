import { createRoute } from '@tanstack/react-router';
import { productListQuery, productQuery, productSkusQuery } from '../../api/products';
import { shellRoute, withClient } from '../../app/shell-route';
import { validateProductListSearch } from './product-list/search';

// Each screen is its own chunk, loaded when first visited (and on hovering a link to it).
const productListRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/products',
  validateSearch: validateProductListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => withClient((client) => context.queryClient.prefetchQuery(productListQuery(client, deps))),
}).lazy(() => import('./product-list/route').then((module) => module.Route));

const newProductRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/products/new',
}).lazy(() => import('./product-edit/new-route').then((module) => module.Route));

const productRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/products/$productId',
  loader: ({ context, params }) =>
    withClient((client) =>
      Promise.all([context.queryClient.prefetchQuery(productQuery(client, params.productId)), context.queryClient.prefetchQuery(productSkusQuery(client, params.productId))]),
    ),
}).lazy(() => import('./product-edit/route').then((module) => module.Route));

export const productRoutes = [productListRoute, newProductRoute, productRoute] as const;
