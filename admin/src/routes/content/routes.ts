import { createRoute } from '@tanstack/react-router';
import { blogListQuery, blogQuery, pageListQuery, pageQuery, postListQuery, postQuery } from '../../api/content';
import { shellRoute, withClient } from '../../app/shell-route';
import { validateListSearch, type ListSearch } from './shared/page-search';

// Blogs with their posts, and pages. The editors (tiptap, dates) are their own chunks, loaded only here.
const blogListRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/blogs',
  validateSearch: (search: Record<string, unknown>): Pick<ListSearch, 'page'> => ({ page: validateListSearch(search).page }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => withClient((client) => context.queryClient.prefetchQuery(blogListQuery(client, deps.page ?? 1))),
}).lazy(() => import('./blog-list/route').then((module) => module.Route));

const blogDetailRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/blogs/$blogId',
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, params, deps }) =>
    withClient((client) =>
      Promise.all([
        context.queryClient.prefetchQuery(blogQuery(client, params.blogId)),
        context.queryClient.prefetchQuery(postListQuery(client, params.blogId, deps)),
      ]),
    ),
}).lazy(() => import('./blog-detail/route').then((module) => module.Route));

const newPostRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/blogs/$blogId/posts/new',
  loader: ({ context, params }) => withClient((client) => context.queryClient.prefetchQuery(blogQuery(client, params.blogId))),
}).lazy(() => import('./post-editor/new-route').then((module) => module.Route));

const postRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/blogs/$blogId/posts/$postId',
  loader: ({ context, params }) => withClient((client) => context.queryClient.prefetchQuery(postQuery(client, params.postId))),
}).lazy(() => import('./post-editor/route').then((module) => module.Route));

const pageListRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/pages',
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => withClient((client) => context.queryClient.prefetchQuery(pageListQuery(client, deps))),
}).lazy(() => import('./page-list/route').then((module) => module.Route));

const newPageRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/pages/new',
}).lazy(() => import('./page-editor/new-route').then((module) => module.Route));

const pageRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/pages/$pageId',
  loader: ({ context, params }) => withClient((client) => context.queryClient.prefetchQuery(pageQuery(client, params.pageId))),
}).lazy(() => import('./page-editor/route').then((module) => module.Route));

export const contentRoutes = [blogListRoute, blogDetailRoute, newPostRoute, postRoute, pageListRoute, newPageRoute, pageRoute] as const;
