import { createRoute, createRouter, Navigate } from '@tanstack/react-router';
import { categoryRoutes } from '../routes/categories/routes';
import { collectionRoutes } from '../routes/collections/routes';
import { contentRoutes } from '../routes/content/routes';
import { customerGroupRoutes } from '../routes/customer-groups/routes';
import { customerRoutes } from '../routes/customers/routes';
import { discountRoutes } from '../routes/discounts/routes';
import { fileRoutes } from '../routes/files/routes';
import { homeRoutes } from '../routes/home/routes';
import { inventoryRoutes } from '../routes/inventory/routes';
import { orderRoutes } from '../routes/orders/routes';
import { priceListRoutes } from '../routes/price-lists/routes';
import { productRoutes } from '../routes/products/routes';
import { profileRoutes } from '../routes/profile/routes';
import { integrationRoutes } from '../routes/settings/integration-routes';
import { notificationRoutes } from '../routes/settings/notifications/routes';
import { shopSettingsRoutes } from '../routes/settings/shop-routes';
import { AcceptInvitationPage } from '../routes/sign-in/accept-invitation-page';
import { SignInPage } from '../routes/sign-in/sign-in-page';
import { useCan } from '../lib/access';
import { readableAreas } from './areas';
import { rootRoute, shellRoute } from './shell-route';

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

// The first area the role may read: fulfilment staff land on Orders, not on the sales figures.
const acceptInvitationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/accept-invitation',
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({ token: typeof search.token === 'string' ? search.token : undefined }),
  component: AcceptInvitationPage,
});

const homeRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/',
  component: FirstArea,
});

function FirstArea() {
  const first = readableAreas(useCan().can)[0];
  return <Navigate to={first?.to ?? '/profile'} replace />;
}

// One line an area: its routes come from routes/<area>/routes.ts.
const routeTree = rootRoute.addChildren([
  signInRoute,
  acceptInvitationRoute,
  shellRoute.addChildren([
    homeRoute,
    ...homeRoutes,
    ...orderRoutes,
    ...productRoutes,
    ...collectionRoutes,
    ...categoryRoutes,
    ...inventoryRoutes,
    ...priceListRoutes,
    ...customerRoutes,
    ...customerGroupRoutes,
    ...discountRoutes,
    ...contentRoutes,
    ...fileRoutes,
    ...shopSettingsRoutes,
    ...integrationRoutes,
    ...notificationRoutes,
    ...profileRoutes,
  ]),
]);

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
