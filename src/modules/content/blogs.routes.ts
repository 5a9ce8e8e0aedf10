import { created, IdOrPermalinkParams, IdParams, noContent, ok } from '../../http/common-schemas.js';
import type { App } from '../../http/types.js';
import { pageRequest } from '../../lib/pagination.js';
import { LocaleQuery } from '../translations/translations.schemas.js';
import * as service from './blogs.service.js';
import { BlogCreate, BlogEnvelope, BlogList, BlogListQuery, BlogUpdate } from './content.schemas.js';

const tags = ['Content'];
const storefront = { access: 'storefront' as const, cache: true, translated: true };

// Reads are the storefront's; writes are admin-only (undeclared access under /v1).
export async function blogsRoutes(app: App): Promise<void> {
  app.get('/v1/blogs', {
    config: { ...storefront, action: 'blog.read' },
    schema: { tags, summary: 'List blogs', querystring: BlogListQuery, response: ok(BlogList) },
  }, async (request) => service.listBlogs(request.ctx, request.query, pageRequest(request.query), request.url));

  app.get('/v1/blogs/:id', {
    config: { ...storefront, action: 'blog.read' },
    schema: { tags, summary: 'Get a blog', params: IdOrPermalinkParams, querystring: LocaleQuery, response: ok(BlogEnvelope) },
  }, async (request) => ({ data: await service.getBlog(request.ctx, request.params.id) }));

  app.post('/v1/blogs', {
    config: { action: 'blog.create' },
    schema: { tags, summary: 'Create a blog', body: BlogCreate, response: created(BlogEnvelope) },
  }, async (request, reply) => reply.code(201).send({ data: await service.createBlog(request.ctx, request.body) }));

  app.post('/v1/blogs/:id', {
    config: { action: 'blog.update' },
    schema: { tags, summary: 'Update a blog (fields left out keep their value)', params: IdParams, body: BlogUpdate, response: ok(BlogEnvelope) },
  }, async (request) => ({ data: await service.updateBlog(request.ctx, request.params.id, request.body) }));

  app.delete('/v1/blogs/:id', {
    config: { action: 'blog.delete' },
    schema: { tags, summary: 'Delete a blog without posts', params: IdParams, response: noContent },
  }, async (request, reply) => {
    await service.deleteBlog(request.ctx, request.params.id);
    return reply.code(204).send(null);
  });
}
