import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap, type components, type operations, type StorefrontClient } from 'storefront/client';
import { useSession } from '../lib/session';
import type { ListSearch } from '../routes/content/shared/page-search';

export type Blog = components['schemas']['Blog'];
export type Post = components['schemas']['Post'];
export type Page = components['schemas']['Page'];
type JsonBody<Operation extends { requestBody?: { content: { 'application/json': unknown } } }> = NonNullable<Operation['requestBody']>['content']['application/json'];
export type BlogBody = JsonBody<operations['postV1BlogsId']>;
export type PostBody = JsonBody<operations['postV1PostsId']>;
export type PageBody = JsonBody<operations['postV1PagesId']>;

export const CONTENT_PER_PAGE = 25;

// One root for blogs, posts and pages: a blog's change shows on its posts' screens and back.
export const contentKeys = {
  all: ['content'] as const,
  blogs: (page: number) => ['content', 'blogs', page] as const,
  blog: (id: string) => ['content', 'blog', id] as const,
  posts: (blogId: string, search: ListSearch) => ['content', 'posts', blogId, search] as const,
  post: (id: string) => ['content', 'post', id] as const,
  pages: (search: ListSearch) => ['content', 'pages', search] as const,
  page: (id: string) => ['content', 'page', id] as const,
};

const paging = (page = 1) => ({ page, per_page: CONTENT_PER_PAGE });

export function blogListQuery(client: StorefrontClient, page: number) {
  return queryOptions({
    queryKey: contentKeys.blogs(page),
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/blogs', { params: { query: paging(page) }, signal })),
  });
}

export function blogQuery(client: StorefrontClient, id: string) {
  return queryOptions({
    queryKey: contentKeys.blog(id),
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/blogs/{id}', { params: { path: { id } }, signal })).data,
  });
}

/** One page of a blog's posts, searched by title on the server. */
export function postListQuery(client: StorefrontClient, blogId: string, search: ListSearch) {
  return queryOptions({
    queryKey: contentKeys.posts(blogId, search),
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/posts', { params: { query: { ...paging(search.page), blog_id: blogId, q: search.q } }, signal })),
  });
}

export function postQuery(client: StorefrontClient, id: string) {
  return queryOptions({
    queryKey: contentKeys.post(id),
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/posts/{id}', { params: { path: { id } }, signal })).data,
  });
}

/** One page of the pages, searched by title on the server. */
export function pageListQuery(client: StorefrontClient, search: ListSearch) {
  return queryOptions({
    queryKey: contentKeys.pages(search),
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/pages', { params: { query: { ...paging(search.page), q: search.q } }, signal })),
  });
}

export function pageQuery(client: StorefrontClient, id: string) {
  return queryOptions({
    queryKey: contentKeys.page(id),
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/pages/{id}', { params: { path: { id } }, signal })).data,
  });
}

export function useBlogs(page: number) {
  const { client } = useSession();
  return useQuery({ ...blogListQuery(client, page), placeholderData: keepPreviousData });
}

export function useBlog(id: string) {
  const { client } = useSession();
  return useQuery(blogQuery(client, id));
}

export function usePosts(blogId: string, search: ListSearch) {
  const { client } = useSession();
  return useQuery({ ...postListQuery(client, blogId, search), placeholderData: keepPreviousData });
}

export function usePost(id: string) {
  const { client } = useSession();
  return useQuery(postQuery(client, id));
}

export function usePages(search: ListSearch) {
  const { client } = useSession();
  return useQuery({ ...pageListQuery(client, search), placeholderData: keepPreviousData });
}

export function usePage(id: string) {
  const { client } = useSession();
  return useQuery(pageQuery(client, id));
}

/**
 * A write of blogs, posts or pages: every content query is read again once it is done. The screen's
 * own follow-up (leaving a deleted record's screen) does not wait for those reads: a deleted record
 * read again is a 404 that would replace the screen before it could leave.
 */
function useContentMutation<Body, Result>(write: (client: StorefrontClient, body: Body) => Promise<Result>) {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => write(client, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: contentKeys.all }),
  });
}

export const useCreateBlog = () =>
  useContentMutation(async (client, body: BlogBody & { title: string }) => unwrap(await client.POST('/v1/blogs', { body })).data);
export const useUpdateBlog = (id: string) =>
  useContentMutation(async (client, body: BlogBody) => unwrap(await client.POST('/v1/blogs/{id}', { params: { path: { id } }, body })).data);
export const useDeleteBlog = (id: string) =>
  useContentMutation(async (client, _: void) => unwrap(await client.DELETE('/v1/blogs/{id}', { params: { path: { id } } })));

export const useCreatePost = () =>
  useContentMutation(async (client, body: PostBody & { title: string; blog_id: string }) => unwrap(await client.POST('/v1/posts', { body })).data);
export const useUpdatePost = (id: string) =>
  useContentMutation(async (client, body: PostBody) => unwrap(await client.POST('/v1/posts/{id}', { params: { path: { id } }, body })).data);
export const useDeletePost = (id: string) =>
  useContentMutation(async (client, _: void) => unwrap(await client.DELETE('/v1/posts/{id}', { params: { path: { id } } })));

export const useCreatePage = () =>
  useContentMutation(async (client, body: PageBody & { title: string }) => unwrap(await client.POST('/v1/pages', { body })).data);
export const useUpdatePage = (id: string) =>
  useContentMutation(async (client, body: PageBody) => unwrap(await client.POST('/v1/pages/{id}', { params: { path: { id } }, body })).data);
export const useDeletePage = (id: string) =>
  useContentMutation(async (client, _: void) => unwrap(await client.DELETE('/v1/pages/{id}', { params: { path: { id } } })));
