import { createRoute } from '@tanstack/react-router';
import { categoryTreeQuery } from '../../api/categories';
import { shellRoute, withClient } from '../../app/shell-route';

const categoryTreeRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/categories',
  validateSearch: (search: Record<string, unknown>): { page?: number } => {
    const page = Number(search.page);
    return { page: Number.isInteger(page) && page > 1 ? page : undefined };
  },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => withClient((client) => context.queryClient.prefetchQuery(categoryTreeQuery(client, deps.page ?? 1))),
}).lazy(() => import('./category-tree/route').then((module) => module.Route));

export const categoryRoutes = [categoryTreeRoute] as const;
