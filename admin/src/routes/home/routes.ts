import { createRoute } from '@tanstack/react-router';
import { salesQuery } from '../../api/reports';
import { shellRoute, withClient } from '../../app/shell-route';

const homeRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/home',
  loader: ({ context }) => withClient((client) => context.queryClient.prefetchQuery(salesQuery(client))),
}).lazy(() => import('./route').then((module) => module.Route));

export const homeRoutes = [homeRoute] as const;
