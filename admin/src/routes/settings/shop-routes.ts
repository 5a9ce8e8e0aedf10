import { createRoute } from '@tanstack/react-router';
import { shellRoute } from '../../app/shell-route';

// The settings of the shop itself: each screen its own chunk, loaded when first visited.
const storeRoute = createRoute({ getParentRoute: () => shellRoute, path: '/settings/store' }).lazy(() => import('./store/route').then((module) => module.Route));
const shippingRoute = createRoute({ getParentRoute: () => shellRoute, path: '/settings/shipping' }).lazy(() => import('./shipping/route').then((module) => module.Route));
const taxesRoute = createRoute({ getParentRoute: () => shellRoute, path: '/settings/taxes' }).lazy(() => import('./taxes/route').then((module) => module.Route));
const marketsRoute = createRoute({ getParentRoute: () => shellRoute, path: '/settings/markets' }).lazy(() => import('./markets/route').then((module) => module.Route));
const paymentsRoute = createRoute({ getParentRoute: () => shellRoute, path: '/settings/payments' }).lazy(() => import('./payments/route').then((module) => module.Route));

export const shopSettingsRoutes = [storeRoute, shippingRoute, taxesRoute, marketsRoute, paymentsRoute] as const;
