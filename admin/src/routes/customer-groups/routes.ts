import { createRoute } from '@tanstack/react-router';
import { shellRoute } from '../../app/shell-route';

// Under Customers, as Shopify lists its segments and companies there: each screen its own chunk.
const groupListRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/customer-groups',
}).lazy(() => import('./group-list/route').then((module) => module.Route));

const groupRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/customer-groups/$groupId',
}).lazy(() => import('./group-detail/route').then((module) => module.Route));

export const customerGroupRoutes = [groupListRoute, groupRoute] as const;
