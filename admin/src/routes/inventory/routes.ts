import { createRoute } from '@tanstack/react-router';
import { inventoryQuery } from '../../api/inventory';
import { shellRoute, withClient } from '../../app/shell-route';
import { validateInventorySearch } from './inventory-list/search';

const inventoryRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/inventory',
  validateSearch: validateInventorySearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => withClient((client) => context.queryClient.prefetchQuery(inventoryQuery(client, deps))),
}).lazy(() => import('./inventory-list/route').then((module) => module.Route));

export const inventoryRoutes = [inventoryRoute] as const;
