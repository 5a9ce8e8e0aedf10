import { Center, Stack, Text, Title } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import type { StorefrontClient } from 'storefront/client';
import { createRootRouteWithContext, createRoute, createRouter, Outlet, redirect } from '@tanstack/react-router';
import { fulfillmentsQuery } from '../api/fulfillments';
import { orderListQuery, orderQuery } from '../api/orders';
import { AnchorLink } from '../components/links';
import { currentSession } from '../lib/session';
import { validateOrderListSearch } from '../routes/orders/order-list/search';
import { SignInPage } from '../routes/sign-in/sign-in-page';
import { areas } from './areas';
import { Shell } from './shell';

const rootRoute = createRootRouteWithContext<{ queryClient: QueryClient }>()({ component: Outlet, notFoundComponent: NotFound });

const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sign-in',
  validateSearch: (search: Record<string, unknown>): { redirect?: string; reason?: 'refused' } => ({
    // Only a path of this app: a link must not send a fresh sign-in elsewhere.
    redirect: typeof search.redirect === 'string' && search.redirect.startsWith('/') && !search.redirect.startsWith('//') ? search.redirect : undefined,
    reason: search.reason === 'refused' ? 'refused' : undefined,
  }),
  component: SignInPage,
});

/** Every screen but sign-in: a session is needed. */
const shellRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: '_shell',
  beforeLoad: ({ location }) => {
    if (!currentSession()) throw redirect({ to: '/sign-in', search: { redirect: location.href } });
  },
  component: Shell,
});

const homeRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: areas[0].to });
  },
});

/**
 * A screen's loader starts its main read as the route is entered, while the screen's code loads, and
 * does not wait for it: the screen's own query picks it up (and shows its problem if it fails).
 */
function withClient(use: (client: StorefrontClient) => Promise<unknown>): void {
  const session = currentSession();
  if (session) void use(session.client);
}

// Each screen is its own chunk, loaded when first visited (and on hovering a link to it).
const orderListRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/orders',
  validateSearch: validateOrderListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => withClient((client) => context.queryClient.prefetchQuery(orderListQuery(client, deps))),
}).lazy(() => import('../routes/orders/order-list/route').then((module) => module.Route));

const orderDetailRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/orders/$orderId',
  loader: ({ context, params }) =>
    withClient((client) =>
      Promise.all([context.queryClient.prefetchQuery(orderQuery(client, params.orderId)), context.queryClient.prefetchQuery(fulfillmentsQuery(client, params.orderId))]),
    ),
}).lazy(() => import('../routes/orders/order-detail/route').then((module) => module.Route));

const routeTree = rootRoute.addChildren([signInRoute, shellRoute.addChildren([homeRoute, orderListRoute, orderDetailRoute])]);

export const router = createRouter({
  routeTree,
  // Given by main.tsx, which makes the query client.
  context: { queryClient: undefined! },
  basepath: '/admin',
  defaultPreload: 'intent',
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

function NotFound() {
  return (
    <Center mih="60vh">
      <Stack align="center" gap="xs">
        <Title order={1} size="h2">
          Nothing here
        </Title>
        <Text c="dimmed">This address names no screen of the dashboard.</Text>
        <AnchorLink to="/">
          Go to the dashboard
        </AnchorLink>
      </Stack>
    </Center>
  );
}
