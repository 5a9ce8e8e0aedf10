import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, createRoute, Outlet, redirect } from '@tanstack/react-router';
import type { StorefrontClient } from 'storefront/client';
import { currentSession } from '../lib/session';
import { NotFound } from './not-found';
import { Shell } from './shell';

export const rootRoute = createRootRouteWithContext<{ queryClient: QueryClient }>()({ component: Outlet, notFoundComponent: NotFound });

/** Every screen but sign-in: a session is needed. Each area's routes (`routes/<area>/routes.ts`) hang here. */
export const shellRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: '_shell',
  beforeLoad: ({ location }) => {
    if (!currentSession()) throw redirect({ to: '/sign-in', search: { redirect: location.href } });
  },
  component: Shell,
});

/**
 * A screen's loader starts its main read as the route is entered, while the screen's code loads, and
 * does not wait for it: the screen's own query picks it up (and shows its problem if it fails).
 */
export function withClient(use: (client: StorefrontClient) => Promise<unknown>): void {
  const session = currentSession();
  if (session) void use(session.client);
}
