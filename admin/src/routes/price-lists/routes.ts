import { createRoute } from '@tanstack/react-router';
import { shellRoute } from '../../app/shell-route';

// Under Catalogue, where Shopify keeps its B2B catalogs: prices of products, for groups of buyers.
const priceListListRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/price-lists',
}).lazy(() => import('./price-list-list/route').then((module) => module.Route));

const newPriceListRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/price-lists/new',
}).lazy(() => import('./price-list-edit/new-route').then((module) => module.Route));

const priceListRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/price-lists/$priceListId',
}).lazy(() => import('./price-list-edit/route').then((module) => module.Route));

export const priceListRoutes = [priceListListRoute, newPriceListRoute, priceListRoute] as const;
