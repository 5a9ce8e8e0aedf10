import { createRoute } from '@tanstack/react-router';
import { collectionListQuery, collectionQuery } from '../../api/collections';
import { shellRoute, withClient } from '../../app/shell-route';
import { validateCollectionListSearch } from './collection-list/search';

const collectionListRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/collections',
  validateSearch: validateCollectionListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => withClient((client) => context.queryClient.prefetchQuery(collectionListQuery(client, deps))),
}).lazy(() => import('./collection-list/route').then((module) => module.Route));

const collectionDetailRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/collections/$collectionId',
  loader: ({ context, params }) => withClient((client) => context.queryClient.prefetchQuery(collectionQuery(client, params.collectionId))),
}).lazy(() => import('./collection-detail/route').then((module) => module.Route));

export const collectionRoutes = [collectionListRoute, collectionDetailRoute] as const;
