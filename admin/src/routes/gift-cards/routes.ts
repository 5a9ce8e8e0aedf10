import { createRoute } from '@tanstack/react-router';
import { giftCardListQuery, giftCardQuery } from '../../api/gift-cards';
import { shellRoute, withClient } from '../../app/shell-route';
import { validateGiftCardListSearch } from './gift-card-list/search';

// Each screen is its own chunk, loaded when first visited (and on hovering a link to it).
const giftCardListRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/gift-cards',
  validateSearch: validateGiftCardListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => withClient((client) => context.queryClient.prefetchQuery(giftCardListQuery(client, deps))),
}).lazy(() => import('./gift-card-list/route').then((module) => module.Route));

const giftCardRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/gift-cards/$giftCardId',
  loader: ({ context, params }) => withClient((client) => context.queryClient.prefetchQuery(giftCardQuery(client, params.giftCardId))),
}).lazy(() => import('./gift-card-detail/route').then((module) => module.Route));

export const giftCardRoutes = [giftCardListRoute, giftCardRoute] as const;
