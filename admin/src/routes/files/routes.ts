import { createRoute } from '@tanstack/react-router';
import { fileListQuery } from '../../api/files';
import { shellRoute, withClient } from '../../app/shell-route';

export interface FileSearch {
  page?: number;
}

// The media library: every uploaded file, paged by the server.
const fileListRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/files',
  validateSearch: (search: Record<string, unknown>): FileSearch => {
    const page = Number(search.page);
    return { page: Number.isInteger(page) && page > 1 ? page : undefined };
  },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => withClient((client) => context.queryClient.prefetchQuery(fileListQuery(client, deps.page ?? 1))),
}).lazy(() => import('./file-library/route').then((module) => module.Route));

export const fileRoutes = [fileListRoute] as const;
