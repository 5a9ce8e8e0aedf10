import { created, IdOrPermalinkParams, IdParams, noContent, ok } from '../../http/common-schemas.js';
import type { App } from '../../http/types.js';
import { pageRequest } from '../../lib/pagination.js';
import { LocaleQuery } from '../translations/translations.schemas.js';
import { PostCreate, PostEnvelope, PostList, PostListQuery, PostUpdate } from './content.schemas.js';
import * as service from './posts.service.js';

const tags = ['Content'];
const storefront = { access: 'storefront' as const, cache: true, translated: true };

// Reads are the storefront's (live posts only); writes are admin-only (undeclared access under /v1).
export async function postsRoutes(app: App): Promise<void> {
  app.get('/v1/posts', {
    config: { ...storefront, action: 'post.read' },
    schema: { tags, summary: 'List posts, newest first', querystring: PostListQuery, response: ok(PostList) },
  }, async (request) => service.listPosts(request.ctx, { blogId: request.query.blog_id, q: request.query.q, metadata: request.query.metadata }, pageRequest(request.query), request.url));

  app.get('/v1/posts/:id', {
    config: { ...storefront, action: 'post.read' },
    schema: { tags, summary: 'Get a post', params: IdOrPermalinkParams, querystring: LocaleQuery, response: ok(PostEnvelope) },
  }, async (request) => ({ data: await service.getPost(request.ctx, request.params.id) }));

  app.post('/v1/posts', {
    config: { action: 'post.create' },
    schema: { tags, summary: 'Create a post in a blog', body: PostCreate, response: created(PostEnvelope) },
  }, async (request, reply) => reply.code(201).send({ data: await service.createPost(request.ctx, request.body) }));

  app.post('/v1/posts/:id', {
    config: { action: 'post.update' },
    schema: { tags, summary: 'Update a post (fields left out keep their value)', params: IdParams, body: PostUpdate, response: ok(PostEnvelope) },
  }, async (request) => ({ data: await service.updatePost(request.ctx, request.params.id, request.body) }));

  app.delete('/v1/posts/:id', {
    config: { action: 'post.delete' },
    schema: { tags, summary: 'Delete a post', params: IdParams, response: noContent },
  }, async (request, reply) => {
    await service.deletePost(request.ctx, request.params.id);
    return reply.code(204).send(null);
  });
}
