import { created, IdOrPermalinkParams, IdParams, noContent, ok } from '../../http/common-schemas.js';
import type { App } from '../../http/types.js';
import { pageRequest } from '../../lib/pagination.js';
import { LocaleQuery } from '../translations/translations.schemas.js';
import { PageCreate, PageEnvelope, PageList, PageListQuery, PageUpdate } from './content.schemas.js';
import * as service from './pages.service.js';

const tags = ['Content'];
const storefront = { access: 'storefront' as const, cache: true, translated: true };

// Reads are the storefront's (live pages only); writes are admin-only (undeclared access under /v1).
export async function pagesRoutes(app: App): Promise<void> {
  app.get('/v1/pages', {
    config: { ...storefront, action: 'page.read' },
    schema: { tags, summary: 'List pages, newest first', querystring: PageListQuery, response: ok(PageList) },
  }, async (request) => service.listPages(request.ctx, request.query, pageRequest(request.query), request.url));

  app.get('/v1/pages/:id', {
    config: { ...storefront, action: 'page.read' },
    schema: { tags, summary: 'Get a page', params: IdOrPermalinkParams, querystring: LocaleQuery, response: ok(PageEnvelope) },
  }, async (request) => ({ data: await service.getPage(request.ctx, request.params.id) }));

  app.post('/v1/pages', {
    config: { action: 'page.create' },
    schema: { tags, summary: 'Create a page', body: PageCreate, response: created(PageEnvelope) },
  }, async (request, reply) => reply.code(201).send({ data: await service.createPage(request.ctx, request.body) }));

  app.post('/v1/pages/:id', {
    config: { action: 'page.update' },
    schema: { tags, summary: 'Update a page (fields left out keep their value)', params: IdParams, body: PageUpdate, response: ok(PageEnvelope) },
  }, async (request) => ({ data: await service.updatePage(request.ctx, request.params.id, request.body) }));

  app.delete('/v1/pages/:id', {
    config: { action: 'page.delete' },
    schema: { tags, summary: 'Delete a page', params: IdParams, response: noContent },
  }, async (request, reply) => {
    await service.deletePage(request.ctx, request.params.id);
    return reply.code(204).send(null);
  });
}
